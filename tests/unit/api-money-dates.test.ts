import { describe, expect, it } from 'vitest';
import { isUnsetDate, normalizeDate, normalizeDateTime, parseLooseDate } from '../../shared/dates.js';
import { formatCents, normalizeMoney, parseFormattedMoney, sumMoney, toCents } from '../../shared/money.js';

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
