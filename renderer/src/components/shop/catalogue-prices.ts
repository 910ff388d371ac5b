/**
 * Prices as the mirrored catalogue gives them, for the order forms: a product's cycles (those it prices), an
 * add-on's price, a configurable option's choice over a cycle, a domain's term from the whois prices. In cents,
 * in the first currency the catalogue prices (the account's: the provider prices the catalogue in it).
 */
import type { CataloguePricing, ConfigOption, DomainPrices, RegistrationTerm } from '../../../../shared/models';
import { priceRows, type PriceRow } from '../detail/pricing';

/** The months a billing cycle covers (a configurable option's price is monthly). */
export const CYCLE_MONTHS: Record<PriceRow['cycle'], number> = { monthly: 1, quarterly: 3, semiannually: 6, annually: 12, biennially: 24, triennially: 36 };

/** The cycles a product is offered for, in its first currency, with their price and setup fee. */
export function productCycles(pricing: CataloguePricing | null | undefined): PriceRow[] {
  const rows = priceRows(pricing);
  const currency = rows[0]?.currency;
  return rows.filter((r) => r.currency === currency);
}

/** An add-on's price: its own cycle's price in its first currency, else the first price it gives; 0 when none. */
export function addonCents(pricing: CataloguePricing, billingCycle: string): number {
  const rows = productCycles(pricing);
  const cycle = billingCycle.toLowerCase().replace(/[^a-z]/g, '');
  const row = rows.find((r) => r.cycle === cycle) ?? rows[0];
  return row ? row.cents + row.setupCents : 0;
}

/**
 * A configurable option's choice over a cycle: the choice's (monthly) price times the cycle's months, a quantity
 * times its count, a yes/no only when yes. Null when the catalogue gives the choice no price.
 */
export function optionCents(option: ConfigOption, value: number, cycle: string): number | null {
  const months = CYCLE_MONTHS[cycle as PriceRow['cycle']] ?? 1;
  const choice = option.type === 'quantity' || option.type === 'yesno' ? option.choices[0] : option.choices.find((c) => c.id === value);
  if (!choice || choice.price === null) return null;
  const each = Math.round(Number(choice.price) * 100) * months;
  if (option.type === 'quantity') return each * value;
  if (option.type === 'yesno') return value ? each : 0;
  return each;
}

const TERMS: readonly RegistrationTerm[] = ['annually', 'biennially', 'triennially', 'quadriennially', 'quinquennially'];

/** The years offered for registering or transferring (those priced), or 1–10 when the prices are not known. */
export function domainYears(prices: DomainPrices | null, mode: 'register' | 'transfer'): number[] {
  const priced = prices ? TERMS.flatMap((term, i) => (prices[mode][term] === undefined ? [] : [i + 1])) : [];
  return priced.length ? priced : Array.from({ length: 10 }, (_, i) => i + 1);
}

/** A registration or transfer for some years, in cents; null when not known (offline and never checked). */
export function domainCents(prices: DomainPrices | null, mode: 'register' | 'transfer', years: number): number | null {
  const term = TERMS[years - 1];
  const price = term && prices ? prices[mode][term] : undefined;
  return price === undefined ? null : Math.round(Number(price) * 100);
}
