/** A catalogue price list (per currency: a price and a setup fee per billing cycle, -1 when not offered) as rows. */
import type { CataloguePricing } from '../../../../shared/models';

/** The provider's cycles in order, each with its setup fee's key. */
const CYCLES = [
  ['monthly', 'msetupfee'],
  ['quarterly', 'qsetupfee'],
  ['semiannually', 'ssetupfee'],
  ['annually', 'asetupfee'],
  ['biennially', 'bsetupfee'],
  ['triennially', 'tsetupfee'],
] as const;

export interface PriceRow {
  currency: string;
  cycle: (typeof CYCLES)[number][0];
  cents: number;
  setupCents: number;
}

const cents = (value: string | undefined) => (value === undefined ? Number.NaN : Math.round(Number(value) * 100));

/** The cycles offered (a price of zero or more), in order, per currency. */
export function priceRows(pricing: CataloguePricing | null | undefined): PriceRow[] {
  return Object.entries(pricing ?? {}).flatMap(([currency, prices]) =>
    CYCLES.flatMap(([cycle, setupKey]) => {
      const price = cents(prices[cycle]);
      return Number.isFinite(price) && price >= 0 ? [{ currency, cycle, cents: price, setupCents: Math.max(0, cents(prices[setupKey]) || 0) }] : [];
    }),
  );
}
