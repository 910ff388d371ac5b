/**
 * Date arithmetic for the generator, on whole days counted from 1970-01-01 (UTC). All dates derive from the
 * sandbox's configured "today", never from the real clock. Pure integer arithmetic with cached formatting:
 * the large preset formats a few hundred thousand dates.
 */

export const UNSET_DATE = '0000-00-00';
export const UNSET_DATETIME = '0000-00-00 00:00:00';
export const SECONDS_PER_DAY = 86_400;

/** Day number of an ISO date 'YYYY-mm-dd'; throws on anything else. */
export function parseDay(iso: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) throw new Error(`Invalid date '${iso}', expected YYYY-mm-dd`);
  const day = dayOf(Number(match[1]), Number(match[2]), Number(match[3]));
  if (formatDay(day) !== iso) throw new Error(`Invalid date '${iso}'`);
  return day;
}

/** Day number of a (proleptic Gregorian) calendar date; month 1-12. Howard Hinnant's days_from_civil. */
function dayOf(year: number, month: number, dayOfMonth: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + dayOfMonth - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** [year, month 1-12, day of month] of a day number. Howard Hinnant's civil_from_days. */
function civilOf(day: number): [number, number, number] {
  const z = day + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const leapDays = Math.floor(dayOfEra / 1460) - Math.floor(dayOfEra / 36524) + Math.floor(dayOfEra / 146096);
  const yearOfEra = Math.floor((dayOfEra - leapDays) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const dayOfMonth = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, dayOfMonth];
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));
const formattedDays = new Map<number, string>();

export function formatDay(day: number): string {
  let text = formattedDays.get(day);
  if (text === undefined) {
    const [y, m, d] = civilOf(day);
    text = `${String(y).padStart(4, '0')}-${TWO_DIGITS[m]}-${TWO_DIGITS[d]}`;
    formattedDays.set(day, text);
  }
  return text;
}

/** 'YYYY-mm-dd HH:MM:SS' of a moment given in seconds since the epoch. */
export function formatMoment(seconds: number): string {
  const day = Math.floor(seconds / SECONDS_PER_DAY);
  const s = seconds - day * SECONDS_PER_DAY;
  return `${formatDay(day)} ${TWO_DIGITS[Math.floor(s / 3600)]}:${TWO_DIGITS[Math.floor(s / 60) % 60]}:${TWO_DIGITS[s % 60]}`;
}

/** 'dd/mm/YYYY', as invoices print dates. */
export function formatUkDay(day: number): string {
  const iso = formatDay(day);
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/** 'dd/mm/YYYY HH:MM' as shown in the client's lastlogin text. */
export function formatLoginMoment(seconds: number): string {
  return `${formatUkDay(Math.floor(seconds / SECONDS_PER_DAY))} ${formatMoment(seconds).slice(11, 16)}`;
}

function daysInMonth(year: number, month: number): number {
  return month === 12 ? 31 : dayOf(year, month + 1, 1) - dayOf(year, month, 1);
}

/** The same day of the month `months` later, clamped to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(day: number, months: number): number {
  const [y, m, d] = civilOf(day);
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12), month = total - year * 12 + 1;
  return dayOf(year, month, Math.min(d, daysInMonth(year, month)));
}

export function addYears(day: number, years: number): number {
  return addMonths(day, years * 12);
}

/** The first date `from + k·stepMonths` (k ≥ 1) that is on or after `notBefore`. */
export function nextCycleDate(from: number, stepMonths: number, notBefore: number): number {
  let k = 1;
  while (addMonths(from, k * stepMonths) < notBefore) k++;
  return addMonths(from, k * stepMonths);
}

/** The last date `from + k·stepMonths` (k ≥ 1) that is before `before`, or `from + stepMonths` if none is. */
export function lastCycleDateBefore(from: number, stepMonths: number, before: number): number {
  let k = 1;
  while (addMonths(from, (k + 1) * stepMonths) < before) k++;
  return addMonths(from, k * stepMonths);
}

/** The largest y ≥ 0 with `from + y years` on or before `to`. */
export function wholeYearsBetween(from: number, to: number): number {
  let years = 0;
  while (addYears(from, years + 1) <= to) years++;
  return years;
}
