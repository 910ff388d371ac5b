/**
 * Values in the forms real providers send beside the documented ones (issue 14, item 8): read where their
 * meaning is clear; where a value cannot be read, a sync keeps the record with that field unset and says so,
 * while any other caller still gets a protocol error naming the field.
 */
import { describe, expect, it } from 'vitest';
import { decodeClientsDomains, decodeClientsProducts, decodeOrders } from '../../electron/core/api/list-decoders.js';
import { collectingUnread, describeUnread } from '../../electron/core/api/unread.js';
import { date, dateTime, flag, money, optNumber } from '../../electron/core/api/wire-values.js';
import { fixture, type Body } from './fixtures/api/shapes.js';
import { ApiError } from '../../electron/core/api/errors.js';

const w = (body: Body) => body as Parameters<typeof decodeOrders>[0];

describe('values read where their meaning is clear', () => {
  it('money with more than two places, all zeros past the cents', () => {
    expect(money('12.9500')).toBe('12.95');
    expect(money('-0.5000')).toBe('-0.50');
    expect(() => money('12.9550')).toThrow(/expected a decimal amount/);
  });

  it('ISO 8601 date-times with fractions or a zone (Laravel): fractions dropped, zoned times in UTC', () => {
    expect(dateTime('2023-03-21T10:00:00.000000Z')).toBe('2023-03-21 10:00:00');
    expect(dateTime('2023-03-21T12:30:00+02:00')).toBe('2023-03-21 10:30:00');
    expect(dateTime('2023-03-21T12:30:00.5')).toBe('2023-03-21 12:30:00');
    expect(date('2023-03-21T23:30:00-02:00')).toBe('2023-03-22');
    expect(() => dateTime('2023-02-30T10:00:00Z')).toThrow(/expected a date-time/);
  });

  it('a flag of any whole number, as PHP reads it; a usage with decimals', () => {
    expect(flag('2')).toBe(true);
    expect(flag(-1)).toBe(true);
    expect(flag('0')).toBe(false);
    expect(() => flag('maybe')).toThrow(/0\/1 flag/);
    expect(optNumber('1.5')).toBe(1.5);
    expect(optNumber(3)).toBe(3);
    expect(() => optNumber('1,5')).toThrow(/expected a number/);
  });

  it('a service with diskusage 1.5 and an order with a 4-place amount and a Laravel date decode', () => {
    const services = fixture('clients-products.nested.json') as any;
    services.products.product[0].diskusage = '1.5';
    expect(decodeClientsProducts(w(services)).items[0]!.diskUsage).toBe(1.5);
    const orders = fixture('orders.nested.json') as any;
    orders.orders.order.amount = '12.9500';
    orders.orders.order.date = '2023-03-21T10:00:00.000000Z';
    expect(decodeOrders(w(orders)).items[0]).toMatchObject({ amount: '12.95', date: '2023-03-21 10:00:00' });
  });
});

describe('a value that cannot be read', () => {
  const withBadExpiry = () => {
    const body = fixture('clients-domains.flat.json');
    body['domains[domain][1][expirydate]'] = 'next spring';
    return body;
  };

  it('during a sync: the record is kept with the field unset, and the field is counted for the summary', () => {
    const { value: page, unread } = collectingUnread(() => decodeClientsDomains(w(withBadExpiry())));
    expect(page.items).toHaveLength(2);
    expect(page.items[1]!.expiryDate).toBeNull();
    expect(page.items[1]!.domainName).not.toBe('');
    expect(unread).toEqual([{ field: 'expirydate', count: 1, example: "expected a date YYYY-mm-dd, got 'next spring'" }]);
    expect(describeUnread('domains', unread)).toEqual([
      "domains: expirydate could not be read in 1 record (expected a date YYYY-mm-dd, got 'next spring'); left unset, the records kept",
    ]);
  });

  it('outside a sync, and for an id in any case: a protocol error naming the field', () => {
    expect(() => decodeClientsDomains(w(withBadExpiry()))).toThrow(ApiError);
    const badId = fixture('clients-domains.flat.json');
    badId['domains[domain][0][id]'] = 'x';
    expect(() => collectingUnread(() => decodeClientsDomains(w(badId)))).toThrow(/domains\.domain\[0\]\.id/);
  });
});
