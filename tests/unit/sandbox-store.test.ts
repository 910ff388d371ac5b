import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, PRESETS, type SandboxOptions } from '../../sandbox/options.js';
import { openStore } from '../../sandbox/store/index.js';
import { SCHEMA_VERSION } from '../../sandbox/store/schema.js';
import { parseCents } from '../../sandbox/store/money.js';

const TODAY = '2025-06-15';

function options(overrides: Partial<SandboxOptions> = {}): SandboxOptions {
  return { ...DEFAULT_OPTIONS, seed: 7, today: TODAY, db: ':memory:', ...overrides };
}

const opened: Database.Database[] = [];

/** Opens a store and closes it after the test. */
function store(overrides: Partial<SandboxOptions> = {}): ReturnType<typeof openStore> {
  const result = openStore(options(overrides));
  opened.push(result.db);
  return result;
}

afterEach(() => {
  for (const db of opened.splice(0)) if (db.open) db.close();
});

/** SHA-256 of every table's rows, in insertion order. */
function dumpHash(db: Database.Database): string {
  const hash = createHash('sha256');
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];
  for (const table of tables) {
    hash.update(`#${table}\n`);
    for (const row of db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all()) hash.update(`${JSON.stringify(row)}\n`);
  }
  return hash.digest('hex');
}

function count(db: Database.Database, sql: string, ...params: unknown[]): number {
  return db.prepare(sql).pluck().get(...params) as number;
}

function countsOf(db: Database.Database, userid: number): Record<string, number> {
  return {
    services: count(db, 'SELECT COUNT(*) FROM services WHERE userid = ?', userid),
    domains: count(db, 'SELECT COUNT(*) FROM domains WHERE userid = ?', userid),
    orders: count(db, 'SELECT COUNT(*) FROM orders WHERE userid = ?', userid),
    transactions: count(db, 'SELECT COUNT(*) FROM transactions WHERE userid = ?', userid),
    contacts: count(db, 'SELECT COUNT(*) FROM contacts WHERE userid = ?', userid),
    tickets: count(db, 'SELECT COUNT(*) FROM tickets WHERE owner_userid = ?', userid),
  };
}

function sharedCountsOf(db: Database.Database): Record<string, number> {
  return {
    accounts: count(db, 'SELECT COUNT(*) FROM clients'),
    announcements: count(db, 'SELECT COUNT(*) FROM announcements'),
    products: count(db, 'SELECT COUNT(*) FROM products'),
  };
}

describe('determinism', () => {
  it('gives byte-identical data for the same seed, preset, sizes and today', () => {
    const size = { accounts: 3, tickets: 25 };
    expect(dumpHash(store({ size }).db)).toBe(dumpHash(store({ size }).db));
  });

  it('gives different data for another seed or another today', () => {
    const base = dumpHash(store().db);
    expect(dumpHash(store({ seed: 8 }).db)).not.toBe(base);
    expect(dumpHash(store({ today: '2025-06-16' }).db)).not.toBe(base);
  });

  it('records the inputs in meta', () => {
    const { db } = store({ seed: 99, size: { services: 3 } });
    const meta = Object.fromEntries(
      (db.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[]).map((r) => [r.key, r.value]),
    );
    expect(meta).toMatchObject({ seed: '99', preset: 'demo', today: TODAY, size: '{"services":3}' });
  });
});

describe('sizes', () => {
  it('follows the demo preset for every account', () => {
    const { db, accounts } = store();
    const { accounts: accountCount, announcements, products, ...perAccount } = PRESETS.demo;
    expect(accounts).toHaveLength(accountCount);
    expect(sharedCountsOf(db)).toEqual({ accounts: accountCount, announcements, products });
    for (const { userid } of accounts) expect(countsOf(db, userid)).toEqual(perAccount);
  });

  it('applies size overrides', () => {
    const size = {
      accounts: 3, services: 5, domains: 7, orders: 4, transactions: 9, contacts: 2, tickets: 3, announcements: 2, products: 4,
    };
    const { db, accounts } = store({ size });
    expect(accounts.map((a) => a.userid)).toEqual([1, 2, 3]);
    expect(sharedCountsOf(db)).toEqual({ accounts: 3, announcements: 2, products: 4 });
    for (const { userid } of accounts) {
      expect(countsOf(db, userid)).toEqual({ services: 5, domains: 7, orders: 4, transactions: 9, contacts: 2, tickets: 3 });
    }
  });

  it('handles empty accounts and more orders than holdings', () => {
    const empty = store({ size: { services: 0, domains: 0, orders: 0, transactions: 0, contacts: 0, tickets: 0 } });
    expect(countsOf(empty.db, 1)).toEqual({ services: 0, domains: 0, orders: 0, transactions: 0, contacts: 0, tickets: 0 });
    const busy = store({ size: { services: 2, domains: 1, orders: 20, transactions: 30 } });
    expect(countsOf(busy.db, 1)).toMatchObject({ services: 2, domains: 1, orders: 20, transactions: 30 });
  });

  it('gives the large sizes to account 1 only; account 2 gets demo sizes', () => {
    const { db } = store({ preset: 'large', size: { services: 30, domains: 40, orders: 20, transactions: 50, contacts: 5, tickets: 6 } });
    const { accounts: _a, announcements: _n, products: _p, ...demoPerAccount } = PRESETS.demo;
    expect(countsOf(db, 1)).toEqual({ services: 30, domains: 40, orders: 20, transactions: 50, contacts: 5, tickets: 6 });
    expect(countsOf(db, 2)).toEqual(demoPerAccount);
    expect(sharedCountsOf(db)).toEqual({ accounts: 2, announcements: PRESETS.large.announcements, products: PRESETS.large.products });
  });

  it('rejects invalid sizes and dates', () => {
    expect(() => openStore(options({ size: { services: -1 } }))).toThrow(/services/);
    expect(() => openStore(options({ size: { accounts: 0 } }))).toThrow(/accounts/);
    expect(() => openStore(options({ size: { products: 0 } }))).toThrow(/products/);
    expect(() => openStore(options({ today: '2025-02-30' }))).toThrow(/Invalid date/);
  });
});

describe('accounts', () => {
  it('returns the documented demo credentials first, then the numbered accounts', () => {
    const { accounts } = store({ size: { accounts: 3 } });
    expect(accounts).toEqual([
      { userid: 1, username: 'demo@reseller.example', password: 'demo-password', clientId: 'demo-client', clientSecret: 'demo-secret' },
      { userid: 2, username: 'client2@reseller.example', password: 'password-2', clientId: 'client-2', clientSecret: 'secret-2' },
      { userid: 3, username: 'client3@reseller.example', password: 'password-3', clientId: 'client-3', clientSecret: 'secret-3' },
    ]);
  });

  it('stores a bcrypt-shaped hash, never the plain password, and Unicode names', () => {
    const { db } = store();
    const clients = db.prepare('SELECT * FROM clients ORDER BY id').all() as Record<string, string>[];
    for (const client of clients) {
      expect(client.password_hash).toMatch(/^\$2y\$10\$[./A-Za-z0-9]{53}$/);
      expect(client.password_hash).not.toContain(client.api_password);
      expect(client.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect(clients[0]).toMatchObject({ firstname: 'Zoë', lastname: 'Müller' });
    expect(clients[1]).toMatchObject({ firstname: 'José', lastname: 'Ñúñez', companyname: '株式会社さくらウェブ' });
    const subaccounts = db.prepare('SELECT password, permissions FROM contacts WHERE subaccount = 1').all() as Record<string, string>[];
    expect(subaccounts.length).toBeGreaterThan(0);
    for (const contact of subaccounts) {
      expect(contact.password).toMatch(/^\$2y\$10\$/);
      expect(contact.permissions).toMatch(/^[a-z]+(,[a-z]+)+$/);
    }
    expect(count(db, "SELECT COUNT(*) FROM contacts WHERE subaccount = 0 AND password <> ''")).toBe(0);
  });
});

/** Checks that hold for any generated dataset. */
function expectConsistent(db: Database.Database): void {
  expect(db.pragma('foreign_key_check')).toEqual([]);

  // Order line items point at records of the same order (or, for renewals, of the same client).
  const orphanItems = count(db, `
    SELECT COUNT(*) FROM order_lineitems li JOIN orders o ON o.id = li.orderid
    WHERE NOT CASE li.type
      WHEN 'product' THEN EXISTS (SELECT 1 FROM services s WHERE s.id = li.relid AND s.orderid = o.id AND s.userid = o.userid)
      WHEN 'addon' THEN EXISTS (SELECT 1 FROM service_addons a WHERE a.id = li.relid AND a.orderid = o.id AND a.userid = o.userid)
      WHEN 'domain' THEN EXISTS (SELECT 1 FROM domains d WHERE d.id = li.relid AND d.userid = o.userid
        AND (d.orderid = o.id OR li.product = 'Renewal'))
      ELSE 0 END`);
  expect(orphanItems).toBe(0);

  // Amounts: order = sum of its items = its invoice's total; invoice total = sum of its items.
  // Mismatches are collected and asserted once: an expect per row is too slow for the large preset.
  const amountsBy = (sql: string): Map<number, number> => {
    const sums = new Map<number, number>();
    for (const { key, amount } of db.prepare(sql).all() as { key: number; amount: string }[]) {
      sums.set(key, (sums.get(key) ?? 0) + parseCents(amount));
    }
    return sums;
  };
  const lineItemCents = amountsBy('SELECT orderid AS key, amount FROM order_lineitems');
  const invoiceItemCents = amountsBy('SELECT invoiceid AS key, amount FROM invoice_items');
  const invoices = new Map((db.prepare('SELECT id, userid, subtotal, total FROM invoices').all() as
    { id: number; userid: number; subtotal: string; total: string }[]).map((inv) => [inv.id, inv]));
  const orders = db.prepare('SELECT id, userid, amount, invoiceid FROM orders').all() as
    { id: number; userid: number; amount: string; invoiceid: number }[];
  const badOrders = orders.filter((order) => {
    const cents = lineItemCents.get(order.id) ?? 0;
    const invoice = invoices.get(order.invoiceid);
    return parseCents(order.amount) !== cents || invoice?.userid !== order.userid || parseCents(invoice.total) !== cents;
  });
  expect(badOrders).toEqual([]);
  const badInvoices = [...invoices.values()].filter((inv) =>
    parseCents(inv.total) !== (invoiceItemCents.get(inv.id) ?? 0) || inv.subtotal !== inv.total);
  expect(badInvoices).toEqual([]);

  // Transactions: payments reference an invoice of the same client; refunds a payment of the same invoice.
  expect(count(db, `SELECT COUNT(*) FROM transactions t WHERE t.invoiceid <> 0
    AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.id = t.invoiceid AND i.userid = t.userid)`)).toBe(0);
  expect(count(db, "SELECT COUNT(*) FROM transactions WHERE description = 'Invoice Payment' AND invoiceid = 0")).toBe(0);
  expect(count(db, `SELECT COUNT(*) FROM transactions r WHERE r.refundid <> 0 AND NOT EXISTS (
    SELECT 1 FROM transactions p WHERE p.id = r.refundid AND p.invoiceid = r.invoiceid AND p.date <= r.date
      AND CAST(p.amountin AS REAL) >= CAST(r.amountout AS REAL))`)).toBe(0);

  // Services reference real catalogue products by id and name.
  expect(count(db, `SELECT COUNT(*) FROM services s WHERE NOT EXISTS (
    SELECT 1 FROM products p JOIN product_groups g ON g.id = p.gid WHERE p.pid = s.pid AND p.name = s.name AND g.name = s.groupname)`)).toBe(0);

  // Service custom fields are the product's fields.
  expect(count(db, `SELECT COUNT(*) FROM service_customfields f JOIN services s ON s.id = f.serviceid WHERE NOT EXISTS (
    SELECT 1 FROM product_customfields p WHERE p.id = f.id AND p.pid = s.pid AND p.name = f.name)`)).toBe(0);

  // Tickets: related service/domain belongs to the owner; conversation after the opening.
  expect(count(db, `SELECT COUNT(*) FROM tickets t WHERE t.service <> '' AND NOT EXISTS (
    SELECT 1 FROM services s WHERE t.service GLOB 'S*' AND s.id = CAST(substr(t.service, 2) AS INTEGER) AND s.userid = t.owner_userid
    UNION ALL
    SELECT 1 FROM domains d WHERE t.service GLOB 'D*' AND d.id = CAST(substr(t.service, 2) AS INTEGER) AND d.userid = t.owner_userid)`)).toBe(0);
  expect(count(db, 'SELECT COUNT(*) FROM tickets WHERE lastreply < date')).toBe(0);
  expect(count(db, 'SELECT COUNT(*) FROM ticket_replies r JOIN tickets t ON t.id = r.ticketid WHERE r.date < t.date')).toBe(0);

  // Formats: money with two decimals, rates with five, past-only moments.
  const money = [
    'SELECT amount FROM orders', 'SELECT amount FROM order_lineitems', 'SELECT total FROM invoices',
    'SELECT amountin FROM transactions', 'SELECT amountout FROM transactions', 'SELECT fees FROM transactions',
    'SELECT firstpaymentamount FROM services', 'SELECT recurringamount FROM domains',
  ];
  for (const sql of money) {
    expect((db.prepare(sql).pluck().all() as string[]).filter((value) => !/^\d+\.\d{2}$/.test(value)), sql).toEqual([]);
  }
  expect(count(db, "SELECT COUNT(*) FROM transactions WHERE rate <> '1.00000'")).toBe(0);
  const dated = [['orders', 'date'], ['transactions', 'date'], ['tickets', 'lastreply'], ['domains', 'regdate'], ['invoices', 'datepaid']];
  for (const [table, column] of dated) {
    const latest = db.prepare(`SELECT MAX(${column}) FROM ${table}`).pluck().get() as string | null;
    if (latest !== null) expect(latest < TODAY, `${table}.${column}: ${latest}`).toBe(true);
  }

  // Uniqueness and shapes of identifiers.
  expect(count(db, 'SELECT COUNT(*) - COUNT(DISTINCT domainname) FROM domains')).toBe(0);
  expect(count(db, "SELECT COUNT(*) FROM orders WHERE ordernum NOT GLOB '[1-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]'")).toBe(0);
  expect(count(db, "SELECT COUNT(*) FROM tickets WHERE tid NOT GLOB '[0-9][0-9][0-9][0-9][0-9][0-9]' OR length(c) <> 8")).toBe(0);
  expect(count(db, `SELECT COUNT(*) FROM services s JOIN products p ON p.pid = s.pid
    WHERE p.type <> 'other' AND s.username NOT GLOB '[a-z][a-z][a-z][a-z][a-z][a-z][a-z][a-z]'`)).toBe(0);
  expect(count(db, 'SELECT COUNT(*) FROM (SELECT userid, email FROM contacts GROUP BY 1, 2 HAVING COUNT(*) > 1)')).toBe(0);
}

describe('demo dataset', () => {
  it('is referentially consistent', () => {
    expectConsistent(store().db);
    expectConsistent(store({ seed: 3, size: { accounts: 3, services: 2, domains: 1, orders: 20, transactions: 30 } }).db);
  });

  it('has domains expiring within 30 days of today, for any seed', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const { db } = store({ seed });
      const soon = count(db, `SELECT COUNT(*) FROM domains WHERE userid = 1 AND status = 'Active'
        AND expirydate BETWEEN ? AND date(?, '+30 days')`, TODAY, TODAY);
      expect(soon, `seed ${seed}`).toBeGreaterThan(0);
    }
  });

  it('has EPP codes that need HTML escaping, missing codes and registrar errors', () => {
    const { db } = store();
    expect(count(db, "SELECT COUNT(*) FROM domains WHERE userid = 1 AND eppcode GLOB '*[&<>\"'']*'")).toBeGreaterThan(0);
    expect(count(db, 'SELECT COUNT(*) FROM domains WHERE userid = 1 AND eppcode IS NULL')).toBeGreaterThan(0);
    expect(count(db, "SELECT COUNT(*) FROM domains WHERE userid = 1 AND registrar_error LIKE 'Registrar Error:%'")).toBeGreaterThan(0);
  });

  it('has the variety a real account has', () => {
    const { db } = store();
    const values = (sql: string): string[] => db.prepare(sql).pluck().all() as string[];
    expect(values('SELECT DISTINCT status FROM services')).toEqual(expect.arrayContaining(['Active', 'Terminated']));
    expect(values('SELECT DISTINCT status FROM domains')).toEqual(expect.arrayContaining(['Active', 'Expired', 'Grace', 'Pending Transfer']));
    expect(values('SELECT DISTINCT status FROM orders')).toEqual(expect.arrayContaining(['Active', 'Pending']));
    expect(values('SELECT DISTINCT status FROM invoices')).toEqual(expect.arrayContaining(['Paid', 'Unpaid', 'Refunded', 'Draft']));
    expect(values('SELECT DISTINCT paymentmethod FROM orders').length).toBeGreaterThan(1);
    expect(values("SELECT domainname FROM domains WHERE domainname GLOB '*[^-a-z0-9.]*'").length).toBeGreaterThan(0);
    expect(count(db, 'SELECT COUNT(*) FROM transactions WHERE refundid <> 0')).toBeGreaterThan(0);
    expect(count(db, "SELECT COUNT(*) FROM tickets WHERE status <> 'Closed'")).toBeGreaterThan(0);
    expect(count(db, 'SELECT COUNT(*) FROM ticket_replies WHERE admin <> ?', '')).toBeGreaterThan(0);
    expect(count(db, "SELECT COUNT(*) FROM services WHERE overidesuspenduntil = '0000-00-00'")).toBeGreaterThan(0);
    expect(count(db, "SELECT COUNT(*) FROM announcements WHERE announcement LIKE '%<a href=%' AND announcement LIKE '%&amp;%'")).toBeGreaterThan(0);
    expect(count(db, 'SELECT COUNT(DISTINCT tld) FROM tld_pricing')).toBeGreaterThanOrEqual(20);
    const com = JSON.parse(db.prepare("SELECT register FROM tld_pricing WHERE tld = '.com'").pluck().get() as string) as Record<string, string>;
    expect(Object.keys(com)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
  });
});

describe('large preset', () => {
  let db: Database.Database;
  beforeAll(() => {
    db = openStore(options({ preset: 'large' })).db;
  }, 60_000);
  afterAll(() => db.close());

  it('has the large sizes for account 1 and demo sizes for account 2', () => {
    const { accounts: _a, announcements: _n, products: _p, ...large } = PRESETS.large;
    const { accounts: _b, announcements: _m, products: _q, ...demo } = PRESETS.demo;
    expect(countsOf(db, 1)).toEqual(large);
    expect(countsOf(db, 2)).toEqual(demo);
  });

  it('is referentially consistent', () => {
    expectConsistent(db);
  }, 60_000);
});

describe('database files', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sandbox-store-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reuses an existing seeded file as is instead of reseeding it', () => {
    const file = join(dir, 'state.sqlite');
    const first = openStore(options({ db: file }));
    expect(first.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(first.db.pragma('foreign_keys', { simple: true })).toBe(1);
    first.db.prepare("UPDATE clients SET notes = 'edited by a test' WHERE id = 1").run();
    const hash = dumpHash(first.db);
    first.db.close();

    const second = openStore(options({ db: file, seed: 12345, size: { accounts: 4 } }));
    try {
      expect(dumpHash(second.db)).toBe(hash);
      expect(second.accounts).toHaveLength(2);
      expect(second.db.prepare("SELECT value FROM meta WHERE key = 'seed'").pluck().get()).toBe('7');
    } finally {
      second.db.close();
    }
  });

  it('seeds a file exactly like an in-memory database', () => {
    const file = join(dir, 'fresh.sqlite');
    const onDisk = openStore(options({ db: file }));
    try {
      expect(dumpHash(onDisk.db)).toBe(dumpHash(store().db));
    } finally {
      onDisk.db.close();
    }
  });
});

describe('a database file an older sandbox seeded', () => {
  it('is seeded afresh, in this version’s tables (the demo provider’s file outlives an app update)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-old-'));
    try {
      const file = join(dir, 'provider.db');
      const first = openStore(options({ db: file }));
      // What a version-1 sandbox left: its version, and a table whose columns this version no longer has.
      first.db.prepare("UPDATE meta SET value = '1' WHERE key = 'schema_version'").run();
      first.db.exec('DROP TABLE configoption_choices; CREATE TABLE configoption_choices (id INTEGER PRIMARY KEY, configid INTEGER, name TEXT, price TEXT)');
      first.db.close();
      const again = openStore(options({ db: file }));
      try {
        expect(again.db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").pluck().get()).toBe(String(SCHEMA_VERSION));
        const columns = again.db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('configoption_choices');
        expect(columns).toContain('pricing');
        expect(again.accounts.length).toBeGreaterThan(0);
      } finally {
        again.db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
