import { describe, expect, it } from 'vitest';
import { isUnsetDate, normalizeDate, normalizeDateTime, parseLooseDate } from '../../shared/dates.js';
import { formatCents, normalizeMoney, parseFormattedMoney, sumMoney, toCents } from '../../shared/money.js';
import { seededRandom } from '../../shared/random.js';

describe('money', () => {
  it('decimal strings and numbers to integer cents and back', () => {
    expect(toCents('12.5')).toBe(1250);
    expect(toCents('12.50')).toBe(1250);
    expect(toCents('-0.05')).toBe(-5);
    expect(toCents(' 7 ')).toBe(700);
    expect(toCents(0.1)).toBe(10);
    expect(formatCents(1250)).toBe('12.50');
    expect(formatCents(-5)).toBe('-0.05');
    expect(formatCents(0)).toBe('0.00');
    expect(normalizeMoney('12.5')).toBe('12.50');
    expect(normalizeMoney(29)).toBe('29.00');
  });

  it('sums without floating-point drift', () => {
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
    expect(sumMoney(Array.from({ length: 10 }, () => '0.10'))).toBe('1.00');
    expect(sumMoney(['10.00', '-2.55'])).toBe('7.45');
  });

  it.each(['12.345', 'abc', '', '1,00', '1e3', '--1'])('rejects %j', (value) => {
    expect(() => toCents(value)).toThrow(RangeError);
  });

  it('rejects cents that are not safe integers', () => {
    expect(() => formatCents(1.5)).toThrow(RangeError);
    expect(() => toCents('999999999999999999')).toThrow(RangeError);
  });

  it.each([
    ['$1,234.50 USD', '1234.50', 'USD'],
    ['€1.234,50 EUR', '1234.50', 'EUR'],
    ['£0.00', '0.00', '£'],
    ['-$12.50 USD', '-12.50', 'USD'],
    ['1234.5', '1234.50', null],
    ['12,50 €', '12.50', '€'],
    ['$1,234 USD', '1234.00', 'USD'],
  ])('formatted %j → %s %s', (text, amount, currency) => {
    expect(parseFormattedMoney(text)).toEqual({ amount, currency, text });
  });

  it('text without a number keeps the text and says so', () => {
    expect(parseFormattedMoney('n/a')).toEqual({ amount: null, currency: null, text: 'n/a' });
  });
});

describe('dates', () => {
  it('zero dates are unset', () => {
    expect(isUnsetDate('0000-00-00')).toBe(true);
    expect(isUnsetDate('0000-00-00 00:00:00')).toBe(true);
    expect(isUnsetDate('2026-01-01')).toBe(false);
    expect(normalizeDate('0000-00-00')).toBeNull();
    expect(normalizeDateTime('0000-00-00 00:00:00')).toBeNull();
  });

  it('normalizes and validates', () => {
    expect(normalizeDate('2026-11-22')).toBe('2026-11-22');
    expect(normalizeDate('2026-11-22 10:00:00')).toBe('2026-11-22');
    expect(normalizeDate('2026-02-29')).toBeUndefined();
    expect(normalizeDate('2024-02-29')).toBe('2024-02-29');
    expect(normalizeDate('22/11/2026')).toBeUndefined();
    expect(normalizeDateTime('2026-11-22')).toBe('2026-11-22 00:00:00');
    expect(normalizeDateTime('2026-11-22 10:05')).toBe('2026-11-22 10:05:00');
    expect(normalizeDateTime('2026-11-22 24:00:00')).toBeUndefined();
  });

  it.each([
    ['2027-03-01T12:00:00Z', '2027-03-01'],
    ['2027.03.01', '2027-03-01'],
    ['01-Mar-2027', '2027-03-01'],
    ['01.03.2027', '2027-03-01'],
    ['1 March 2027', '2027-03-01'],
    ['soon', null],
    ['31-Feb-2027', null],
  ])('registry date %j → %s', (text, expected) => {
    expect(parseLooseDate(text)).toBe(expected);
  });
});

describe('fast paths read what the general rules read', () => {
  // The rules as plain regular expressions, independent of the in-place readers that serve the usual forms.
  const real = (y: number, m: number, d: number) => m >= 1 && m <= 12 && d >= 1 && d <= new Date(Date.UTC(2000 + (y % 400), m, 0)).getUTCDate();
  function referenceDate(value: string): string | null | undefined {
    const text = value.trim();
    if (isUnsetDate(text)) return null;
    const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2})?)?$/.exec(text);
    if (!match) return undefined;
    return real(Number(match[1]), Number(match[2]), Number(match[3])) ? `${match[1]}-${match[2]}-${match[3]}` : undefined;
  }
  function referenceDateTime(value: string): string | null | undefined {
    const text = value.trim();
    if (isUnsetDate(text)) return null;
    if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return referenceDate(text) == null ? undefined : `${text} 00:00:00`;
    const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
    if (!match) return undefined;
    const [, y, m, d, hh, mm, ss = '00'] = match;
    if (!real(Number(y), Number(m), Number(d)) || Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return undefined;
    return `${y}-${m}-${d} ${hh}:${mm}:${ss}`;
  }
  function referenceCents(value: string): number | undefined {
    const match = /^([+-]?)(\d+)(?:\.(\d{0,2}))?$/.exec(value.trim());
    if (!match) return undefined;
    const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
    if (!Number.isSafeInteger(cents)) return undefined;
    return match[1] === '-' && cents !== 0 ? -cents : cents;
  }

  const random = seededRandom(0xda7e);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const CHARS = ['0', '1', '2', '3', '9', '-', ':', ' ', 'T', '.', 'x', '+', '\t', '５'];
  /** A canonical text with one or two characters replaced, added or dropped, or as it is. */
  function near(text: string): string {
    let out = text;
    for (let n = Math.floor(random() * 3); n > 0; n--) {
      const at = Math.floor(random() * (out.length + 1));
      const r = random();
      out = r < 0.5 ? out.slice(0, at) + pick(CHARS) + out.slice(at + 1) : r < 0.8 ? out.slice(0, at) + pick(CHARS) + out.slice(at) : out.slice(0, at) + out.slice(at + 1);
    }
    return out;
  }
  const two = (n: number) => String(n).padStart(2, '0');
  const someDate = () => `${String(Math.floor(random() * 10000)).padStart(4, '0')}-${two(Math.floor(random() * 14))}-${two(Math.floor(random() * 33))}`;
  const someTime = () => `${two(Math.floor(random() * 26))}:${two(Math.floor(random() * 62))}:${two(Math.floor(random() * 62))}`;

  it('dates and date-times, including leap days and the years before 100', () => {
    for (const text of ['2024-02-29', '2023-02-29', '1900-02-29', '2000-02-29', '0000-02-29', '0004-02-29', '0100-02-29', '2026-04-31', '2026-12-31 23:59:59', '2026-12-31 24:00:00']) {
      expect(normalizeDate(text), text).toBe(referenceDate(text));
      expect(normalizeDateTime(text), text).toBe(referenceDateTime(text));
    }
    for (let i = 0; i < 20000; i++) {
      const text = near(random() < 0.5 ? someDate() : `${someDate()} ${someTime()}`);
      expect(normalizeDate(text), text).toBe(referenceDate(text));
      expect(normalizeDateTime(text), text).toBe(referenceDateTime(text));
    }
  });

  it('amounts', () => {
    const someAmount = () => `${random() < 0.2 ? '-' : ''}${String(Math.floor(random() ** 4 * 1e15))}.${two(Math.floor(random() * 100))}`;
    for (const text of ['0.00', '-0.00', '00.50', '-0.05', '9999999999999.99', '99999999999999.99', '1.5', '1.500', '+1.50']) {
      expect(toCentsOrUndefined(text), text).toBe(referenceCents(text));
    }
    for (let i = 0; i < 20000; i++) {
      const text = near(someAmount());
      const cents = referenceCents(text);
      expect(toCentsOrUndefined(text), text).toBe(cents);
      if (cents !== undefined) expect(normalizeMoney(text), text).toBe(formatCents(cents));
    }
  });

  function toCentsOrUndefined(text: string): number | undefined {
    try {
      return toCents(text);
    } catch {
      return undefined;
    }
  }
});
