/**
 * Dates on the wire are `YYYY-mm-dd` and date-times `YYYY-mm-dd HH:MM:SS`; the literal zero date means "unset".
 * Pure functions only.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** True for `0000-00-00`, `0000-00-00 00:00:00` and the empty string. */
export function isUnsetDate(value: string): boolean {
  return value.trim() === '' || /^0000-00-00( 00:00:00)?$/.test(value.trim());
}

/** `2026-11-22` → itself; unset → null; a date-time is cut to its date. Returns undefined when not a date. */
export function normalizeDate(value: string): string | null | undefined {
  if (value.length === 10 && isCanonicalDate(value)) return value;
  const text = value.trim();
  if (isUnsetDate(text)) return null;
  const match = DATE.exec(text) ?? DATE_TIME.exec(text);
  if (!match) return undefined;
  const [, y, m, d] = match;
  return isRealDate(Number(y), Number(m), Number(d)) ? `${y}-${m}-${d}` : undefined;
}

/** `2026-11-22 10:00:00` → itself; a bare date gets midnight; unset → null; undefined when not a date-time. */
export function normalizeDateTime(value: string): string | null | undefined {
  if (value.length === 19 && isCanonicalDateTime(value)) return value;
  const text = value.trim();
  if (isUnsetDate(text)) return null;
  const dateOnly = DATE.exec(text);
  if (dateOnly) return normalizeDate(text) == null ? undefined : `${text} 00:00:00`;
  const match = DATE_TIME.exec(text);
  if (!match) return undefined;
  const [, y, m, d, hh, mm, ss = '00'] = match;
  if (!isRealDate(Number(y), Number(m), Number(d)) || Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) {
    return undefined;
  }
  return `${y}-${m}-${d} ${hh}:${mm}:${ss}`;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * Reads the date part of the many forms registries print: `2027-03-01T12:00:00Z`, `2027-03-01`, `2027.03.01`,
 * `2027/03/01`, `01-Mar-2027`, `01.03.2027` (day first). Returns `YYYY-mm-dd` or null.
 */
export function parseLooseDate(text: string): string | null {
  const t = text.trim();
  let match = /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})/.exec(t);
  if (match) return ymd(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})[- ]([A-Za-z]{3})[A-Za-z]*[- ](\d{4})/.exec(t);
  if (match) {
    const month = MONTHS.indexOf(match[2]!.toLowerCase()) + 1;
    return month > 0 ? ymd(Number(match[3]), month, Number(match[1])) : null;
  }
  match = /^(\d{1,2})[./](\d{1,2})[./](\d{4})/.exec(t);
  if (match) return ymd(Number(match[3]), Number(match[2]), Number(match[1]));
  return null;
}

function ymd(y: number, m: number, d: number): string | null {
  if (!isRealDate(y, m, d)) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * In the proleptic Gregorian calendar (ISO 8601's), so year 0 is a leap year. The leap day is counted with no
 * branch, every part of it worked out for every date: a sync checks hundreds of thousands of dates, and a
 * branch first taken after V8 has optimized this (the first February, the first leap year) made it throw
 * that code away and compile it again, with the date readers it is inlined into.
 */
function isRealDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const leapDay = Number(y % 4 === 0) - Number(y % 100 === 0) + Number(y % 400 === 0);
  return d <= DAYS_IN_MONTH[m - 1]! + Number(m === 2) * leapDay;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

// The fast paths: a sync reads hundreds of thousands of dates, nearly all already in the form they are
// normalized to, and these read them in place, where the general path builds matches, trims and copies.

/** Whether `text` is, or (for a date-time) starts with, a real date exactly as `YYYY-mm-dd`. */
function isCanonicalDate(text: string): boolean {
  const y = digitsAt(text, 0, 4);
  const m = digitsAt(text, 5, 2);
  const d = digitsAt(text, 8, 2);
  return y >= 0 && text.charCodeAt(4) === DASH && text.charCodeAt(7) === DASH && isRealDate(y, m, d);
}

/** Whether `text` is a real date-time exactly as `YYYY-mm-dd HH:MM:SS`. */
function isCanonicalDateTime(text: string): boolean {
  return (
    isCanonicalDate(text) &&
    text.charCodeAt(10) === SPACE &&
    text.charCodeAt(13) === COLON &&
    text.charCodeAt(16) === COLON &&
    digitsAt(text, 11, 2) <= 23 &&
    digitsAt(text, 14, 2) <= 59 &&
    digitsAt(text, 17, 2) <= 59
  );
}

const DASH = 0x2d, SPACE = 0x20, COLON = 0x3a, ZERO = 0x30;

/** The number the `count` ASCII digits at `at` spell, or NaN (which fails every test above) if one is not a digit. */
function digitsAt(text: string, at: number, count: number): number {
  let n = 0;
  for (let i = at; i < at + count; i++) {
    const digit = text.charCodeAt(i) - ZERO;
    if (!(digit >= 0 && digit <= 9)) return NaN;
    n = n * 10 + digit;
  }
  return n;
}
