/**
 * domains.renewalPlan and domains.renew: renewing domains, reviewed first. The plan reads the domains from the
 * mirror (by name in one statement, or by id), prices each from the cached whois answers (the domain's own, else
 * the newest check of a name with the same ending: a TLD's renewal price is the same for its names), and lists
 * apart the domains it leaves out and why. The domains may be given as a Domains list shows them (`shown`). Renew queues the plan as one add-order with domainrenewals.
 */
import type { Domain, Money, WhoisResult } from '../../../shared/models.js';
import { normalizeMoney, sumMoney, toCents, formatCents } from '../../../shared/money.js';
import type { OutboxEntry } from '../../../shared/outbox/entry.js';
import { RENEWABLE_DOMAIN_STATUSES, TERM_OF_YEARS, type RenewalLeftOut, type RenewalLine, type RenewalPlan } from '../../../shared/renewals.js';
import type { AccountSession } from '../account-session.js';
import { DeskError } from '../desk-error.js';
import { collectPages } from '../export/csv.js';
import { withRecord } from './entry-records.js';
import { overlaidList } from './overlaid-list.js';
import type { Handlers, ParsedInput } from './handlers.js';
import type { DeskState } from './state.js';

type PlanInput = ParsedInput<'domains.renewalPlan'>;

export function renewalsHandlers(state: DeskState): Pick<Handlers, 'domains.renewalPlan' | 'domains.renew'> {
  return {
    'domains.renewalPlan': (input) => renewalPlan(state.current, input),
    'domains.renew': async ({ paymentmethod, ...input }) => {
      const session = state.current;
      const plan = renewalPlan(session, input);
      if (plan.renew.length === 0) {
        throw new DeskError('refused', `Nothing to renew: ${plan.leftOut.map((d) => `${d.name} ${d.reason}`).join('; ')}.`);
      }
      const method = paymentmethod ?? defaultPaymentMethod(session);
      const entry: OutboxEntry = await session.outbox.enqueue({
        kind: 'add-order',
        params: {
          domainrenewals: Object.fromEntries(plan.renew.map((d) => [d.name, d.years])),
          ...(method ? { paymentmethod: method } : {}),
          ...(plan.total === null ? {} : { shownprice: plan.total }),
        },
      });
      if (state.background) void session.replay();
      return { plan, entry: withRecord(session, entry) };
    },
  };
}

function renewalPlan(session: AccountSession, { names, ids, shown, years }: PlanInput): RenewalPlan {
  const { mirror, outbox } = session;
  const asked: { asked: string; domain: Domain | null }[] = [];
  if (names) {
    const wanted = [...new Set(names.map((n) => n.trim().toLowerCase()))];
    // A name held twice (let go, then registered again): its newest record.
    const byName = new Map(mirror.domainsByName(wanted).map((d) => [d.domainName.toLowerCase(), d]));
    for (const name of wanted) asked.push({ asked: name, domain: byName.get(name) ?? null });
  }
  const listed = shown ? shownDomains(session, shown) : [];
  const seen = new Set(listed.map((d) => d.id));
  for (const domain of listed) asked.push({ asked: `#${domain.id}`, domain });
  for (const id of new Set(ids ?? [])) if (!seen.has(id)) asked.push({ asked: `#${id}`, domain: mirror.get('domains', id) });

  const queued = queuedRenewals(outbox.pending());
  const siblingPrices = new Map<string, Money | null>();
  const renew: RenewalLine[] = [];
  const leftOut: RenewalLeftOut[] = [];
  for (const { asked: name, domain } of asked) {
    if (domain === null) {
      leftOut.push({ name, id: null, status: null, reason: 'is not among your domains (as last synced)' });
      continue;
    }
    const key = domain.domainName.toLowerCase();
    const reason = !RENEWABLE_DOMAIN_STATUSES.includes(domain.status)
      ? `is ${domain.status}: only active, expired, grace and redemption domains can be renewed`
      : queued.has(key)
        ? `has a renewal queued already (outbox entry #${queued.get(key)})`
        : null;
    if (reason !== null) {
      leftOut.push({ name: domain.domainName, id: domain.id, status: domain.status, reason });
      continue;
    }
    const price = renewalPrice(mirror, key, years, siblingPrices);
    renew.push({
      id: domain.id, name: domain.domainName, status: domain.status, expiryDate: domain.expiryDate, years, price,
      pricePerYear: price === null ? null : formatCents(Math.round(toCents(price) / years)),
    });
  }
  const prices = renew.map((d) => d.price);
  const total = prices.every((p): p is Money => p !== null) ? sumMoney(prices) : null;
  return { years, renew, leftOut, total };
}

/** Domain name → the pending add-order entry that renews it. */
function queuedRenewals(pending: readonly OutboxEntry[]): Map<string, number> {
  return new Map(
    pending.flatMap((entry) =>
      entry.kind === 'add-order' ? Object.keys(entry.params.domainrenewals ?? {}).map((name) => [name.toLowerCase(), entry.id] as const) : [],
    ),
  );
}

/**
 * The renewal price for so many years from the cached whois answers; null when none gives it (or past five years).
 * `siblings` remembers each ending's price for the plan: thousands of names share a handful of endings.
 */
function renewalPrice(mirror: AccountSession['mirror'], domain: string, years: number, siblings: Map<string, Money | null>): Money | null {
  const term = TERM_OF_YEARS[years];
  if (term === undefined) return null;
  const priceIn = (answer: WhoisResult) => answer.prices?.renew[term] ?? null;
  const own = mirror.whoisCache.get(domain)?.value;
  if (own && priceIn(own) !== null) return normalizeMoney(priceIn(own)!);
  const ending = domain.slice(domain.indexOf('.'));
  if (!siblings.has(ending)) {
    // A premium name's price is its own, not its TLD's.
    const sibling = mirror.whoisCache.endingWith(ending).find(({ value }) => !value.premium && priceIn(value) !== null);
    siblings.set(ending, sibling ? normalizeMoney(priceIn(sibling.value)!) : null);
  }
  return siblings.get(ending)!;
}

/** The domains a Domains list shows (its filters and text), as the mirror has them; queued registrations left out. */
function shownDomains(session: AccountSession, shown: NonNullable<PlanInput['shown']>): Domain[] {
  const rows = collectPages((after) => overlaidList(session, { resource: 'domains', ...shown, after, limit: 1000 }));
  return rows.flatMap((row) => (typeof row.id === 'number' && 'domainName' in row ? [{ ...row, id: row.id }] : []));
}

/** The client's default gateway, else the method its records use most. */
function defaultPaymentMethod({ mirror }: AccountSession): string | null {
  const client = mirror.list('client', { limit: 1 }).rows[0];
  return client?.client.defaultGateway || mirror.paymentMethods()[0]?.code || null;
}
