import { describe, expect, it } from 'vitest';
import * as decode from '../../electron/core/api/decoders.js';
import { ApiError } from '../../electron/core/api/errors.js';
import type { WireObject, WireValue } from '../../electron/core/api/wire-shape.js';

function protocolErrorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'protocol') return error;
    throw error;
  }
  throw new Error('expected a protocol error');
}

const transactionsWith = (row: WireValue): WireObject => ({ result: 'success', transactions: { transaction: [row] } });
const transaction = (fields: WireObject): WireObject => ({ id: 1, userid: 7, date: '2026-11-20 10:00:00', amountin: '5.00', ...fields });

describe('a value of the wrong kind names operation, wire path and what was wrong', () => {
  it.each<[string, WireValue, string]>([
    ['amountin', { a: 1 }, 'Invalid input'],
    ['amountin', [1], 'Invalid input'],
    ['description', {}, 'Invalid input'],
    ['amountin', '12.345', "expected a decimal amount, got '12.345'"],
    ['userid', 'seven', "expected an integer, got 'seven'"],
    ['userid', 1.5, 'expected an integer, got 1.5'],
    ['id', '', "expected an integer, got ''"],
    ['date', '2026-11-31 10:00:00', "expected a date-time YYYY-mm-dd HH:MM:SS, got '2026-11-31 10:00:00'"],
    ['description', 'x', ''],
  ])('%s = %j', (field, value, message) => {
    const body = transactionsWith(transaction({ [field]: value }));
    if (message === '') {
      expect(decode.decodeTransactions(body).items).toHaveLength(1);
      return;
    }
    const error = protocolErrorOf(() => decode.decodeTransactions(body));
    expect(error.field).toBe(`transactions.transaction[0].${field}`);
    expect(error.message).toBe(`get-transactions: unexpected reply at transactions.transaction[0].${field}: ${message}`);
  });

  it('a number too large for JSON (Infinity after parsing) is refused like any non-scalar', () => {
    const body = JSON.parse('{"transactions":{"transaction":[{"id":1,"amountin":1e400}]}}') as WireObject;
    expect(protocolErrorOf(() => decode.decodeTransactions(body)).message).toMatch(/transaction\[0\]\.amountin: Invalid input$/);
  });

  it('long text is cut to 40 characters in the message', () => {
    const error = protocolErrorOf(() => decode.decodeClientsDomains({ domains: { domain: [{ id: 1, dnsmanagement: 'y'.repeat(60) }] } }));
    expect(error.message).toBe(`get-clients-domains: unexpected reply at domains.domain[0].dnsmanagement: expected a 0/1 flag, got '${'y'.repeat(40)}'`);
  });

  it('the first bad field in declaration order is reported', () => {
    const error = protocolErrorOf(() => decode.decodeTransactions(transactionsWith(transaction({ refundid: 'x', userid: 'y' }))));
    expect(error.field).toBe('transactions.transaction[0].userid');
  });

  it.each<[WireValue, string]>([
    ['x', 'string'],
    [null, 'null'],
    [[], 'array'],
    [3, 'number'],
  ])('a row that is no object (%j) is refused at the row', (row, received) => {
    const error = protocolErrorOf(() => decode.decodeTransactions(transactionsWith(row)));
    expect(error.field).toBe('transactions.transaction[0]');
    expect(error.message).toBe(`get-transactions: unexpected reply at transactions.transaction[0]: Invalid input: expected object, received ${received}`);
  });
});

describe('nested lists', () => {
  const order = (lineitems: WireValue): WireObject => ({ orders: { order: [{ id: 5, lineitems }] } });

  it('a nested list of the wrong kind is refused at the list', () => {
    const error = protocolErrorOf(() => decode.decodeOrders(order(7)));
    expect(error.field).toBe('orders.order[0].lineitems');
    expect(error.message).toBe("get-orders: unexpected reply at orders.order[0].lineitems: expected a list of 'lineitem'");
  });

  it('a bad row of a nested list is named by its index, a missing row too', () => {
    expect(protocolErrorOf(() => decode.decodeOrders(order({ lineitem: [{ relid: 1 }, 'x'] }))).message).toBe(
      'get-orders: unexpected reply at orders.order[0].lineitems[1]: Invalid input: expected object, received string',
    );
    const sparse: WireValue[] = [];
    sparse[1] = { relid: 1 };
    expect(protocolErrorOf(() => decode.decodeOrders(order({ lineitem: sparse }))).message).toBe(
      'get-orders: unexpected reply at orders.order[0].lineitems[0]: Invalid input: expected object, received undefined',
    );
  });

  it("a service custom field's name is text or null, nothing else", () => {
    const service = (name: WireValue): WireObject => ({ products: { product: [{ id: 1, customfields: { customfield: [{ id: 2, name, value: 'v' }] } }] } });
    expect(decode.decodeClientsProducts(service(null)).items[0]!.customFields).toEqual([{ id: 2, name: null, value: 'v' }]);
    const error = protocolErrorOf(() => decode.decodeClientsProducts(service(4)));
    expect(error.message).toBe('get-clients-products: unexpected reply at products.product[0].customfields[0].name: Invalid input');
  });

  it('pricing of the wrong kind is refused at the field', () => {
    const error = protocolErrorOf(() => decode.decodeCatalogueProducts('get-products', { products: { product: [{ pid: 1, pricing: 'free' }] } }));
    expect(error.message).toBe('get-products: unexpected reply at products.product[0].pricing: Invalid input');
  });
});

describe('small replies', () => {
  it.each<[WireObject, string, string]>([
    [{ access_token: '', expires_in: 60 }, 'access_token', 'Too small: expected string to have >=1 characters'],
    [{ access_token: 5, expires_in: 60 }, 'access_token', 'Invalid input: expected string, received number'],
    [{ access_token: 'A', expires_in: 'soon' }, 'expires_in', "expected an integer, got 'soon'"],
    [{ access_token: 'A', refresh_token: '', expires_in: 60 }, 'refresh_token', 'Too small: expected string to have >=1 characters'],
  ])('token %j: %s', (body, field, message) => {
    const error = protocolErrorOf(() => decode.decodeToken('token', body));
    expect(error.field).toBe(field);
    expect(error.message).toBe(`token: unexpected reply at ${field}: ${message}`);
  });

  it('add-order: ids that are not a comma-separated list', () => {
    const error = protocolErrorOf(() => decode.decodeOrderCreated({ orderid: 5, productids: '1,x' }));
    expect(error.message).toBe("add-order: unexpected reply at productids: expected comma-separated ids, got '1,x'");
  });

  it('whois: a bad status names the field; premium and price are read from the folded reply', () => {
    expect(protocolErrorOf(() => decode.decodeWhois({ domain: 'x.test', status: [] })).field).toBe('status');
    const result = decode.decodeWhois({ domain: 'x.test', 'premium[premium]': '1', 'price[register][annually]': '9.5' });
    expect(result).toMatchObject({ premium: true, prices: { register: { annually: '9.50' }, transfer: {}, renew: {} } });
  });
});
