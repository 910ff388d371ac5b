/**
 * Amounts and rates as a person types them, read in their language's format: Italian `1.250,50` or `1250,50`,
 * English `1,250.50` or `1250.50`. A group separator must stand before exactly three digits, so the other
 * language's decimal mark (`1250,50` in English, `12.5` in Italian) is refused, never read as something else.
 * Pure; the separators come from Intl for the person's language. Every form that takes an amount reads it here.
 */
import { formatCents, toCents } from './money.js';

export interface Separators {
  decimal: string;
  group: string;
}

/** Why a text cannot be read: not a number, a separator where the language puts none, too many decimals, below zero, too large. */
export type TypedNumberProblem = 'notNumber' | 'grouping' | 'places' | 'negative' | 'tooLarge';

export type TypedNumber = { ok: true; value: string } | { ok: false; problem: TypedNumberProblem };

/** The language's decimal and group separators, as Intl writes 12,345.6 in it. */
export function separatorsOf(locale: string): Separators {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  return {
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
  };
}

/**
 * A typed decimal as a plain one ("1250.5"), or why not. Spaces also group thousands; `places` is the most
 * decimals taken; `negative` whether a leading minus is.
 */
export function readDecimal(text: string, separators: Separators, options: { places: number; negative: boolean }): TypedNumber {
  let rest = text.trim();
  if (!/^[-\u2212]?[\d\s\u00a0\u202f.,']+$/u.test(rest)) return { ok: false, problem: 'notNumber' };
  const negative = /^[-\u2212]/u.test(rest);
  if (negative) rest = rest.slice(1).trimStart();
  const [whole = '', fraction = '', ...more] = rest.split(separators.decimal);
  const groups = whole.split(groupSplitter(separators));
  const grouped = groups.length === 1 || (/^\d{1,3}$/.test(groups[0]!) && groups.slice(1).every((group) => /^\d{3}$/.test(group)));
  if (more.length > 0 || !/^\d*$/.test(fraction) || !groups.every((group) => /^\d*$/.test(group)) || !grouped) return { ok: false, problem: 'grouping' };
  if (whole === '' && fraction === '') return { ok: false, problem: 'notNumber' };
  if (fraction.length > options.places) return { ok: false, problem: 'places' };
  const digits = `${groups.join('').replace(/^0+(?=\d)/, '') || '0'}${fraction ? `.${fraction}` : ''}`;
  const below = negative && /[1-9]/.test(digits);
  if (below && !options.negative) return { ok: false, problem: 'negative' };
  return { ok: true, value: below ? `-${digits}` : digits };
}

/** An amount of money as typed, as the wire's two-decimal string ("1250.50"), or why not. */
export function readAmount(text: string, separators: Separators): TypedNumber {
  const read = readDecimal(text, separators, { places: 2, negative: true });
  if (!read.ok) return read;
  // Thirteen whole digits at most: the cents stay a safe integer.
  return /\d{14}/.test(read.value.split('.')[0]!) ? { ok: false, problem: 'tooLarge' } : { ok: true, value: formatCents(toCents(read.value)) };
}

/** A percentage as typed ("5,5" in Italian), as a number from 0 up, or why not. */
export function readRate(text: string, separators: Separators): { ok: true; value: number } | { ok: false; problem: TypedNumberProblem } {
  const read = readDecimal(text, separators, { places: 4, negative: false });
  return read.ok ? { ok: true, value: Number(read.value) } : read;
}

/** A plain decimal ("1250.5") as the person writes it, without grouping ("1250,5" in Italian), to be typed over. */
export function writeDecimal(plain: string, separators: Separators): string {
  return plain.replace('.', separators.decimal);
}

function groupSplitter(separators: Separators): RegExp {
  return new RegExp(`[\\s\\u00a0\\u202f${separators.group.replace(/[\\^\]-]/g, '\\$&')}]`, 'u');
}
