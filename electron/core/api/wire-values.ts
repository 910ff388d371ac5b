/**
 * zod schemas for the provider's scalars: numbers sent as strings, 0/1 flags, zero dates, two-decimal money.
 * Absent fields default (empty text, null, false) because real replies omit fields freely; a present value of
 * the wrong kind is an issue, which the decoder turns into a protocol error naming the field.
 */
import { z } from 'zod';
import { normalizeDate, normalizeDateTime } from '../../../shared/dates.js';
import { normalizeMoney, parseFormattedMoney, type FormattedMoney } from '../../../shared/money.js';

const INTEGER = /^\s*-?\d+\s*$/;
const scalar = z.union([z.string(), z.number(), z.boolean()]).nullish();

function describe(value: unknown): string {
  return typeof value === 'string' ? `'${value.slice(0, 40)}'` : JSON.stringify(value) ?? String(value);
}

/** A required integer id or counter: 12 or "12". */
export const int = scalar.transform((value, ctx) => {
  const n = toInteger(value);
  if (n === undefined || n === null) {
    ctx.addIssue({ code: 'custom', message: `expected an integer, got ${describe(value)}` });
    return z.NEVER;
  }
  return n;
});

/** An optional integer: absent, null or '' give null. */
export const optInt = scalar.transform((value, ctx) => {
  const n = toInteger(value);
  if (n === undefined) {
    ctx.addIssue({ code: 'custom', message: `expected an integer, got ${describe(value)}` });
    return z.NEVER;
  }
  return n;
});

/** A counter that defaults to 0 when absent. */
export const count = optInt.transform((n) => n ?? 0);

function toInteger(value: unknown): number | null | undefined {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string' && INTEGER.test(value)) {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : undefined;
  }
  return undefined;
}

/** Free text; numbers become their decimal text, absent becomes ''. */
export const text = scalar.transform((value) => (value === undefined || value === null ? '' : String(value)));

/** Text that may be missing: absent, null or '' give null. */
export const optText = scalar.transform((value) =>
  value === undefined || value === null || value === '' ? null : String(value),
);

const TRUE = new Set(['1', 'true', 'on', 'yes']);
const FALSE = new Set(['0', 'false', 'off', 'no', '']);

/** 0/1, "0"/"1", true/false (and "on"/"yes"); absent is false. */
export const flag = scalar.transform((value, ctx) => {
  if (value === undefined || value === null) return false;
  if (typeof value === 'boolean') return value;
  const key = String(value).trim().toLowerCase();
  if (TRUE.has(key)) return true;
  if (FALSE.has(key)) return false;
  ctx.addIssue({ code: 'custom', message: `expected a 0/1 flag, got ${describe(value)}` });
  return z.NEVER;
});

/** `YYYY-mm-dd`; the zero date and absence give null. */
export const date = scalar.transform((value, ctx) => {
  if (value === undefined || value === null) return null;
  const normalized = normalizeDate(String(value));
  if (normalized === undefined) {
    ctx.addIssue({ code: 'custom', message: `expected a date YYYY-mm-dd, got ${describe(value)}` });
    return z.NEVER;
  }
  return normalized;
});

/** `YYYY-mm-dd HH:MM:SS`; the zero date-time and absence give null. */
export const dateTime = scalar.transform((value, ctx) => {
  if (value === undefined || value === null) return null;
  const normalized = normalizeDateTime(String(value));
  if (normalized === undefined) {
    ctx.addIssue({ code: 'custom', message: `expected a date-time YYYY-mm-dd HH:MM:SS, got ${describe(value)}` });
    return z.NEVER;
  }
  return normalized;
});

/** A decimal amount normalized to two places ("12.5" → "12.50"); absent or '' give null. */
export const money = scalar.transform((value, ctx) => {
  if (value === undefined || value === null || value === '') return null;
  try {
    return normalizeMoney(typeof value === 'boolean' ? String(value) : value);
  } catch {
    ctx.addIssue({ code: 'custom', message: `expected a decimal amount, got ${describe(value)}` });
    return z.NEVER;
  }
});

/** An amount formatted for people ("$1,234.50 USD") or a plain number. */
export const formattedMoney = scalar.transform((value): FormattedMoney => {
  if (value === undefined || value === null) return { amount: null, currency: null, text: '' };
  return parseFormattedMoney(String(value));
});

/** Comma-separated integer ids ("1,2,3", "", 7) → [1, 2, 3]. */
export const idList = scalar.transform((value, ctx) => {
  if (value === undefined || value === null || value === '') return [];
  const parts = String(value)
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (!parts.every((p) => INTEGER.test(p))) {
    ctx.addIssue({ code: 'custom', message: `expected comma-separated ids, got ${describe(value)}` });
    return z.NEVER;
  }
  return parts.map(Number);
});
