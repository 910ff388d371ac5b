/**
 * The record test of a list's filters and text (mirror/record-filter.ts) gives the same answer as the list's SQL:
 * the same records stored in a real mirror, the same filters, SQL (Mirror.list) vs JS (recordFilter), for every
 * kind of filter, every equals and child filter of every resource, and the text filter's tokens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '../../shared/models.js';
import type { ResourceName, ResourceRecords } from '../../shared/records.js';
import { RESOURCES, type ListQuery, type Mirror } from '../../electron/core/mirror/index.js';
import type { ResourceDescriptor } from '../../electron/core/mirror/descriptor.js';
import { recordFilter, recordSearchHeading } from '../../electron/core/mirror/record-filter.js';
import { announcement, contact, domain, openMirror, order, service, tempDir, ticket, TODAY, transaction } from './mirror-fixtures.js';

const invoice = (id: number, fields: Partial<Invoice> = {}): Invoice => ({
  id, status: 'Unpaid', date: '2026-11-01', dueDate: '2026-11-15', total: '10.00', notes: '', items: [], createdAt: '2026-11-01T10:00:00.000Z',
  ...fields,
});

// Nulls, ties, date-times on the bounds' days, case variants and accents on purpose.
const RECORDS = {
  domains: [
    domain(1, { domainName: 'alpha.com', status: 'Active', registrar: 'enom', expiryDate: '2026-11-22', doNotRenew: true }),
    domain(2, { domainName: 'Alpha.net', status: 'Expired', registrar: 'ENOM', expiryDate: '2026-11-25', nextDueDate: null }),
    domain(3, { domainName: 'beta-shop.org', status: 'active', registrar: 'opensrs', expiryDate: null, regType: 'Transfer' }),
    domain(4, { domainName: 'zoë-müller.de', status: 'Cancelled', expiryDate: '2026-12-22', nextDueDate: '2026-11-22 18:30:00' }),
    domain(5, { domainName: 'gamma.io', status: 'Active', expiryDate: '2026-11-21', doNotRenew: true, nextDueDate: '2026-11-23' }),
    domain(6, { domainName: 'example.com', status: 'Pending', expiryDate: '2027-03-01', registrar: '' }),
  ],
  services: [
    service(1, { pid: 1, billingCycle: 'Monthly', nextDueDate: '2026-11-22', status: 'Active' }),
    service(2, { pid: 2, billingCycle: 'Annually', nextDueDate: '2026-11-29', status: 'Suspended', name: 'Pro Hosting' }),
    service(3, { pid: null, billingCycle: 'monthly', nextDueDate: null, status: 'Active' }),
    service(4, { pid: 2, billingCycle: 'Monthly', nextDueDate: '2026-11-21', status: 'Terminated' }),
  ],
  orders: [
    order(1, { status: 'Active', paymentStatus: 'Paid', date: '2026-11-22 23:59:59', invoiceId: 7 }),
    order(2, { status: 'Pending', date: '2026-11-23 00:00:00', invoiceId: null }),
    order(3, {
      status: 'Fraud', date: null,
      lineItems: [
        { ...order(3).lineItems[0]!, domain: 'Example.COM' },
        { ...order(3).lineItems[0]!, domain: '12345' },
        { ...order(3).lineItems[0]!, domain: '7.0' },
      ],
    }),
    order(4, { date: '2026-11-01', lineItems: [] }),
  ],
  transactions: [
    transaction(1, { gateway: 'paypal', invoiceId: 1, date: '2026-11-22' }),
    transaction(2, { gateway: 'PayPal', invoiceId: 2, date: '2026-11-22 12:00:00' }),
    transaction(3, { gateway: 'mailin', invoiceId: null, date: null }),
  ],
  contacts: [
    contact(1, { firstName: 'Zoë', lastName: 'Müller', email: 'zoe@bakery.test', country: 'DE', subaccount: true }),
    contact(2, { firstName: 'Ada', lastName: "O'Brien-Smith", companyName: 'Σίσυφος ΑΕ', country: 'GR' }),
    contact(3, { firstName: 'İlker', lastName: 'Łódź', email: 'ilker@example.com', country: 'de', subaccount: true }),
    contact(4, { firstName: 'hi\u0301ndi', lastName: 'हिन्दी', companyName: 'ﬁne Ⅻ', email: 'x_y@mail.test', country: 'IN' }),
    contact(5, { firstName: 'Ǆemal', lastName: 'Straße', companyName: '😀smile co', country: 'US' }),
  ],
  tickets: [
    ticket(1, { deptId: 1, status: 'Open', priority: 'High', flag: true, lastReply: '2026-11-22 09:00:00', subject: 'Domain example.com down' }),
    ticket(2, { deptId: 2, status: 'Answered', priority: 'Low', lastReply: '2026-11-22', subject: 'Invoice #123 question' }),
    ticket(3, { deptId: null, status: 'Closed', lastReply: null, subject: 'café menu' }),
    ticket(4, { deptId: 2, status: 'open', lastReply: '2026-11-21 23:59:59', subject: 'Re: résumé' }),
  ],
  announcements: [
    announcement(1, { date: '2026-11-22 08:00:00', published: true }),
    announcement(2, { date: '2026-11-20', published: false, title: 'Maintenance' }),
  ],
  invoices: [invoice(1), invoice(2, { status: 'Paid' }), invoice(3, { status: 'Draft' })],
} satisfies Partial<{ [R in ResourceName]: ResourceRecords[R][] }>;
type Stocked = keyof typeof RECORDS;

let mirror: Mirror;
let cleanup: () => void;

beforeAll(() => {
  const temp = tempDir();
  cleanup = temp.cleanup;
  mirror = openMirror(temp.dir);
  for (const resource of ['domains', 'services', 'orders', 'transactions', 'contacts', 'tickets', 'announcements'] as const) {
    // eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- every resource's records applied generically: the compiler cannot correlate RECORDS[R] with R
    mirror.applySnapshot(resource, RECORDS[resource] as never);
  }
  for (const record of RECORDS.invoices) mirror.upsert('invoices', record);
});
afterAll(() => {
  mirror.dispose();
  cleanup();
});

/** The ids the list's SQL finds and the ids the record test lets through, each sorted. */
function bothWays<R extends Stocked>(resource: R, query: Pick<ListQuery<R>, 'filters' | 'text'>): { sql: number[]; js: number[] } {
  const records = RECORDS[resource] as { id: number }[];
  // eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- the query of any resource R, handed to the mirror's list generically
  const sql = mirror.list(resource, { ...query, limit: 1000 } as never).rows.map((r) => (r as { id: number }).id);
  const test = recordFilter(resource, query, TODAY);
  const js = records.filter((r) => test === null || test(r)).map((r) => r.id);
  return { sql: sql.sort((a, b) => a - b), js: js.sort((a, b) => a - b) };
}

/** Agreement, on a case chosen to tell records apart (some found, not all). */
function expectAgreement<R extends Stocked>(resource: R, query: Pick<ListQuery<R>, 'filters' | 'text'>, discriminating = true): void {
  const { sql, js } = bothWays(resource, query);
  expect(js, JSON.stringify(query)).toEqual(sql);
  if (discriminating) {
    expect(sql.length, `${JSON.stringify(query)} finds some`).toBeGreaterThan(0);
    expect(sql.length, `${JSON.stringify(query)} leaves some out`).toBeLessThan(RECORDS[resource].length);
  }
}

describe('recordFilter agrees with the SQL of a list', () => {
  it('takes every record when there is nothing to filter on', () => {
    expect(recordFilter('domains', {}, TODAY)).toBeNull();
    expect(recordFilter('domains', { filters: { status: undefined }, text: ' - ' }, TODAY)).toBeNull();
  });

  it('equals: one value, a list, an empty list, case as written', () => {
    expectAgreement('domains', { filters: { status: 'Active' } });
    expectAgreement('domains', { filters: { status: ['Active', 'Expired'] } });
    expectAgreement('domains', { filters: { status: [] } }, false);
    expectAgreement('domains', { filters: { registrar: 'ENOM' } });
    expectAgreement('domains', { filters: { registrar: '' } });
    expectAgreement('services', { filters: { pid: 2 } });
    expectAgreement('services', { filters: { pid: [1, 2] } });
    expectAgreement('orders', { filters: { invoiceId: 7 } });
    expectAgreement('tickets', { filters: { deptId: 2, status: 'open' } });
    expect(bothWays('domains', { filters: { status: [] } }).sql).toEqual([]);
  });

  it('flag: true and false', () => {
    expectAgreement('domains', { filters: { doNotRenew: true } });
    expectAgreement('domains', { filters: { doNotRenew: false } });
    expectAgreement('contacts', { filters: { subaccount: true } });
    expectAgreement('tickets', { filters: { flagged: true } });
    expectAgreement('announcements', { filters: { published: false } });
  });

  it('range: both bounds, one bound, a bare date upper bound taking in that whole day, a date-time bound, NULL left out', () => {
    expectAgreement('domains', { filters: { expiryDate: { from: '2026-11-22', to: '2026-12-22' } } });
    expectAgreement('domains', { filters: { expiryDate: { from: '2026-11-25' } } });
    expectAgreement('domains', { filters: { expiryDate: { to: '2026-11-22' } } });
    expectAgreement('domains', { filters: { nextDueDate: { to: '2026-11-22' } } });
    expectAgreement('orders', { filters: { date: { to: '2026-11-22' } } });
    expectAgreement('orders', { filters: { date: { from: '2026-11-22', to: '2026-11-22 23:59:59' } } });
    expectAgreement('tickets', { filters: { lastReply: { from: '2026-11-22', to: '2026-11-22' } } });
    expectAgreement('transactions', { filters: { date: { from: '2026-11-22 00:00:01' } } });
    // The bare date's whole day: a date-time on it is in, as SQL has it.
    expect(bothWays('tickets', { filters: { lastReply: { to: '2026-11-22' } } }).js).toEqual([1, 2, 4]);
  });

  it('withinDays: today to today + N, with date-times past the last day left out as SQL leaves them', () => {
    expectAgreement('domains', { filters: { expiringWithinDays: 0 } });
    expectAgreement('domains', { filters: { expiringWithinDays: 3 } });
    expectAgreement('domains', { filters: { expiringWithinDays: 30 } });
    expectAgreement('services', { filters: { dueWithinDays: 7 } });
    expectAgreement('services', { filters: { status: 'Active', dueWithinDays: 0 } });
  });

  it("child: some line item holds the value, case aside on a NOCASE column, a number as a REAL's text", () => {
    expectAgreement('orders', { filters: { domain: 'example.com' } });
    expectAgreement('orders', { filters: { domain: 'order1.com' } });
    expectAgreement('orders', { filters: { domain: 7 } });
    // Bound as a REAL, 12345 is the text '12345.0' to a text column.
    expectAgreement('orders', { filters: { domain: 12345 } }, false);
    expectAgreement('orders', { filters: { domain: 'nowhere.com' } }, false);
  });

  it('every equals and child filter of every resource, with each value held and that value in other case', () => {
    let cases = 0;
    for (const resource of Object.keys(RECORDS) as Stocked[]) {
      for (const [name, spec] of Object.entries(RESOURCES[resource].filters)) {
        if (spec.kind !== 'equals' && spec.kind !== 'child') continue;
        const probe = (value: string | number) => {
          // eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- each filter with a value of its kind, generically over every resource
          const { sql, js } = bothWays(resource, { filters: { [name]: value } } as never);
          expect(js, `${resource} ${name} = ${JSON.stringify(value)}`).toEqual(sql);
          cases++;
        };
        for (const record of RECORDS[resource] as object[]) {
          // eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- every resource's descriptor driven generically: RESOURCES[R] cannot be correlated with its record
          const descriptor = RESOURCES[resource] as unknown as ResourceDescriptor<object>;
          const child = spec.kind === 'child' ? descriptor.children!.find((c) => c.table === spec.table)! : null;
          const values = child
            ? child.rows(record).map((row) => row[child.columns.indexOf(spec.column)])
            : [descriptor.columns[spec.column]!(record)];
          for (const value of values) {
            if (typeof value === 'number') probe(value);
            if (typeof value !== 'string') continue;
            if (spec.kind === 'equals' && spec.type === 'number') continue;
            for (const variant of new Set([value, value.toUpperCase(), value.toLowerCase()])) probe(variant);
          }
        }
      }
    }
    expect(cases).toBeGreaterThan(60);
  });

  it('filters and text together', () => {
    expectAgreement('domains', { filters: { status: 'Active' }, text: 'alpha' });
    expectAgreement('contacts', { filters: { country: 'DE' }, text: 'zoe' });
  });

  it('refuses what the list refuses: an unknown filter, a bad value, text on a resource that cannot be searched', () => {
    // eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- a filter domains lacks, on purpose, to see the refusal
    expect(() => recordFilter('domains', { filters: { colour: 'red' } } as never, TODAY)).toThrow("domains has no filter 'colour'");
    // eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- a value of the wrong type, on purpose, to see the refusal
    expect(() => recordFilter('domains', { filters: { doNotRenew: 'yes' } } as never, TODAY)).toThrow('filter doNotRenew takes true or false');
    expect(() => recordFilter('invoices', { text: 'x' }, TODAY)).toThrow('invoices cannot be searched');
  });
});

describe('the text filter agrees with the search index', () => {
  const words = [
    'zoe', 'zoë', 'ZOË', 'mull', 'muller', 'müller', 'bakery', 'bakery.test', 'zoe@bakery', "o'brien", 'brien-smith', 'smith',
    'σίσυφος', 'σισυφ', 'ΣΊΣΥΦΟΣ', 'ilker', 'İlker', 'lodz', 'łódź', 'hindi', 'ह', 'न', 'हिन्दी', 'ﬁne', 'ⅻ', 'x_y', 'x',
    'y@mail', 'ǆemal', 'Ǆ', 'strasse', 'straße', 'smile', 'co', 'de', 'example.com', 'exam', 'com', 'mail.test', 'ada',
    'ada smith', 'zoe müller', 'müller zoe', 'zo mü', 'nobody',
  ];

  it('finds the same contacts as the list with text, word by word and in pairs', () => {
    for (const text of words) expect(bothWays('contacts', { text }).js, text).toEqual(bothWays('contacts', { text }).sql);
    for (let i = 0; i + 1 < words.length; i += 2) {
      const text = `${words[i]} ${words[i + 1]}`;
      expect(bothWays('contacts', { text }).js, text).toEqual(bothWays('contacts', { text }).sql);
    }
  });

  it('finds the same domains, tickets and orders', () => {
    for (const text of ['alpha', 'alpha.com', 'ALPHA.NET', 'beta-shop', 'shop.org', 'zoë-mül', 'example.com', 'example.co', 'com'])
      expectAgreement('domains', { text });
    for (const text of ['example', 'invoice #123', '123', 'cafe', 'résumé', 'resu', 're:']) expect(bothWays('tickets', { text }).js, text).toEqual(bothWays('tickets', { text }).sql);
    expectAgreement('orders', { text: '4000000001' });
  });

  it('heads a found record as search shows it, and finds nothing the text does not', () => {
    const zoe = RECORDS.contacts[0]!;
    expect(recordSearchHeading('contacts', zoe, 'zoe mull')).toEqual({ title: 'Zoë Müller', details: [{ kind: 'text', value: 'zoe@bakery.test' }] });
    expect(recordSearchHeading('contacts', zoe, 'zoe ada')).toBeNull();
    expect(recordSearchHeading('invoices', RECORDS.invoices[0]!, 'unpaid')).toBeNull();
    const hit = mirror.search('zoe mull').find((h) => h.resource === 'contacts' && h.id === zoe.id);
    expect(hit).toMatchObject(recordSearchHeading('contacts', zoe, 'zoe mull')!);
  });
});
