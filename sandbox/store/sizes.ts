import { PRESETS, type DataSize, type Preset } from '../options.js';

/** How many records one client account gets. */
export type AccountSize = Omit<DataSize, 'accounts' | 'announcements' | 'products'>;

export interface ResolvedSizes {
  accounts: number;
  announcements: number;
  products: number;
  /** Sizes of account n (1-based). */
  forAccount(n: number): AccountSize;
}

/**
 * The preset's sizes with the overrides applied. In the large and huge presets only account 1 (the demo account) gets
 * the large sizes; the other accounts get demo-preset sizes, so a second account exists for multi-account
 * tests without doubling the seeding time.
 */
export function resolveSizes(preset: Preset, overrides: Partial<DataSize>): ResolvedSizes {
  const merged: DataSize = { ...PRESETS[preset], ...definedOnly(overrides) };
  for (const [key, value] of Object.entries(merged)) {
    if (!Number.isInteger(value) || value < 0) throw new Error(`Invalid size ${key}=${value}: expected an integer ≥ 0`);
  }
  if (merged.accounts < 1) throw new Error('Invalid size accounts=0: the demo account always exists');
  const primary = perAccount(merged);
  const secondary = preset === 'demo' ? primary : perAccount(PRESETS.demo);
  const needsProducts = primary.services > 0 || (merged.accounts > 1 && secondary.services > 0);
  if (merged.products === 0 && needsProducts) throw new Error('Invalid size products=0: services need catalogue products');
  return {
    accounts: merged.accounts,
    announcements: merged.announcements,
    products: merged.products,
    forAccount: (n) => (n === 1 ? primary : secondary),
  };
}

function perAccount(size: DataSize): AccountSize {
  const { services, domains, orders, transactions, contacts, tickets } = size;
  return { services, domains, orders, transactions, contacts, tickets };
}

/** Drops keys explicitly set to undefined, so they do not erase the preset's value. */
function definedOnly(overrides: Partial<DataSize>): Partial<DataSize> {
  return Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)) as Partial<DataSize>;
}
