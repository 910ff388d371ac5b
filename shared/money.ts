/**
 * Money on the wire is a decimal string ("12.50"); arithmetic happens in integer cents so that sums and
 * totals never pick up binary floating-point error. Pure functions only.
 */

/** An amount as the provider formats it for humans ("$1,234.50 USD"), parsed. */
export interface FormattedMoney {
  /** Normalized two-decimal string, e.g. "1234.50"; null when the text holds no number. */
  amount: string | null;
  /** ISO code when the text carries one ("USD"), else the symbol ("$"), else null. */
  currency: string | null;
  /** The text as received. */
  text: string;
}

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d{0,2}))?$/;

/** "12.5" → 1250, "-3" → -300. Throws RangeError on anything that is not a decimal with at most 2 places. */
export function toCents(value: string | number): number {
  if (typeof value === 'string') {
    const cents = canonicalCents(value);
    if (cents !== null) return cents;
  }
  const text = typeof value === 'number' ? numberToDecimal(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`not a money amount: '${String(value)}'`);
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new RangeError(`money amount out of range: '${String(value)}'`);
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/** 1250 → "12.50", -5 → "-0.05". */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`cents must be a safe integer, got ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "12.5" → "12.50"; 7 → "7.00". Throws RangeError like toCents. */
export function normalizeMoney(value: string | number): string {
  if (typeof value === 'string' && canonicalCents(value) !== null) return value;
  return formatCents(toCents(value));
}

const MINUS = 0x2d, DOT = 0x2e, ZERO = 0x30, NINE = 0x39;

/**
 * The cents of an amount written exactly as formatCents writes it ("12.50", "-0.05", "0.00"), or null for
 * any other text. The fast path of a sync, which reads hundreds of thousands of amounts, nearly all in that
 * form: read in place, where toCents builds a match, trims and pads.
 */
function canonicalCents(text: string): number | null {
  const negative = text.charCodeAt(0) === MINUS;
  const start = negative ? 1 : 0;
  const dot = text.length - 3;
  // At most 13 whole digits: the cents (15 digits) stay a safe integer.
  if (dot <= start || dot - start > 13 || text.charCodeAt(dot) !== DOT) return null;
  if (text.charCodeAt(start) === ZERO && dot - start > 1) return null; // a leading zero
  let cents = 0;
  for (let i = start; i < text.length; i++) {
    if (i === dot) continue;
    const c = text.charCodeAt(i);
    if (c < ZERO || c > NINE) return null;
    cents = cents * 10 + (c - ZERO);
  }
  if (negative && cents === 0) return null; // "-0.00" is written "0.00"
  return negative ? -cents : cents;
}

/** Sums decimal amounts exactly: ["0.10", "0.20"] → "0.30". */
export function sumMoney(values: Iterable<string | number>): string {
  let total = 0;
  for (const value of values) total += toCents(value);
  return formatCents(total);
}

/**
 * Parses a provider-formatted amount: "$1,234.50 USD", "€1.234,50 EUR", "£0.00", "1234.5", "-$3.00 USD".
 * A comma is the decimal separator only when it is the last separator and is followed by exactly two digits,
 * or when the number also contains dots before it ("1.234,50").
 */
export function parseFormattedMoney(text: string): FormattedMoney {
  const code = /\b([A-Z]{3})\b/.exec(text)?.[1] ?? null;
  const symbol = /\p{Sc}+/u.exec(text)?.[0] ?? null;
  const numberMatch = /\d[\d.,]*/.exec(text);
  let amount: string | null = null;
  if (numberMatch) {
    const negative = text.slice(0, numberMatch.index).includes('-');
    const plain = toPlainDecimal(numberMatch[0].replace(/[.,]$/, ''));
    if (DECIMAL.test(plain)) amount = normalizeMoney(negative ? `-${plain}` : plain);
  }
  return { amount, currency: code ?? symbol, text };
}

function toPlainDecimal(digits: string): string {
  const lastComma = digits.lastIndexOf(',');
  const lastDot = digits.lastIndexOf('.');
  const commaIsDecimal = lastComma > lastDot && (lastDot >= 0 || /^\d{2}$/.test(digits.slice(lastComma + 1)));
  if (commaIsDecimal) return digits.replace(/\./g, '').replace(',', '.');
  return digits.replace(/,/g, '');
}

function numberToDecimal(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a money amount: ${value}`);
  // Numbers from JSON such as 12.5 or 0.1; round to cents first so 0.1 + 0.2 style noise cannot leak in.
  return (Math.round(value * 100) / 100).toFixed(2);
}
