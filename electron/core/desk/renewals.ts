/**
 * domains.renewalPlan and domains.renew: renewing domains, reviewed first. The plan reads the domains from the
 * mirror (by name in one statement, or by id), prices each from the cached whois answers (the domain's own, else
 * the newest check of a name with the same ending: a TLD's renewal price is the same for its names), fetching
 * first, online, the endings it holds no fresh answer for (renewal-prices.ts), and lists
 * apart the domains it leaves out and why. The domains may be given as a Domains list shows them (`shown`); each may
 * have its own years (`yearsOf`). A review reads the plan a page at a time (its summary with the first page); Renew
 * queues the plan as one add-order with domainrenewals, refusing it when it is no longer the one reviewed.
 */
import type { Domain, Money, WhoisResult } from '../../../shared/models.js';
import { normalizeMoney, sumMoney, toCents, formatCents } from '../../../shared/money.js';
import type { OutboxEntry } from '../../../shared/outbox/entry.js';
import { planPage, RENEWABLE_DOMAIN_STATUSES, renewalToken, TERM_OF_YEARS, type RenewalLeftOut, type RenewalLine, type RenewalPlan } from '../../../shared/renewals.js';
import type { AccountSession } from '../account-session.js';
import { DeskError } from '../desk-error.js';
import { collectPages } from '../export/csv.js';
import type { CachedAnswer } from '../mirror/answer-cache.js';
import { fetchRenewalPrices } from './renewal-prices.js';
import { withRecord } from './entry-records.js';
import { overlaidList } from './overlaid-list.js';
import type { Handlers, ParsedInput } from './handlers.js';
import type { DeskState } from './state.js';

type PlanInput = Omit<ParsedInput<'domains.renewalPlan'>, 'offset' | 'limit'>;

export function renewalsHandlers(state: DeskState): Pick<Handlers, 'domains.renewalPlan' | 'domains.renew'> {
  return {
    'domains.renewalPlan': async ({ offset = 0, limit, ...input }) => planPage(await pagedPlan(state, input, offset), offset, limit),
    'domains.renew': async ({ paymentmethod, reviewed, offset: _offset, limit: _limit, ...input }) => {
      const session = state.current;
      const plan = renewalPlan(session, input);
      if (plan.renew.length === 0) {
        throw new DeskError('refused', `Nothing to renew: ${plan.leftOut.map((d) => `${d.name} ${d.reason}`).join('; ')}.`);
      }
      // What is queued is what was reviewed: a sync or another edit since may have changed the domains or prices.
      if (reviewed !== undefined && reviewed !== plan.token) {
        const message = 'the domains to renew have changed since they were reviewed: review them again';
        throw new DeskError('refused', `Not queued: ${message}.`, [{ field: 'reviewed', message }]);
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
      if (state.background) session.replayAfterReply();
      return { plan, entry: withRecord(session, entry) };
    },
  };
}

/** The last whole plan each session worked out, by its input: the later pages of a review are read from it. */
const lastPlans = new WeakMap<AccountSession, { key: string; plan: RenewalPlan }>();

/**
 * The whole plan for a page: worked out afresh for the first page (the review's summary is always current), its
 * missing or old prices fetched first; the one the first page was read from for the later ones. A page read from a
 * plan changed since is no harm: its token is the one domains.renew checks.
 */
async function pagedPlan(state: DeskState, input: PlanInput, offset: number): Promise<RenewalPlan> {
  const session = state.current;
  const key = JSON.stringify(input);
  const last = lastPlans.get(session);
  if (offset > 0 && last?.key === key) return last.plan;
  const cached = renewalPlan(session, input);
  const fetched = await fetchRenewalPrices(session, cached.renew, state.settings.get().whoisCacheMinutes * 60_000, state.clock);
  const plan = fetched.asked === 0 ? cached : { ...renewalPlan(session, input), unreachable: fetched.unreachable };
  lastPlans.set(session, { key, plan });
  return plan;
}

function renewalPlan(session: AccountSession, { names, ids, shown, years, yearsOf }: PlanInput): RenewalPlan {
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

  const ownYears = new Map(Object.entries(yearsOf ?? {}).map(([name, n]) => [name.trim().toLowerCase(), n]));
  const queued = queuedRenewals(outbox.pending());
  const endings: AnswersByEnding = new Map();
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
    const lineYears = ownYears.get(key) ?? years;
    const found = renewalPrice(mirror, key, lineYears, endings);
    const price = found?.price ?? null;
    renew.push({
      id: domain.id, name: domain.domainName, status: domain.status, expiryDate: domain.expiryDate, years: lineYears, price,
      pricePerYear: price === null ? null : formatCents(Math.round(toCents(price) / lineYears)),
      priceAsOf: found?.fetchedAt ?? null,
    });
  }
  const known = renew.flatMap((d) => (d.price === null ? [] : [d.price]));
  const knownTotal = known.length > 0 ? sumMoney(known) : null;
  const unknownPrices = renew.length - known.length;
  return {
    years, count: renew.length, offset: 0, renew, leftOut,
    total: unknownPrices === 0 ? knownTotal : null, knownTotal, unknownPrices, unreachable: false, token: renewalToken(renew),
  };
}

/** Domain name → the pending add-order entry that renews it. */
function queuedRenewals(pending: readonly OutboxEntry[]): Map<string, number> {
  return new Map(
    pending.flatMap((entry) =>
      entry.kind === 'add-order' ? Object.keys(entry.params.domainrenewals ?? {}).map((name) => [name.toLowerCase(), entry.id] as const) : [],
    ),
  );
}

/** A price and when the provider gave it. */
type KnownPrice = { price: Money; fetchedAt: string };

/** Each ending's cached whois answers by name, newest first, and its TLD price per term once worked out. */
type AnswersByEnding = Map<string, { answers: Map<string, CachedAnswer<WhoisResult>>; tld: Map<string, KnownPrice | null> }>;

/**
 * The renewal price for so many years from the cached whois answers, with its date: the domain's own, else the
 * newest of a name with the same ending; null when none gives it (or past five years). `endings` reads each
 * ending's answers once: thousands of names share a handful of endings, and one statement per ending beats one per
 * name.
 */
function renewalPrice(mirror: AccountSession['mirror'], domain: string, years: number, endings: AnswersByEnding): KnownPrice | null {
  const term = TERM_OF_YEARS[years];
  if (term === undefined) return null;
  const priceIn = ({ value, fetchedAt }: CachedAnswer<WhoisResult>) => {
    const price = value.prices?.renew[term];
    return price === undefined ? null : { price: normalizeMoney(price), fetchedAt };
  };
  const ending = domain.slice(domain.indexOf('.'));
  let known = endings.get(ending);
  if (!known) {
    known = { answers: new Map(mirror.whoisCache.endingWith(ending).map(({ domain: name, ...answer }) => [name, answer])), tld: new Map() };
    endings.set(ending, known);
  }
  const own = known.answers.get(domain);
  const ownPrice = own ? priceIn(own) : null;
  if (ownPrice) return ownPrice;
  if (!known.tld.has(term)) {
    // A premium name's price is its own, not its TLD's.
    const sibling = [...known.answers.values()].find((answer) => !answer.value.premium && priceIn(answer) !== null);
    known.tld.set(term, sibling ? priceIn(sibling) : null);
  }
  return known.tld.get(term)!;
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
