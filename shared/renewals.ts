/**
 * Domain renewals: which statuses the provider renews, the registration term that prices N years, and the plan
 * a renewal is reviewed in before it is queued as one add-order with domainrenewals.
 */
import type { Money, RegistrationTerm } from './models.js';

/** The statuses whose domains the provider renews (others: Pending, Pending Transfer, Cancelled, Fraud, Transferred Away…). */
export const RENEWABLE_DOMAIN_STATUSES: readonly string[] = ['Active', 'Expired', 'Grace', 'Redemption'];

export const MAX_RENEWAL_YEARS = 10;

/** The whois price term that prices a renewal of so many years (none past five: the provider's price lists stop there). */
export const TERM_OF_YEARS: Readonly<Record<number, RegistrationTerm>> = { 1: 'annually', 2: 'biennially', 3: 'triennially', 4: 'quadriennially', 5: 'quinquennially' };

export interface RenewalLine {
  id: number;
  name: string;
  status: string;
  /** YYYY-mm-dd; null when the provider gives none. */
  expiryDate: string | null;
  years: number;
  /** The price of the renewal for its years and per year, from the whois answers; null: not known. */
  price: Money | null;
  pricePerYear: Money | null;
  /** When the provider gave that price (ISO 8601); null without a price. */
  priceAsOf: string | null;
}

export interface RenewalLeftOut {
  /** The domain as asked (a name or an id), and its mirror id when it has one. */
  name: string;
  id: number | null;
  status: string | null;
  /** Why it is not renewed, in words. */
  reason: string;
}

export interface RenewalPlan {
  /** The default period (a line's own, when the input gives one, is on the line). */
  years: number;
  /** How many domains the plan renews in all; `renew` holds those from `offset` on (every one unless a page was asked). */
  count: number;
  offset: number;
  renew: RenewalLine[];
  leftOut: RenewalLeftOut[];
  /** The sum of the prices; null when any is not known. */
  total: Money | null;
  /**
   * Whether the provider could not be reached for a price the plan lacked or held only from an older answer: the
   * prices are then the last known (each with its date), and those never known are not known offline.
   */
  unreachable: boolean;
  /** The sum of the prices known offline (null when none is), and how many lines have none. */
  knownTotal: Money | null;
  unknownPrices: number;
  /** A fingerprint of every line's name and years: domains.renew given it refuses a plan that has since changed. */
  token: string;
}

/** The renewals a plan would queue, name → years: its `domainrenewals`. */
export type RenewalPeriods = ReadonlyArray<Pick<RenewalLine, 'name' | 'years'>>;

/** FNV-1a (32 bits) of a text, as 8 hex digits: a short fingerprint, not a secret. */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

/** The plan's token: its lines' names and years, in order, with their count. */
export function renewalToken(lines: RenewalPeriods): string {
  return `${lines.length}-${fingerprint(lines.map((line) => `${line.name.toLowerCase()}=${line.years}`).join(','))}`;
}

/** A page of a whole plan (every line in `renew`): lines [offset, offset + limit), the rest of the plan as it is. */
export function planPage(plan: RenewalPlan, offset: number, limit: number | undefined): RenewalPlan {
  if (offset === 0 && (limit === undefined || limit >= plan.renew.length)) return plan;
  return { ...plan, offset, renew: plan.renew.slice(offset, limit === undefined ? undefined : offset + limit) };
}
