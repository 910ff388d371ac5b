/** Money is computed in integer cents and stored as the wire shows it: two-decimal strings. */

export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** `cents` scaled by `factor`, rounded to whole cents. */
export function scaleCents(cents: number, factor: number): number {
  return Math.round(cents * factor);
}

/** The '.99' price nearest to `cents` (12.40 → 11.99, 12.60 → 12.99), never below 0.99. */
export function charmPrice(cents: number): number {
  return Math.max(99, Math.round(cents / 100) * 100 - 1);
}

/** Cents of a stored two-decimal amount string. */
export function parseCents(amount: string): number {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(amount);
  if (!match) throw new Error(`Not a two-decimal amount: '${amount}'`);
  const [, sign, units, hundredths] = match;
  const cents = Number(units) * 100 + Number(hundredths);
  return sign === '-' ? -cents : cents;
}
