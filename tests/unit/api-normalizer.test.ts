import { describe, expect, it } from 'vitest';
import * as decode from '../../electron/core/api/decoders.js';
import { ApiError } from '../../electron/core/api/errors.js';
import type { WireObject } from '../../electron/core/api/wire-shape.js';
import type { Page } from '../../shared/models.js';
import { fixture, toFlat, toNested, type Body } from './fixtures/api/shapes.js';

const w = (body: Body) => body as WireObject;

interface ListCase {
  operation: string;
  fixture: string;
  wrapper: string;
  item: string;
  decode: (body: WireObject) => Page<unknown>;
}

const LISTS: ListCase[] = [
  { operation: 'get-clients-products', fixture: 'clients-products.nested.json', wrapper: 'products', item: 'product', decode: decode.decodeClientsProducts },
  { operation: 'get-clients-domains', fixture: 'clients-domains.flat.json', wrapper: 'domains', item: 'domain', decode: decode.decodeClientsDomains },
  { operation: 'get-orders', fixture: 'orders.flat.json', wrapper: 'orders', item: 'order', decode: decode.decodeOrders },
  { operation: 'get-orders', fixture: 'orders.nested.json', wrapper: 'orders', item: 'order', decode: decode.decodeOrders },
  { operation: 'get-transactions', fixture: 'transactions.nested.json', wrapper: 'transactions', item: 'transaction', decode: decode.decodeTransactions },
  { operation: 'get-contacts', fixture: 'contacts.flat.json', wrapper: 'contacts', item: 'contact', decode: decode.decodeContacts },
  { operation: 'get-announcements', fixture: 'announcements.flat.json', wrapper: 'announcements', item: 'announcement', decode: decode.decodeAnnouncements },
  { operation: 'get-support-departments', fixture: 'support-departments.single.json', wrapper: 'departments', item: 'department', decode: decode.decodeSupportDepartments },
  { operation: 'get-tickets', fixture: 'tickets.nested.json', wrapper: 'tickets', item: 'ticket', decode: decode.decodeTickets },
  { operation: 'get-products', fixture: 'catalogue-products.nested.json', wrapper: 'products', item: 'product', decode: (b) => decode.decodeCatalogueProducts('get-products', b) },
  { operation: 'get-filtered-products', fixture: 'catalogue-products.nested.json', wrapper: 'products', item: 'product', decode: (b) => decode.decodeCatalogueProducts('get-filtered-products', b) },
  { operation: 'get-product-addons', fixture: 'product-addons.nested.json', wrapper: 'addons', item: 'addon', decode: decode.decodeProductAddons },
  { operation: 'get-product-configoptions', fixture: 'product-configoptions.nested.json', wrapper: 'configoptions', item: 'configoption', decode: decode.decodeProductConfigoptions },
];

function protocolErrorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'protocol') return error;
    throw error;
  }
  throw new Error('expected a protocol error');
}

describe('every list operation reads both list shapes', () => {
  it.each(LISTS)('$operation: $fixture decodes the same in the other shape', (c) => {
    const body = fixture(c.fixture);
    const isFlat = Object.keys(body).some((k) => k.startsWith(`${c.wrapper}[`));
    const other = isFlat ? toNested(body) : toFlat(body);
    const page = c.decode(w(body));
    expect(page.items.length).toBeGreaterThan(0);
    expect(c.decode(w(other))).toEqual(page);
  });

  it.each(LISTS)('$operation: zero rows in every empty form', (c) => {
    const empties: Body[] = [
      { result: 'success', totalresults: '0', startnumber: 0, numreturned: '0' },
      { result: 'success', totalresults: 0, [c.wrapper]: '' },
      { result: 'success', totalresults: 0, [c.wrapper]: [] },
      { result: 'success', totalresults: 0, [c.wrapper]: { [c.item]: [] } },
      { result: 'success', totalresults: 0, [c.wrapper]: { [c.item]: '' } },
      { result: 'success', [c.wrapper]: null },
    ];
    for (const body of empties) {
      expect(c.decode(w(body))).toEqual({ items: [], total: 0, start: body.startnumber === undefined ? null : 0, returned: 0 });
    }
  });

  it.each(LISTS)('$operation: no list at all is a protocol error unless the counters say there are no rows', (c) => {
    const unlisted: Body[] = [{ result: 'success' }, { result: 'success', totalresults: '3', numreturned: 3 }, { result: 'success', totalresults: 0, numreturned: 2 }];
    for (const body of unlisted) {
      expect(protocolErrorOf(() => c.decode(w(body))).field, JSON.stringify(body)).toBe(c.wrapper);
    }
  });

  it.each(LISTS)('$operation: a single record instead of a one-row array', (c) => {
    const page = c.decode(w(fixture(c.fixture)));
    const nested = toNested(fixture(c.fixture));
    const wrapper = nested[c.wrapper] as Record<string, Body[] | Body>;
    const rows = wrapper[c.item]!;
    const first = Array.isArray(rows) ? rows[0]! : rows;
    const single = { result: 'success', totalresults: 1, [c.wrapper]: { [c.item]: first } };
    expect(c.decode(w(single as Body)).items).toEqual([page.items[0]]);
  });

  it.each(LISTS)('$operation: a wrapper of the wrong kind is a protocol error naming it', (c) => {
    const error = protocolErrorOf(() => c.decode(w({ result: 'success', [c.wrapper]: 42 })));
    expect(error.operation).toBe(c.operation);
    expect(error.field).toBe(c.wrapper);
  });
});

describe('paging counters', () => {
  it('reads counters sent as strings or numbers', () => {
    const flat = decode.decodeOrders(w(fixture('orders.flat.json')));
    expect([flat.total, flat.start, flat.returned]).toEqual([40, 10, 2]);
    const nested = decode.decodeClientsProducts(w(fixture('clients-products.nested.json')));
    expect([nested.total, nested.start, nested.returned]).toEqual([3, 0, 2]);
  });

  it('departments carry only totalresults', () => {
    expect(decode.decodeSupportDepartments(w(fixture('support-departments.single.json')))).toMatchObject({ total: 1, start: null, returned: 1 });
  });

  it('numreturned that disagrees with the rows is a protocol error (a cut-off list)', () => {
    const body = fixture('clients-domains.flat.json');
    for (const key of Object.keys(body)) if (key.startsWith('domains[domain][1]')) delete body[key];
    const error = protocolErrorOf(() => decode.decodeClientsDomains(w(body)));
    expect(error.field).toBe('numreturned');
    expect(error.message).toContain('get-clients-domains');
  });

  it('a non-numeric counter is a protocol error', () => {
    const error = protocolErrorOf(() => decode.decodeTickets(w({ result: 'success', totalresults: 'many', tickets: '' })));
    expect(error.field).toBe('totalresults');
  });
});

describe('records', () => {
  it('services: numbers from strings, zero dates, 0/1 flags, money, nested custom fields and options', () => {
    const [basic, vps] = decode.decodeClientsProducts(w(fixture('clients-products.nested.json'))).items;
    expect(basic).toMatchObject({
      id: 101,
      clientId: 7,
      pid: 4,
      regDate: '2024-03-09',
      overrideSuspendUntil: null,
      lastUpdate: null,
      firstPaymentAmount: '4.50',
      overrideAutoSuspend: false,
      diskUsage: 120,
      customFields: [{ id: 12, name: 'Site purpose', value: 'Shop' }],
      configOptions: [
        { id: 3, option: 'Extra disk', type: 'quantity', value: '2' },
        { id: 5, option: 'Backups', type: 'yesno', value: '1' },
      ],
    });
    expect(basic).not.toHaveProperty('password');
    expect(vps).toMatchObject({
      id: 102,
      recurringAmount: '29.00',
      overrideAutoSuspend: true,
      overrideSuspendUntil: '2026-12-01',
      lastUpdate: '2026-11-20 08:15:00',
      customFields: [],
      configOptions: [],
      notes: 'watch & see',
    });
  });

  it('domains: flags and zero dates', () => {
    const [a, b] = decode.decodeClientsDomains(w(fixture('clients-domains.flat.json'))).items;
    expect(a).toMatchObject({ id: 31, regPeriod: 2, firstPaymentAmount: '22.90', dnsManagement: true, emailForwarding: false, idProtection: true, doNotRenew: false });
    expect(b).toMatchObject({ regDate: null, expiryDate: null, nextDueDate: '2026-12-01', emailForwarding: true, doNotRenew: true });
  });

  it('orders: flattened line items, formatted amounts, order number kept as text', () => {
    const [first, second] = decode.decodeOrders(w(fixture('orders.flat.json'))).items;
    expect(first!.orderNum).toBe('4412098871');
    expect(first!.lineItems).toHaveLength(2);
    expect(first!.lineItems[1]).toMatchObject({ type: 'domain', relId: 31, amount: { amount: '11.95', currency: 'USD', text: '$11.95 USD' } });
    expect(second!.amount).toBe('1234.50');
    expect(second!.lineItems[0]!.amount).toEqual({ amount: '1234.50', currency: 'EUR', text: '€1.234,50 EUR' });
  });

  it('orders: nested single order with a single line item object, numbers as numbers', () => {
    const [order] = decode.decodeOrders(w(fixture('orders.nested.json'))).items;
    expect(order).toMatchObject({ id: 79, orderNum: '4412098873', invoiceId: 905 });
    expect(order!.lineItems).toEqual([
      { type: 'addon', relId: 12, productType: 'Addon', product: 'Daily backups', domain: 'bakery-example.test', billingCycle: 'Monthly', amount: { amount: '8.00', currency: null, text: '8.00' }, status: 'Pending' },
    ]);
  });

  it('transactions: amounts from numbers and short decimals, rate kept', () => {
    const [a, b] = decode.decodeTransactions(w(fixture('transactions.nested.json'))).items;
    expect(a).toMatchObject({ fees: '1.20', amountIn: '29.00', rate: '1.00000', currency: 0 });
    expect(b).toMatchObject({ amountOut: '12.50', amountIn: '0.00', rate: '0.91234', currency: 2, refundId: 501 });
  });

  it('contacts: flags, zero date-times, secrets dropped', () => {
    const [c] = decode.decodeContacts(w(fixture('contacts.flat.json'))).items;
    expect(c).toMatchObject({ id: 3, subaccount: true, generalEmails: false, domainEmails: true, createdAt: '2025-06-01 10:00:00', updatedAt: null });
    expect(Object.keys(c!)).not.toContain('password');
    expect(JSON.stringify(c)).not.toContain('reset-key');
  });

  it('announcements, departments, tickets', () => {
    const [, fr] = decode.decodeAnnouncements(w(fixture('announcements.flat.json'))).items;
    expect(fr).toMatchObject({ published: false, parentId: 7, createdAt: null, language: 'french' });
    expect(decode.decodeSupportDepartments(w(fixture('support-departments.single.json'))).items).toEqual([
      { id: 2, name: 'Billing', awaitingReply: 3, openTickets: 5, customFields: [] },
    ]);
    const [, t] = decode.decodeTickets(w(fixture('tickets.nested.json'))).items;
    expect(t).toMatchObject({ id: 45, tid: '839202', flag: true, lastReply: null, deptId: 2 });
  });

  it('catalogue: products with and without pricing, add-ons, config options with a single choice object', () => {
    const [web, vps] = decode.decodeCatalogueProducts('get-products', w(fixture('catalogue-products.nested.json'))).items;
    expect(web!.pricing).toEqual({ USD: { prefix: '$', suffix: ' USD', monthly: '4.50', annually: '-1.00' } });
    expect(vps).toEqual({ pid: 9, gid: 3, name: 'VPS M', description: '2 vCPU, 4 GB', type: '', payType: '', pricing: {}, customFields: [{ id: 11, name: 'Root user' }] });
    // Custom fields keep their ids (add-order's customfields are keyed by them), in either list shape.
    expect(web!.customFields).toEqual([{ id: 7, name: 'Site owner' }, { id: 8, name: 'VAT number' }]);
    const flat = decode.decodeCatalogueProducts('get-products', w(toFlat(fixture('catalogue-products.nested.json'))));
    expect(flat.items.map((p) => p.customFields)).toEqual([web!.customFields, vps!.customFields]);
    const none = decode.decodeCatalogueProducts('get-products', w({ result: 'success', products: { product: [{ pid: 1, name: 'Bare' }, { pid: 2, name: 'Empty', customfields: '' }] } }));
    expect(none.items.map((p) => p.customFields)).toEqual([[], []]);
    const addons = decode.decodeProductAddons(w(fixture('product-addons.nested.json'))).items;
    expect(addons.map((a) => [a.id, a.billingCycle, a.pricing])).toEqual([
      [12, 'monthly', { USD: { monthly: '8.00' } }],
      [13, 'annually', {}],
    ]);
    const options = decode.decodeProductConfigoptions(w(fixture('product-configoptions.nested.json'))).items;
    // A flat price, or upstream's pricing per cycle.
    expect(options[0]!.choices).toEqual([{ id: 31, name: 'GB', price: '0.50', pricing: {} }]);
    expect(options[1]!.choices).toEqual([{ id: 51, name: 'Yes', price: null, pricing: { USD: { msetupfee: '0.00', monthly: '2.00', quarterly: '-1.00', annually: '20.40' } } }]);
  });

  it('a bad value names operation and wire path, also inside nested line items', () => {
    const body = fixture('orders.flat.json');
    body['orders[order][1][date]'] = 'yesterday';
    let error = protocolErrorOf(() => decode.decodeOrders(w(body)));
    expect(error.field).toBe('orders.order[1].date');
    expect(error.message).toMatch(/^get-orders: .*orders\.order\[1\]\.date.*yesterday/);

    const items = fixture('orders.flat.json');
    items['orders[order][0][lineitems][lineitem][1][relid]'] = 'x';
    error = protocolErrorOf(() => decode.decodeOrders(w(items)));
    expect(error.field).toBe('orders.order[0].lineitems[1].relid');
  });

  it('a record without its id is a protocol error', () => {
    const body = fixture('tickets.nested.json');
    delete (body.tickets as { ticket: Body[] }).ticket[0]!.id;
    expect(protocolErrorOf(() => decode.decodeTickets(w(body))).field).toBe('tickets.ticket[0].id');
  });

  it('an impossible date is a protocol error, the zero date is null', () => {
    const body = fixture('clients-domains.flat.json');
    body['domains[domain][0][expirydate]'] = '2026-02-30';
    expect(protocolErrorOf(() => decode.decodeClientsDomains(w(body))).field).toBe('domains.domain[0].expirydate');
  });
});

describe('client details', () => {
  it('flattened client[...] and stats[...]', () => {
    const { client, stats } = decode.decodeClientDetails(w(fixture('clients-details.flat.json')));
    expect(client).toMatchObject({ userId: 7, id: 7, twoFaEnabled: false, credit: '15.50', separateInvoices: true, allowSingleSignOn: true, currencyCode: 'USD' });
    expect(JSON.stringify(client)).not.toMatch(/neverkeep|never keep/);
    expect(stats).toMatchObject({
      numDueInvoices: 2,
      dueInvoicesBalance: { amount: '1234.50', currency: 'USD' },
      income: { amount: '10500.00', currency: 'USD' },
      refundedInvoicesAmount: { amount: '-12.50', currency: 'USD' },
      inCredit: true,
      isAffiliate: false,
      productsNumTotal: 2,
    });
  });

  it('nested client{} and stats{} with numbers and booleans; missing stats fields default', () => {
    const { client, stats } = decode.decodeClientDetails(w(fixture('clients-details.nested.json')));
    expect(client).toMatchObject({ userId: 7, billingCid: 0, currency: 1, twoFaEnabled: false, marketingEmailsOptIn: true, address1: '' });
    expect(stats).toMatchObject({ numPaidInvoices: 31, inCredit: true, numTickets: 0, paidInvoicesAmount: { amount: null, currency: null } });
  });

  it('a client record with id but no userid: userId is the id', () => {
    expect(decode.decodeClientDetails(w({ result: 'success', 'client[id]': '12', 'client[email]': 'x@y.test' })).client).toMatchObject({ userId: 12, id: 12 });
  });

  it('no stats requested → null; no client → protocol error', () => {
    const body = fixture('clients-details.flat.json');
    for (const key of Object.keys(body)) if (key.startsWith('stats[')) delete body[key];
    expect(decode.decodeClientDetails(w(body)).stats).toBeNull();
    expect(protocolErrorOf(() => decode.decodeClientDetails(w({ result: 'success' }))).field).toBe('client');
  });
});

describe('whois', () => {
  it('object forms of premium and price', () => {
    const result = decode.decodeWhois(w(fixture('whois.objects.json')));
    expect(result).toMatchObject({ domain: 'fresh-bread.test', tld: '.test', available: true, premium: false, flatPrice: null });
    expect(result.prices).toEqual({ register: { annually: '9.50', biennially: '19.00' }, transfer: { annually: '9.50' }, renew: {} });
  });

  it('plain boolean / number forms; availability read from the text when no status', () => {
    const result = decode.decodeWhois(w(fixture('whois.scalars.json')));
    expect(result).toMatchObject({ domain: 'gold.test', premium: true, prices: null, flatPrice: '2500.00', available: false });
    expect(decode.decodeWhois(w({ ...fixture('whois.scalars.json'), premium: false, whois: 'available' })).premium).toBe(false);
    expect(decode.decodeWhois(w({ ...fixture('whois.scalars.json'), premium: { premium: 'true' } })).premium).toBe(true);
    expect(decode.decodeWhois(w({ ...fixture('whois.scalars.json'), whois: 'Something else' })).available).toBeNull();
  });

  it('a registry record in the text means taken, "No match" means free', () => {
    const text = (whois: string) => decode.decodeWhois(w({ domain: 'x.test', whois })).available;
    expect(text('   Domain Name: X.TEST\n   Registrar: Someone')).toBe(false);
    expect(text('No match for domain "X.TEST".')).toBe(true);
  });

  it('a premium flag that is no boolean is a protocol error', () => {
    expect(protocolErrorOf(() => decode.decodeWhois(w({ domain: 'x.test', premium: 'maybe' }))).field).toBe('premium');
  });
});

describe('small replies', () => {
  it('eppcode: entities decoded (named and numeric), absent or empty means e-mailed', () => {
    const raw = 'a&amp;b&#039;c&lt;d&#34;';
    expect(decode.decodeEpp(w({ result: 'success', eppcode: raw }))).toEqual({ delivery: 'returned', eppCode: 'a&b\'c<d"', eppCodeRaw: raw });
    // PHP's html_entity_decode needs the semicolon of a named entity: `&copy2` stays text.
    expect(decode.decodeEpp(w({ result: 'success', eppcode: 'pass&copy2&amp' }))).toMatchObject({ eppCode: 'pass&copy2&amp' });
    expect(decode.decodeEpp(w({ result: 'success' }))).toEqual({ delivery: 'emailed', eppCode: null, eppCodeRaw: null });
    expect(decode.decodeEpp(w({ result: 'success', eppcode: '' }))).toEqual({ delivery: 'emailed', eppCode: null, eppCodeRaw: null });
  });

  it('token: string lifetime, optional refresh token, missing access token is a protocol error', () => {
    expect(decode.decodeToken('token', w({ token_type: 'Bearer', expires_in: '3600', access_token: 'A', refresh_token: 'R' }))).toEqual({
      accessToken: 'A',
      refreshToken: 'R',
      tokenType: 'Bearer',
      expiresIn: 3600,
    });
    expect(decode.decodeToken('token', w({ expires_in: 60, access_token: 'A' })).refreshToken).toBeNull();
    expect(protocolErrorOf(() => decode.decodeToken('token', w({ expires_in: 60 }))).field).toBe('access_token');
  });

  it('add-order: ids as numbers or strings, productids (spec) or serviceids (upstream)', () => {
    expect(decode.decodeOrderCreated(w({ result: 'success', orderid: 5, productids: '1,2', addonids: '', domainids: '9', invoiceid: 7 }))).toEqual({
      orderId: 5,
      invoiceId: 7,
      serviceIds: [1, 2],
      addonIds: [],
      domainIds: [9],
    });
    expect(decode.decodeOrderCreated(w({ result: 'success', orderid: '6', serviceids: '3', addonids: '4,5', invoiceid: '8' }))).toMatchObject({
      orderId: 6,
      invoiceId: 8,
      serviceIds: [3],
      addonIds: [4, 5],
    });
  });

  it('contact, invoice and ticket replies', () => {
    expect(decode.decodeContactRef('add-contact', w({ result: 'success', contactid: '12' }))).toEqual({ contactId: 12 });
    expect(decode.decodeInvoiceCreated(w({ result: 'success', invoiceid: 44, status: 'Draft' }))).toEqual({ invoiceId: 44, status: 'Draft' });
    expect(decode.decodeTicketOpened(w({ result: 'success', id: '9', tid: '123456', c: 'abc' }))).toEqual({ id: 9, tid: '123456', c: 'abc' });
    expect(decode.decodeTicketOpened(w({ result: 'success' }))).toEqual({ id: null, tid: null, c: null });
    expect(protocolErrorOf(() => decode.decodeInvoiceCreated(w({ result: 'success', invoiceid: 'abc' }))).operation).toBe('create-invoice');
  });
});
