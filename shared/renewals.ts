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
  /** The price of the renewal for its years and per year, from the cached whois answers; null: not known offline. */
  price: Money | null;
  pricePerYear: Money | null;
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
  years: number;
  renew: RenewalLine[];
  leftOut: RenewalLeftOut[];
  /** The sum of the prices; null when any is not known offline. */
  total: Money | null;
}
