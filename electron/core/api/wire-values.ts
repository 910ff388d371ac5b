/**
 * Decoders for the provider's scalars: numbers sent as strings, 0/1 flags, zero dates, two-decimal money.
 * Absent fields default (empty text, null, false) because real replies omit fields freely; a present value of
 * the wrong kind throws a DecodeIssue, which the decoder turns into a protocol error naming the field.
 */
import { normalizeDate, normalizeDateTime } from '../../../shared/dates.js';
import { normalizeMoney, parseFormattedMoney, type FormattedMoney } from '../../../shared/money.js';
import { DecodeIssue, INVALID_INPUT } from './decoding.js';
import { unsettable } from './unread.js';

const INTEGER = /^\s*-?\d+\s*$/;

type Scalar = string | number | boolean | null | undefined;

/** Every scalar decoder first takes text, a finite number, a boolean, null or absence; anything else is refused. */
function scalar(value: unknown): Scalar {
  if (value === undefined || value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw new DecodeIssue(INVALID_INPUT);
}

function describe(value: Scalar): string {
  return typeof value === 'string' ? `'${value.slice(0, 40)}'` : JSON.stringify(value) ?? String(value);
}

function expected(what: string, value: Scalar): DecodeIssue {
  return new DecodeIssue(`expected ${what}, got ${describe(value)}`);
}

/** A required integer id or counter: 12 or "12". */
export function int(value: unknown): number {
  const v = scalar(value);
  const n = toInteger(v);
  if (n === undefined || n === null) throw expected('an integer', v);
  return n;
}

/** A record's id: a whole number from 1 on (a negative or zero id would fail later, far from its cause). */
export function id(value: unknown): number {
  const n = int(value);
  if (n < 1) throw expected('an id (a whole number from 1 on)', n);
  return n;
}

/** An optional reference to another record: absent, null or '' give null; 0 (the provider's "none") stays; never negative. */
export function optId(value: unknown): number | null {
  const n = optInt(value);
  if (n !== null && n < 0) throw expected('an id (a whole number from 0 on)', n);
  return n;
}

/** An optional integer: absent, null or '' give null. */
export function optInt(value: unknown): number | null {
  const v = scalar(value);
  const n = toInteger(v);
  if (n === undefined) throw expected('an integer', v);
  return n;
}

/** A counter that defaults to 0 when absent. */
export function count(value: unknown): number {
  return optInt(value) ?? 0;
}

function toInteger(value: Scalar): number | null | undefined {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string' && INTEGER.test(value)) {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : undefined;
  }
  return undefined;
}

/**
 * The longest text kept, in characters, per kind of field: a name (a person's, a product's, an address line,
 * a status), free text (notes, a payment's description) and a document (an announcement's body, order data).
 * A longer value is refused as unreadable: outside a sync a protocol error naming the operation and the field;
 * in a sync the field is left unset and the summary says so (unread.ts). A provider's 60 MB first name is not
 * stored, searched, sent to the page and laid out.
 */
export const TEXT_LIMITS = { name: 1024, text: 64 * 1024, document: 1024 * 1024 } as const;

function within(value: string, limit: number): string {
  if (value.length > limit) throw new DecodeIssue(`longer than ${limit.toLocaleString('en-US')} characters (${value.length.toLocaleString('en-US')})`);
  return value;
}

/** Free text; numbers become their decimal text, absent becomes ''. */
export function text(value: unknown): string {
  const v = scalar(value);
  return v === undefined || v === null ? '' : within(String(v), TEXT_LIMITS.text);
}

/** A name or a short value (TEXT_LIMITS.name), read as text is. */
export function name(value: unknown): string {
  const v = scalar(value);
  return v === undefined || v === null ? '' : within(String(v), TEXT_LIMITS.name);
}

/** A document's body (TEXT_LIMITS.document), read as text is. */
export function documentText(value: unknown): string {
  const v = scalar(value);
  return v === undefined || v === null ? '' : within(String(v), TEXT_LIMITS.document);
}

/** Text that may be missing: absent, null or '' give null. */
export function optText(value: unknown): string | null {
  const v = scalar(value);
  return v === undefined || v === null || v === '' ? null : within(String(v), TEXT_LIMITS.text);
}

const TRUE = new Set(['1', 'true', 'on', 'yes']);
const FALSE = new Set(['0', 'false', 'off', 'no', '']);

/** 0/1, "0"/"1", true/false (and "on"/"yes"); any other whole number is set, as PHP reads it (a flag 2); absent is false. */
export function flag(value: unknown): boolean {
  const v = scalar(value);
  if (v === undefined || v === null) return false;
  if (typeof v === 'boolean') return v;
  if (v === '0' || v === '1') return v === '1'; // nearly every flag, read without building a key
  const key = String(v).trim().toLowerCase();
  if (TRUE.has(key)) return true;
  if (FALSE.has(key)) return false;
  const n = toInteger(v);
  if (typeof n === 'number') return n !== 0;
  throw expected('a 0/1 flag', v);
}

/** `YYYY-mm-dd`; the zero date and absence give null; an ISO 8601 date-time gives its date (in UTC when zoned). */
export function date(value: unknown): string | null {
  const v = scalar(value);
  if (v === undefined || v === null) return null;
  const plain = normalizeDate(String(v));
  const normalized = plain !== undefined ? plain : isoDateTime(String(v))?.slice(0, 10);
  if (normalized === undefined) throw expected('a date YYYY-mm-dd', v);
  return sameOrNew(v, normalized);
}

/**
 * `YYYY-mm-dd HH:MM:SS`; the zero date-time and absence give null. ISO 8601 forms with fractions or a zone
 * (Laravel's `2023-03-21T10:00:00.000000Z`) are read too: fractions dropped, a zoned time given in UTC.
 */
export function dateTime(value: unknown): string | null {
  const v = scalar(value);
  if (v === undefined || v === null) return null;
  const plain = normalizeDateTime(String(v));
  const normalized = plain !== undefined ? plain : isoDateTime(String(v));
  if (normalized === undefined) throw expected('a date-time YYYY-mm-dd HH:MM:SS', v);
  return sameOrNew(v, normalized);
}

const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/;

/** An ISO 8601 date-time with fractions and/or a zone as `YYYY-mm-dd HH:MM:SS` (UTC when zoned); undefined otherwise. */
function isoDateTime(text: string): string | undefined {
  const match = ISO_DATE_TIME.exec(text.trim());
  if (!match) return undefined;
  const [, day, time, zone] = match;
  const wall = normalizeDateTime(`${day} ${time}`);
  if (!wall || zone === undefined) return wall ?? undefined;
  const at = Date.parse(`${day}T${time}${zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone}`);
  return Number.isNaN(at) ? undefined : new Date(at).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * The wire text itself when normalizing left it as it was (the usual case): the normalized copy is often a
 * chain of concatenated pieces, several times the size of the flat text, and decoded records are held until
 * their resource is written.
 */
function sameOrNew(wire: Scalar, normalized: string | null): string | null {
  return normalized === wire ? wire : normalized;
}

/** A decimal amount normalized to two places ("12.5" → "12.50", "12.9500" → "12.95"); absent or '' give null. */
export function money(value: unknown): string | null {
  const v = scalar(value);
  if (v === undefined || v === null || v === '') return null;
  try {
    return sameOrNew(v, normalizeMoney(typeof v === 'boolean' ? String(v) : v));
  } catch {
    // More places than two, all zeros past the cents: the same amount (a database's decimal(10,4)).
    const padded = typeof v === 'string' ? /^\s*([+-]?\d+\.\d{2})0+\s*$/.exec(v) : null;
    if (padded) return normalizeMoney(padded[1]!);
    throw expected('a decimal amount', v);
  }
}

/** A number that may have decimals (a disk usage of 1.5 MB); absent or '' give null. */
export function optNumber(value: unknown): number | null {
  const v = scalar(value);
  if (v === undefined || v === null || v === '') return null;
  const n = typeof v === 'number' ? v : typeof v === 'string' && DECIMAL_NUMBER.test(v) ? Number(v) : NaN;
  if (!Number.isFinite(n)) throw expected('a number', v);
  return n;
}

const DECIMAL_NUMBER = /^\s*-?\d+(\.\d+)?\s*$/;

/** An amount formatted for people ("$1,234.50 USD") or a plain number. */
export function formattedMoney(value: unknown): FormattedMoney {
  const v = scalar(value);
  if (v === undefined || v === null) return { amount: null, currency: null, text: '' };
  return parseFormattedMoney(String(v));
}

/** Comma-separated integer ids ("1,2,3", "", 7) → [1, 2, 3]. */
export function idList(value: unknown): number[] {
  const v = scalar(value);
  if (v === undefined || v === null || v === '') return [];
  const parts = String(v)
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (!parts.every((p) => INTEGER.test(p))) throw expected('comma-separated ids', v);
  return parts.map(Number);
}

// What a field holds when a sync cannot read its value (unread.ts); ids and id lists have none: their record goes.
unsettable(optInt, null);
unsettable(optId, null);
unsettable(count, 0);
unsettable(text, '');
unsettable(name, '');
unsettable(documentText, '');
unsettable(optText, null);
unsettable(flag, false);
unsettable(date, null);
unsettable(dateTime, null);
unsettable(money, null);
unsettable(optNumber, null);
unsettable(formattedMoney, { amount: null, currency: null, text: '' });
