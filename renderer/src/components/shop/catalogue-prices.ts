/**
 * Prices as the mirrored catalogue gives them, for the order forms, as the provider bills them: a product's cycles
 * (those it prices), an add-on and a configurable option's choice over the product's cycle, a domain's term from
 * the whois prices. In cents, in the first currency the catalogue prices (the account's: the provider prices the
 * catalogue in it).
 */
import { toCents } from '../../../../shared/money';
import type { CataloguePricing, ConfigOption, ConfigOptionChoice, DomainPrices, ProductAddon, RegistrationTerm } from '../../../../shared/models';
import { priceRows, type PriceRow } from '../detail/pricing';

/** The months a billing cycle covers (a flat option price is monthly). */
export const CYCLE_MONTHS: Record<PriceRow['cycle'], number> = { monthly: 1, quarterly: 3, semiannually: 6, annually: 12, biennially: 24, triennially: 36 };

/** The cycles a product is offered for, in its first currency, with their price and setup fee. */
export function productCycles(pricing: CataloguePricing | null | undefined): PriceRow[] {
  const rows = priceRows(pricing);
  const currency = rows[0]?.currency;
  return rows.filter((r) => r.currency === currency);
}

/**
 * An add-on ordered with a product on `cycle`: billed for that cycle when the add-on prices it, else for its own
 * (the provider's rule), with its setup fee; the cycle it is billed for. 0 when it gives no price.
 */
export function addonPrice(addon: Pick<ProductAddon, 'pricing' | 'billingCycle'>, cycle: string): { cycle: string; cents: number } {
  const rows = productCycles(addon.pricing);
  const own = addon.billingCycle.toLowerCase().replace(/[^a-z]/g, '');
  const row = rows.find((r) => r.cycle === cycle) ?? rows.find((r) => r.cycle === own) ?? rows[0];
  return row ? { cycle: row.cycle, cents: row.cents + row.setupCents } : { cycle: own, cents: 0 };
}

/**
 * One of a choice over a cycle, with its setup fee: its own price for the cycle (upstream prices each cycle), 0 for
 * a cycle it does not price; from a provider with one flat monthly price, that times the cycle's months. Null when
 * the catalogue gives it no price.
 */
function choiceCents(choice: ConfigOptionChoice, cycle: string): number | null {
  // A mirror synced before choices carried their pricing has none.
  const pricing = choice.pricing ?? {};
  if (Object.keys(pricing).length > 0) {
    const row = productCycles(pricing).find((r) => r.cycle === cycle);
    return row ? row.cents + row.setupCents : 0;
  }
  return choice.price === null ? null : toCents(choice.price) * (CYCLE_MONTHS[cycle as PriceRow['cycle']] ?? 1);
}

/** A configurable option's choice over the product's cycle: a quantity times its count, a yes/no only when yes. */
export function optionCents(option: ConfigOption, value: number, cycle: string): number | null {
  const choice = option.type === 'quantity' || option.type === 'yesno' ? option.choices[0] : option.choices.find((c) => c.id === value);
  const each = choice ? choiceCents(choice, cycle) : null;
  if (each === null) return null;
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
