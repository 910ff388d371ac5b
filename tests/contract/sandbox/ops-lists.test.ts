/**
 * The paged list operations over real HTTP: counters and their JSON types, limitstart/limitnum, the page-size
 * cap, host placement, plus the shapes and filters of get-clients-products, get-transactions,
 * get-clients-domains, get-announcements and get-support-departments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './http.js';
import {
  AMOUNT, DATE, DATETIME, expectStringRecord, FLAG, ids, ok, op, openSession, rejection, type Session, unflatten,
} from './ops.js';

let s: Session;
/** A second sandbox whose page size is capped at 10 rows. */
let capped: Session;
// The spec's paging, which get-transactions follows only when not strict (strict.test.ts covers strict mode).
beforeAll(async () => {
  [s, capped] = await Promise.all([openSession({ strict: false }), openSession({ maxPageSize: 10, strict: false })]);
});
afterAll(() => Promise.all([s.sb.stop(), capped.sb.stop()]));

type Counter = 'string' | 'number';
interface PagedList {
  operation: string;
  rows: (json: any) => any[];
  table: string;
  owner: string | null;
  counters: [totalresults: Counter, startnumber: Counter, numreturned: Counter];
}

const PAGED: PagedList[] = [
  { operation: 'get-clients-products', rows: (j) => j.products.product, table: 'services', owner: 'userid', counters: ['string', 'number', 'number'] },
  { operation: 'get-transactions', rows: (j) => j.transactions.transaction, table: 'transactions', owner: 'userid', counters: ['number', 'number', 'number'] },
  { operation: 'get-clients-domains', rows: (j) => unflatten(j, 'domains[domain]'), table: 'domains', owner: 'userid', counters: ['string', 'string', 'string'] },
  { operation: 'get-orders', rows: (j) => unflatten(j, 'orders[order]'), table: 'orders', owner: 'userid', counters: ['number', 'number', 'number'] },
  { operation: 'get-contacts', rows: (j) => unflatten(j, 'contacts[contact]'), table: 'contacts', owner: 'userid', counters: ['string', 'string', 'string'] },
  { operation: 'get-announcements', rows: (j) => unflatten(j, 'announcements[announcement]'), table: 'announcements', owner: null, counters: ['string', 'string', 'string'] },
  { operation: 'get-tickets', rows: (j) => j.tickets.ticket, table: 'tickets', owner: 'owner_userid', counters: ['string', 'number', 'number'] },
];

function countRows(session: Session, list: PagedList): number {
  const where = list.owner ? `WHERE ${list.owner} = ${session.demoId}` : '';
  return (session.sb.db.prepare(`SELECT COUNT(*) AS n FROM ${list.table} ${where}`).get() as { n: number }).n;
}

describe.each(PAGED)('$operation paging', (list) => {
  it('reports the counters with this operation\'s JSON types', async () => {
    const json = await ok(op(s, list.operation, { limitstart: 1, limitnum: 2 }));
    const total = countRows(s, list);
    const [totalType, startType, returnedType] = list.counters;
    expect(typeof json.totalresults).toBe(totalType);
    expect(typeof json.startnumber).toBe(startType);
    expect(typeof json.numreturned).toBe(returnedType);
    expect(Number(json.totalresults)).toBe(total);
    expect(Number(json.startnumber)).toBe(1);
    expect(Number(json.numreturned)).toBe(2);
    expect(list.rows(json)).toHaveLength(2);
  });

  it('returns 25 rows by default, and pages through limitstart/limitnum consistently', async () => {
    const total = countRows(s, list);
    const first = await ok(op(s, list.operation));
    expect(list.rows(first)).toHaveLength(Math.min(25, total));
    const all = ids(list.rows(await ok(op(s, list.operation, { limitnum: 250 }))));
    expect(all).toHaveLength(total);
    expect(new Set(all).size).toBe(total);
    const window = await ok(op(s, list.operation, { limitstart: 2, limitnum: 3 }));
    expect(ids(list.rows(window))).toEqual(all.slice(2, 5));
  });

  it('returns no rows past the end, with the full total', async () => {
    const total = countRows(s, list);
    const json = await ok(op(s, list.operation, { limitstart: total + 5 }));
    expect(list.rows(json)).toEqual([]);
    expect(Number(json.numreturned)).toBe(0);
    expect(Number(json.totalresults)).toBe(total);
  });

  it('caps a page at maxPageSize while totalresults stays full', async () => {
    const json = await ok(op(capped, list.operation, { limitnum: 50 }));
    const total = countRows(capped, list);
    expect(list.rows(json)).toHaveLength(Math.min(10, total));
    expect(Number(json.numreturned)).toBe(Math.min(10, total));
    expect(Number(json.totalresults)).toBe(total);
  });

  it('rejects a negative offset, a zero count and non-integers, naming the parameter', async () => {
    expect(await rejection(op(s, list.operation, { limitstart: -1 }))).toMatch(/limitstart/);
    expect(await rejection(op(s, list.operation, { limitnum: 0 }))).toMatch(/limitnum/);
    expect(await rejection(op(s, list.operation, { limitnum: '2.5' }))).toMatch(/limitnum/);
    expect(await rejection(op(s, list.operation, { limitstart: 'abc' }))).toMatch(/limitstart/);
  });

  it('accepts the paging fields urlencoded as well as multipart', async () => {
    const json = await ok(op(s, list.operation, { limitstart: 1, limitnum: 2 }, { urlencoded: true }));
    expect(Number(json.numreturned)).toBe(2);
  });
});

describe('hosts', () => {
  it('publishes the four alt operations on the alt base URL only, and the others on the base URL only', async () => {
    for (const operation of ['get-transactions', 'get-support-departments', 'update-contact', 'get-tickets']) {
      expect((await call(s.sb, s.demo, operation)).status).toBe(404);
    }
    expect((await call(s.sb, s.demo, 'get-clients-products', {}, { alt: true })).status).toBe(404);
    expect((await call(s.sb, s.demo, 'get-clients-domains', {}, { alt: true })).status).toBe(404);
  });
});

const SERVICE_FIELDS = [
  'id', 'clientid', 'orderid', 'pid', 'regdate', 'name', 'translated_name', 'groupname', 'translated_groupname',
  'domain', 'dedicatedip', 'serverid', 'servername', 'serverip', 'serverhostname', 'suspensionreason',
  'firstpaymentamount', 'recurringamount', 'paymentmethod', 'paymentmethodname', 'billingcycle', 'nextduedate',
  'status', 'username', 'password', 'subscriptionid', 'promoid', 'overideautosuspend', 'overidesuspenduntil', 'ns1',
  'ns2', 'assignedips', 'notes', 'diskusage', 'disklimit', 'bwusage', 'bwlimit', 'lastupdate',
];

describe('get-clients-products', () => {
  it('returns each service with string scalars, nested customfields and configoptions', async () => {
    const json = await ok(op(s, 'get-clients-products', { limitnum: 100 }));
    expect(json.clientid).toBe(String(s.demoId));
    expect(json.serviceid).toBeNull();
    expect(json.pid).toBeNull();
    expect(json.domain).toBeNull();
    const products = json.products.product as any[];
    for (const product of products) {
      const { customfields, configoptions, ...scalars } = product;
      expectStringRecord(scalars, SERVICE_FIELDS);
      expect(scalars.clientid).toBe(String(s.demoId));
      expect(scalars.regdate).toMatch(DATE);
      expect(scalars.nextduedate).toMatch(DATE);
      expect(scalars.lastupdate).toMatch(DATETIME);
      expect(scalars.recurringamount).toMatch(AMOUNT);
      expect(Array.isArray(customfields.customfield)).toBe(true);
      for (const field of customfields.customfield) expectStringRecord(field, ['id', 'name', 'value']);
      for (const option of configoptions.configoption) expectStringRecord(option, ['id', 'option', 'type', 'value']);
    }
    expect(products.some((p) => p.customfields.customfield.length > 0)).toBe(true);
    expect(products.some((p) => p.configoptions.configoption.length > 0)).toBe(true);
  });

  it('matches the stored custom fields and options of a service', async () => {
    const row = s.sb.db.prepare(
      'SELECT serviceid FROM service_configoptions c JOIN services s ON s.id = c.serviceid WHERE s.userid = ? LIMIT 1',
    ).get(s.demoId) as { serviceid: number };
    const json = await ok(op(s, 'get-clients-products', { serviceid: row.serviceid }));
    const stored = s.sb.db.prepare('SELECT id, option, type, value FROM service_configoptions WHERE serviceid = ? ORDER BY id').all(row.serviceid) as any[];
    expect(json.products.product[0].configoptions.configoption).toEqual(stored.map((o) => ({ ...o, id: String(o.id) })));
  });

  it('filters by serviceid, pid, domain and username2, echoing what was searched', async () => {
    const svc = s.sb.db.prepare("SELECT id, pid, domain, username FROM services WHERE userid = ? AND username != '' LIMIT 1 OFFSET 1")
      .get(s.demoId) as { id: number; pid: number; domain: string; username: string };
    const byId = await ok(op(s, 'get-clients-products', { serviceid: svc.id }));
    expect(ids(byId.products.product)).toEqual([String(svc.id)]);
    expect(byId.serviceid).toBe(String(svc.id));
    expect(byId.totalresults).toBe('1');

    const byPid = await ok(op(s, 'get-clients-products', { pid: svc.pid, limitnum: 100 }));
    const expectedPid = s.sb.db.prepare('SELECT id FROM services WHERE userid = ? AND pid = ? ORDER BY id').all(s.demoId, svc.pid) as any[];
    expect(ids(byPid.products.product)).toEqual(ids(expectedPid));
    expect(byPid.pid).toBe(String(svc.pid));

    const byDomain = await ok(op(s, 'get-clients-products', { domain: svc.domain }));
    expect(byDomain.products.product.map((p: any) => p.domain)).toEqual([svc.domain]);
    expect(byDomain.domain).toBe(svc.domain);

    const byUsername = await ok(op(s, 'get-clients-products', { username2: svc.username }));
    expect(ids(byUsername.products.product)).toEqual([String(svc.id)]);
  });

  it('keeps accounts apart: another account\'s service id finds nothing, its clientid is refused', async () => {
    const foreign = s.sb.db.prepare('SELECT id FROM services WHERE userid = ? LIMIT 1').get(s.otherId) as { id: number };
    const json = await ok(op(s, 'get-clients-products', { serviceid: foreign.id }));
    expect(json.products.product).toEqual([]);
    expect(json.totalresults).toBe('0');
    expect(await rejection(op(s, 'get-clients-products', { clientid: s.otherId }))).toBe('Client ID Not Found');
    const own = await ok(op(s, 'get-clients-products', { clientid: s.demoId }));
    expect(Number(own.totalresults)).toBeGreaterThan(0);
    const other = await ok(op(s, 'get-clients-products', { limitnum: 100 }, { as: 'other' }));
    expect(other.products.product.every((p: any) => p.clientid === String(s.otherId))).toBe(true);
  });

  it('rejects a non-integer serviceid', async () => {
    expect(await rejection(op(s, 'get-clients-products', { serviceid: 'x1' }))).toMatch(/serviceid/);
  });
});

describe('get-transactions', () => {
  const FIELDS = ['id', 'userid', 'currency', 'gateway', 'date', 'description', 'amountin', 'fees', 'amountout', 'rate', 'transid', 'invoiceid', 'refundid'];

  it('returns the caller\'s transactions with string fields, amounts and a five-decimal rate', async () => {
    const json = await ok(op(s, 'get-transactions', { limitnum: 100 }));
    for (const t of json.transactions.transaction) {
      expectStringRecord(t, FIELDS);
      expect(t.userid).toBe(String(s.demoId));
      expect(t.date).toMatch(DATETIME);
      for (const amount of [t.amountin, t.fees, t.amountout]) expect(amount).toMatch(AMOUNT);
      expect(t.rate).toMatch(/^\d+\.\d{5}$/);
    }
  });

  it('filters by invoiceid and by transid', async () => {
    const sample = s.sb.db.prepare('SELECT invoiceid, transid FROM transactions WHERE userid = ? AND invoiceid > 0 LIMIT 1').get(s.demoId) as any;
    const byInvoice = await ok(op(s, 'get-transactions', { invoiceid: sample.invoiceid }));
    const expected = s.sb.db.prepare('SELECT id FROM transactions WHERE userid = ? AND invoiceid = ? ORDER BY id').all(s.demoId, sample.invoiceid) as any[];
    expect(ids(byInvoice.transactions.transaction)).toEqual(ids(expected));
    const byTransid = await ok(op(s, 'get-transactions', { transid: sample.transid }));
    expect(byTransid.transactions.transaction.map((t: any) => t.transid)).toEqual([sample.transid]);
  });

  it('never shows another account\'s transactions', async () => {
    const foreign = s.sb.db.prepare('SELECT transid FROM transactions WHERE userid = ? LIMIT 1').get(s.otherId) as any;
    const json = await ok(op(s, 'get-transactions', { transid: foreign.transid }));
    expect(json.transactions.transaction).toEqual([]);
    expect(await rejection(op(s, 'get-transactions', { clientid: s.otherId }))).toBe('Client ID Not Found');
  });
});

describe('get-clients-domains', () => {
  const FIELDS = [
    'id', 'userid', 'orderid', 'regtype', 'domainname', 'registrar', 'regperiod', 'firstpaymentamount',
    'recurringamount', 'paymentmethod', 'paymentmethodname', 'regdate', 'expirydate', 'nextduedate', 'status',
    'subscriptionid', 'promoid', 'dnsmanagement', 'emailforwarding', 'idprotection', 'donotrenew', 'notes',
  ];

  it('flattens each domain into domains[domain][n][field] string keys, echoing clientid and domainid', async () => {
    const json = await ok(op(s, 'get-clients-domains', { limitnum: 3 }));
    expect(json.clientid).toBe(String(s.demoId));
    expect(json.domainid).toBe('');
    expect(json['domains[domain][0][domainname]']).toEqual(expect.any(String));
    expect(Object.keys(json).filter((k) => k.startsWith('domains[domain][')).length).toBe(3 * FIELDS.length);
    for (const d of unflatten(json, 'domains[domain]')) {
      expectStringRecord(d, FIELDS);
      for (const date of [d.regdate, d.expirydate, d.nextduedate]) expect(date).toMatch(DATE);
      for (const flag of [d.dnsmanagement, d.emailforwarding, d.idprotection, d.donotrenew]) expect(flag).toMatch(FLAG);
    }
  });

  it('filters by domainid and by domain name (case-insensitively)', async () => {
    const d = s.sb.db.prepare('SELECT id, domainname FROM domains WHERE userid = ? LIMIT 1 OFFSET 4').get(s.demoId) as any;
    const byId = await ok(op(s, 'get-clients-domains', { domainid: d.id }));
    expect(byId.domainid).toBe(String(d.id));
    expect(ids(unflatten(byId, 'domains[domain]'))).toEqual([String(d.id)]);
    const byName = await ok(op(s, 'get-clients-domains', { domain: d.domainname.toUpperCase() }));
    expect(unflatten(byName, 'domains[domain]').map((x) => x.domainname)).toEqual([d.domainname]);
  });

  it('hides another account\'s domains and refuses its clientid', async () => {
    const foreign = s.sb.db.prepare('SELECT id FROM domains WHERE userid = ? LIMIT 1').get(s.otherId) as any;
    const json = await ok(op(s, 'get-clients-domains', { domainid: foreign.id }));
    expect(json.totalresults).toBe('0');
    expect(unflatten(json, 'domains[domain]')).toEqual([]);
    expect(await rejection(op(s, 'get-clients-domains', { clientid: s.otherId }))).toBe('Client ID Not Found');
  });
});

describe('get-announcements', () => {
  const FIELDS = ['id', 'date', 'title', 'announcement', 'published', 'parentid', 'language', 'created_at', 'updated_at'];

  it('lists every announcement newest first, as strings, the same for every account', async () => {
    const json = await ok(op(s, 'get-announcements', { limitnum: 100 }));
    const rows = unflatten(json, 'announcements[announcement]');
    for (const a of rows) {
      expectStringRecord(a, FIELDS);
      expect(a.date).toMatch(DATETIME);
      expect(a.published).toMatch(FLAG);
    }
    const dates = rows.map((a) => a.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const other = await ok(op(s, 'get-announcements', { limitnum: 100 }, { as: 'other' }));
    expect(unflatten(other, 'announcements[announcement]')).toEqual(rows);
  });
});

describe('get-support-departments', () => {
  it('lists departments with the caller\'s awaiting-reply and open ticket counts', async () => {
    const json = await ok(op(s, 'get-support-departments'));
    expect(typeof json.totalresults).toBe('number');
    expect(json.startnumber).toBeUndefined();
    const departments = json.departments.department as any[];
    expect(json.totalresults).toBe(departments.length);
    for (const { customfields, ...d } of departments) {
      expectStringRecord(d, ['id', 'name', 'awaitingreply', 'opentickets']);
      for (const field of customfields?.customfield ?? []) expectStringRecord(field, ['id', 'name', 'type', 'options', 'required']);
      const counts = s.sb.db.prepare(
        `SELECT SUM(status IN ('Open', 'Customer-Reply')) AS awaiting, SUM(status != 'Closed') AS active
         FROM tickets WHERE deptid = ? AND owner_userid = ?`,
      ).get(d.id, s.demoId) as { awaiting: number | null; active: number | null };
      expect(d.awaitingreply).toBe(String(counts.awaiting ?? 0));
      expect(d.opentickets).toBe(String(counts.active ?? 0));
    }
    const total = departments.reduce((n, d) => n + Number(d.opentickets), 0);
    expect(total).toBeGreaterThan(0);
  });

  it('gives the custom fields of a department that has them, and nothing for one without', async () => {
    const departments = (await ok(op(s, 'get-support-departments'))).departments.department as any[];
    const servers = departments.find((d) => d.name === 'Server Management');
    expect(servers.customfields.customfield).toEqual([
      { id: expect.stringMatching(/^\d+$/), name: 'Server hostname', type: 'text', options: '', required: '1' },
      { id: expect.stringMatching(/^\d+$/), name: 'Affected service type', type: 'dropdown', options: 'Web hosting,Email,VPS,DNS', required: '0' },
      { id: expect.stringMatching(/^\d+$/), name: 'Happened after a change on our side', type: 'tickbox', options: '', required: '0' },
    ]);
    expect(departments.find((d) => d.name === 'Sales')).not.toHaveProperty('customfields');
  });

  it('leaves out hidden departments', async () => {
    s.sb.db.prepare("INSERT INTO departments (id, name, hidden) VALUES (99, 'Internal', 1)").run();
    const json = await ok(op(s, 'get-support-departments'));
    expect(json.departments.department.map((d: any) => d.id)).not.toContain('99');
  });
});
