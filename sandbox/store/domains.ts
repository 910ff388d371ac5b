/** Registered domains of a client account, and the domain-name generator shared with services. */
import { addYears, lastCycleDateBefore, nextCycleDate } from './calendar.js';
import type { TldPrice } from './catalogue.js';
import { drawUnique, type AccountContext, type DomainRecord, type Gateway, type OrderRecord } from './model.js';
import type { Rng } from './rng.js';
import { eppCode } from './values.js';
import {
  DOMAIN_WORDS, IDN_LABELS, NAMESERVER_SETS, REGISTRAR_ERRORS, REGISTRARS,
} from './vocabulary.js';

/** Relative popularity of TLDs among generated names; unlisted TLDs weigh 2. */
const TLD_WEIGHTS: Readonly<Record<string, number>> = {
  '.com': 35, '.net': 8, '.org': 6, '.de': 8, '.co.uk': 5, '.io': 4, '.eu': 4,
};

/** Days after expiry during which a domain can still be renewed at the normal price. */
const GRACE_DAYS = 30;

export class DomainNamer {
  private readonly tldWeights: readonly (readonly [string, number])[];

  constructor(tlds: readonly TldPrice[], private readonly taken: Set<string>) {
    this.tldWeights = tlds.map((t) => [t.tld, TLD_WEIGHTS[t.tld] ?? 2] as const);
  }

  /** A domain name not used anywhere in the database yet. */
  next(rng: Rng, internationalized = false): string {
    if (internationalized) {
      const [label, tld] = rng.pick(IDN_LABELS);
      return drawUnique(this.taken, (attempt) => `${label}${attempt === 0 ? '' : `-${attempt + 1}`}${tld}`);
    }
    const tld = rng.weighted(this.tldWeights);
    return drawUnique(this.taken, (attempt) =>
      // After a few collisions, a number keeps the name readable and makes it unique eventually.
      `${this.label(rng)}${attempt < 5 ? '' : rng.int(2, 99 + attempt)}${tld}`);
  }

  private label(rng: Rng): string {
    const first = rng.pick(DOMAIN_WORDS), second = rng.pick(DOMAIN_WORDS);
    switch (rng.int(0, 5)) {
      case 0: return `${first}-${second}`;
      case 1: return `${first}${second}${rng.pick(DOMAIN_WORDS)}`;
      case 2: return `the${first}${second}`;
      default: return `${first}${second}`;
    }
  }
}

/** Where a domain comes from: an order (which fixes its date and outcome), or added by staff (order null). */
export interface DomainPlacement {
  readonly order: OrderRecord | null;
  readonly regDay: number;
  readonly gateway: Gateway;
  /** Status decided by the caller; otherwise derived from the order or drawn. */
  readonly status?: string;
  readonly regtype?: 'Register' | 'Transfer';
  /** Longest registration period that still lets the expiry land where the caller wants it. */
  readonly maxRegperiod?: number;
}

export interface DomainFactory {
  readonly ctx: AccountContext;
  readonly rng: Rng;
  readonly tlds: ReadonlyMap<string, TldPrice>;
  readonly namer: DomainNamer;
  /** Domains created so far in this account; drives the deterministic special cases. */
  created: number;
}

export function createDomain(factory: DomainFactory, placement: DomainPlacement): DomainRecord {
  const { rng, ctx } = factory;
  const index = factory.created++;
  // Every 25th domain has an internationalized name, so even the demo data has one.
  const name = factory.namer.next(rng, index % 25 === 7);
  const tld = tldPrice(factory.tlds, name);
  const regtype = placement.regtype ?? (rng.chance(0.2) ? 'Transfer' : 'Register');
  const regperiod = Math.min(drawRegperiod(rng), tld.maxYears, placement.maxRegperiod ?? Infinity);
  const status = placement.status ?? statusFromOrder(rng, placement.order, regtype);
  const registered = !['Cancelled', 'Fraud', 'Pending'].includes(placement.order?.status ?? '');
  const { expiryDay, settledStatus } = expiry(ctx.today, placement.regDay, regperiod, status, registered);
  const prices = regtype === 'Transfer' ? tld.transfer : tld.register;
  return {
    id: 0,
    order: placement.order,
    name, regtype, regperiod,
    regDay: placement.regDay,
    status: settledStatus,
    gateway: placement.gateway,
    firstPaymentCents: prices[regperiod - 1] as number,
    recurringCents: tld.renew[regperiod - 1] as number,
    expiryDay,
    nextDueDay: expiryDay ?? placement.regDay,
    columns: {
      registrar: rng.pick(REGISTRARS),
      subscriptionid: '',
      promoid: 0,
      dnsmanagement: rng.chance(0.5) ? 1 : 0,
      emailforwarding: rng.chance(0.3) ? 1 : 0,
      idprotection: rng.chance(0.35) ? 1 : 0,
      donotrenew: settledStatus === 'Cancelled' || (settledStatus === 'Expired' && rng.chance(0.5)) ? 1 : 0,
      notes: rng.chance(0.05) ? 'Client asked to keep this domain parked.' : '',
      // Deterministic special cases so every dataset has them: NULL codes (the registrar e-mails the code),
      // codes with HTML-escaped characters, and registrar failures.
      eppcode: index % 10 === 4 ? null : eppCode(rng, index % 7 === 1 || rng.chance(0.1)),
      registrar_error: index % 33 === 5 ? rng.pick(REGISTRAR_ERRORS) : null,
      nameservers: rng.pick(NAMESERVER_SETS),
    },
  };
}

function tldPrice(tlds: ReadonlyMap<string, TldPrice>, domain: string): TldPrice {
  // Longest suffix first: 'example.co.uk' is '.co.uk', not '.uk'.
  const labels = domain.split('.');
  for (let i = 1; i < labels.length; i++) {
    const price = tlds.get(`.${labels.slice(i).join('.')}`);
    if (price) return price;
  }
  throw new Error(`No TLD price for ${domain}`);
}

function drawRegperiod(rng: Rng): number {
  return rng.weighted([[1, 70], [2, 15], [3, 6], [5, 6], [10, 3]]);
}

function statusFromOrder(rng: Rng, order: OrderRecord | null, regtype: string): string {
  switch (order?.status) {
    case 'Pending': return regtype === 'Transfer' ? 'Pending Transfer' : 'Pending';
    case 'Cancelled': return 'Cancelled';
    case 'Fraud': return 'Fraud';
    default: return rng.weighted([['Active', 84], ['Expired', 6], ['Grace', 4], ['Cancelled', 6]]);
  }
}

/**
 * The expiry date that fits the status, and the status itself when the dates overrule it: a domain that
 * has not reached its first expiry cannot be expired, and one that expired more than the grace period ago
 * is Expired rather than Grace.
 */
function expiry(
  today: number, regDay: number, regperiod: number, status: string, registered: boolean,
): { expiryDay: number | null; settledStatus: string } {
  // Never registered (or not yet): no expiry date.
  if (!registered || ['Pending', 'Pending Transfer', 'Fraud'].includes(status)) {
    return { expiryDay: null, settledStatus: status };
  }
  const firstExpiry = addYears(regDay, regperiod);
  if (status === 'Active' || firstExpiry >= today) {
    const expiryDay = nextCycleDate(regDay, 12, Math.max(today, firstExpiry));
    return { expiryDay, settledStatus: status === 'Cancelled' ? status : 'Active' };
  }
  const expiryDay = lastCycleDateBefore(regDay, 12, today);
  if (status === 'Grace' || status === 'Expired') {
    return { expiryDay, settledStatus: today - expiryDay <= GRACE_DAYS ? 'Grace' : 'Expired' };
  }
  return { expiryDay, settledStatus: status };
}
