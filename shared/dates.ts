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
  const text = value.trim();
  if (isUnsetDate(text)) return null;
  const match = DATE.exec(text) ?? DATE_TIME.exec(text);
  if (!match) return undefined;
  const [, y, m, d] = match;
  return isRealDate(Number(y), Number(m), Number(d)) ? `${y}-${m}-${d}` : undefined;
}

/** `2026-11-22 10:00:00` → itself; a bare date gets midnight; unset → null; undefined when not a date-time. */
export function normalizeDateTime(value: string): string | null | undefined {
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

function isRealDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= daysInMonth;
}
