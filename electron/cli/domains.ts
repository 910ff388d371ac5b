/** Domains from the command line: `domains renew NAME… --years N`, `whois NAME`, `whois-info NAME`, `epp NAME`. */
import type { Cached } from '../../shared/contract.js';
import { PENDING_STATES } from '../../shared/outbox/states.js';
import { MAX_RENEWAL_YEARS } from '../../shared/renewals.js';
import { UsageError } from './args.js';
import { useAccount, type CommandContext } from './context.js';
import { print, say, table } from './output.js';

export async function domainsRenew(context: CommandContext): Promise<number> {
  const { desk, words, options } = context;
  const years = Number(options.years);
  if (options.years === undefined) throw new UsageError('domains renew: --years is required (1 to 10)', 'domains renew');
  if (!(Number.isInteger(years) && years >= 1 && years <= MAX_RENEWAL_YEARS)) {
    throw new UsageError(`--years must be a whole number from 1 to ${MAX_RENEWAL_YEARS} (got "${options.years}")`, 'domains renew');
  }
  await useAccount(context);
  const plan = await desk.call('domains.renewalPlan', { names: words, years });
  for (const d of plan.leftOut) say(`${d.name} left out: ${d.reason}`);
  const total = plan.total ?? (plan.renew.length > 0 ? 'not known offline' : '');
  const review = () =>
    table(['DOMAIN', 'EXPIRES', 'YEARS', 'PRICE'], plan.renew.map((d) => [d.name, d.expiryDate ?? '', d.years, d.price ?? 'not known offline']));
  if (options['dry-run']) {
    print(options.json, plan, () => `${review()}\nwould queue one order renewing ${plan.renew.length} domains; total ${total}`);
    return 0;
  }
  const { entry } = await desk.call('domains.renew', { names: words, years });
  print(options.json, { plan, entry }, () => `${review()}\nqueued #${entry.id} add-order renewing ${plan.renew.length} domains (total ${total}); \`npx reseller-desk sync\` sends it`);
  return 0;
}

export async function whois(context: CommandContext): Promise<number> {
  const { desk, words, options } = context;
  await useAccount(context);
  const answer = await desk.call('domains.whois', { domain: words[0]! });
  const { value } = answer;
  print(options.json, answer, () => {
    const state = value.available === null ? 'availability not known' : value.available ? 'available' : 'registered';
    const prices = value.prices
      ? table(
          ['ACTION', ...TERMS.map(([, label]) => label)],
          (['register', 'transfer', 'renew'] as const).map((action) => [action, ...TERMS.map(([term]) => value.prices![action][term] ?? '')]),
        )
      : value.flatPrice
        ? `price: ${value.flatPrice}`
        : 'no prices given';
    return [`${value.domain}: ${state}${value.premium ? ' (premium)' : ''}${staleNote(answer)}`, prices].join('\n');
  });
  return 0;
}

export async function whoisInfo(context: CommandContext): Promise<number> {
  const { desk, words, options } = context;
  await useAccount(context);
  const answer = await desk.call('domains.whoisInfo', { domain: words[0]! });
  if (answer.stale) say(staleNote(answer).trim());
  print(options.json, answer, () => answer.value.raw.trimEnd());
  return 0;
}

/**
 * The code the registrar returned, as the mirror keeps it once the request's edit is confirmed. Until then
 * nothing is printed: the first run queues the request (the next sync sends it), later runs say it waits.
 */
export async function epp(context: CommandContext): Promise<number> {
  const { desk, words, options } = context;
  const domain = words[0]!.trim().toLowerCase();
  await useAccount(context);
  const answer = await desk.call('domains.epp', { domain });
  if (answer?.value.delivery === 'returned') {
    print(options.json, answer, () => answer.value.eppCode!);
    return 0;
  }
  if (answer?.value.delivery === 'emailed') {
    say(`the registrar e-mails the EPP code of ${domain} to the account holder: it does not come back here`);
    return 0;
  }
  const requests = (await desk.call('outbox.list', { kind: 'domain-request-epp' })).filter((e) => e.recordKey === `domain:${domain}`);
  const waiting = requests.find((e) => PENDING_STATES.includes(e.state));
  const { vault } = await desk.call('session.info');
  if (!waiting && vault.kind === 'memory' && requests.some((e) => e.state === 'done')) {
    // Sealed with a key that lived only in the command that received it.
    say(`the EPP code of ${domain} came back, but without an OS keychain it is kept for one command only: see it in the app, or run with a keychain`);
    return 0;
  }
  if (waiting) {
    say(`the EPP code request for ${domain} is queued (#${waiting.id}, ${waiting.state}): \`npx reseller-desk sync\` sends it`);
    return 0;
  }
  const entry = await desk.call('outbox.enqueue', { kind: 'domain-request-epp', params: { domainname: domain } });
  say(`no EPP code for ${domain} yet: requested (#${entry.id}); \`npx reseller-desk sync\` sends it, then run epp again`);
  return 0;
}

const TERMS = [['annually', '1 YEAR'], ['biennially', '2 YEARS'], ['triennially', '3 YEARS'], ['quadriennially', '4 YEARS'], ['quinquennially', '5 YEARS']] as const;

function staleNote(answer: Cached<unknown>): string {
  return answer.stale ? ` (the provider cannot be reached: the answer of ${answer.fetchedAt})` : '';
}
