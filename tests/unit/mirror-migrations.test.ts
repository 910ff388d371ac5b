import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, Mirror } from '../../electron/core/mirror/index.js';
import { descriptorOf } from '../../electron/core/mirror/resources.js';
import { searchRowid } from '../../electron/core/mirror/search-index.js';
import { migrate, schemaVersion } from '../../electron/core/sqlite.js';
import { contact, domain, openMirror, order, tempDir, ticket } from './mirror-fixtures.js';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

const file = () => join(dir, 'mirror.sqlite');

/** Domain 7, example.com, as an older version stored it (rows only: that version's migration indexes them). */
function storeExampleDomain(db: Database.Database, record: object): void {
  db.prepare(
    `INSERT INTO domains (id, json, hash, written_at, domain_name, status, registrar, reg_type, reg_date, expiry_date,
       next_due_date, recurring_cents, do_not_renew)
     VALUES (7, ?, 'old-hash', '2026-01-01T00:00:00.000Z', 'example.com', 'Active', 'enom', 'Register', NULL, NULL, NULL, 995, 0)`,
  ).run(JSON.stringify(record));
}

describe('mirror migrations', () => {
  it('a new file is created at the latest version, in WAL mode with synchronous=NORMAL and 8 kB pages', () => {
    const mirror = openMirror(dir);
    expect(schemaVersion(mirror.db)).toBe(MIGRATIONS.at(-1)!.version);
    expect(mirror.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(mirror.db.pragma('synchronous', { simple: true })).toBe(1);
    expect(mirror.db.pragma('page_size', { simple: true })).toBe(8192);
    mirror.dispose();
  });

  it("the app's connection has an 8 MB page cache, the writer thread's second connection 4 MB", () => {
    const app = Mirror.open(file());
    const writer = Mirror.attach(file());
    expect(app.db.pragma('cache_size', { simple: true })).toBe(-8000);
    expect(writer.db.pragma('cache_size', { simple: true })).toBe(-4000);
    writer.dispose();
    app.dispose();
  });

  it('an existing file keeps its page size', () => {
    const old = new Database(file());
    old.pragma('page_size = 4096');
    migrate(old, MIGRATIONS.slice(0, 1));
    old.close();
    const mirror = Mirror.open(file());
    expect(mirror.db.pragma('page_size', { simple: true })).toBe(4096);
    expect(schemaVersion(mirror.db)).toBe(MIGRATIONS.at(-1)!.version);
    mirror.dispose();
  });

  it('upgrades a v1 file: rows written by v1 are kept and become searchable', () => {
    const v1 = new Database(file());
    migrate(v1, MIGRATIONS.slice(0, 1));
    expect(schemaVersion(v1)).toBe(1);
    const example = domain(7, { domainName: 'example.com' });
    storeExampleDomain(v1, example);
    const zoe = contact(3, { firstName: 'Zoë', lastName: 'Müller' });
    v1.prepare(
      `INSERT INTO contacts (id, json, hash, written_at, first_name, last_name, company_name, email, country, subaccount)
       VALUES (3, ?, 'v1-hash', '2026-01-01T00:00:00.000Z', 'Zoë', 'Müller', '', 'c3@mail.test', 'US', 0)`,
    ).run(JSON.stringify(zoe));
    v1.close();

    const mirror = openMirror(dir);
    expect(schemaVersion(mirror.db)).toBe(MIGRATIONS.at(-1)!.version);
    expect(mirror.get('domains', 7)).toEqual(example);
    expect(mirror.search('exam').map((hit) => [hit.resource, hit.id])).toEqual([['domains', 7]]);
    expect(mirror.search('muller').map((hit) => [hit.resource, hit.id])).toEqual([['contacts', 3]]);
    const run = mirror.beginSyncRun('start');
    expect(mirror.syncRuns()[0]).toMatchObject({ id: run, outcome: 'running' });
    mirror.dispose();
  });

  it('upgrades a v2 file: the search index no longer keeps its own text, and hits still have their titles', () => {
    const v2 = new Database(file());
    migrate(v2, MIGRATIONS.slice(0, 2));
    const example = domain(7, { domainName: 'example.com' });
    storeExampleDomain(v2, example);
    // The document as v2 wrote it, text included.
    const rowid = searchRowid(descriptorOf('domains').search!.slot, 7);
    v2.prepare('INSERT INTO search_index (rowid, title, subtitle, terms) VALUES (?, ?, ?, ?)').run(rowid, 'old title', 'old', 'example com');
    const columnsOf = (db: Database.Database) => db.prepare('SELECT * FROM search_index LIMIT 0').columns().map((c) => c.name);
    expect(columnsOf(v2)).toEqual(['title', 'subtitle', 'terms']);
    v2.close();

    const mirror = openMirror(dir);
    expect(schemaVersion(mirror.db)).toBe(MIGRATIONS.at(-1)!.version);
    expect(columnsOf(mirror.db)).toEqual(['terms']);
    expect(mirror.db.prepare('SELECT rowid, terms FROM search_index').all()).toEqual([{ rowid, terms: null }]);
    expect(mirror.search('exam')).toEqual([{ resource: 'domains', id: 7, title: 'example.com', details: expect.any(Array) }]);
    mirror.dispose();
  });

  it('upgrades a v4 file: transfer secrets and ticket access codes leave the records, their hashes those of the new JSON', () => {
    const mirror = openMirror(dir);
    mirror.applySnapshot('orders', [order(1)]);
    mirror.applySnapshot('tickets', [ticket(2)]);
    const hashes = () => mirror.db.prepare("SELECT hash FROM orders UNION ALL SELECT hash FROM tickets").pluck().all();
    const written = hashes();
    // The rows as v4 wrote them, the secrets in their JSON.
    mirror.db.prepare("UPDATE orders SET json = json_set(json, '$.transferSecret', 'Order-EPP-9z'), hash = 'v4'").run();
    mirror.db.prepare("UPDATE tickets SET json = json_set(json, '$.c', 'Access-7q'), hash = 'v4'").run();
    mirror.db.exec('DROP TABLE search_trigram; DROP TABLE catalogue_group_cache'); // v6's and v7's
    mirror.db.pragma('user_version = 4');
    mirror.dispose();

    const upgraded = openMirror(dir);
    expect(schemaVersion(upgraded.db)).toBe(MIGRATIONS.at(-1)!.version);
    expect(upgraded.get('orders', 1)).toEqual(order(1));
    expect(upgraded.get('tickets', 2)).toEqual(ticket(2));
    expect(upgraded.db.prepare("SELECT hash FROM orders UNION ALL SELECT hash FROM tickets").pluck().all()).toEqual(written);
    upgraded.dispose();
    for (const name of readdirSync(dir)) {
      const bytes = readFileSync(join(dir, name));
      expect(bytes.includes('Order-EPP-9z') || bytes.includes('Access-7q'), name).toBe(false);
    }
  });

  it('upgrades a v6 file: a product group’s own read is kept, and known when the file is opened again', () => {
    const v6 = new Database(file());
    migrate(v6, MIGRATIONS.slice(0, 6));
    v6.close();
    const upgraded = openMirror(dir);
    expect(schemaVersion(upgraded.db)).toBe(7);
    upgraded.catalogueGroupReads.put('3', { count: 4 }, new Date('2026-03-01T09:00:00Z'));
    upgraded.dispose();
    const again = openMirror(dir);
    expect(again.catalogueGroupReads.get('3')).toEqual({ value: { count: 4 }, fetchedAt: '2026-03-01T09:00:00.000Z' });
    again.dispose();
  });

  it('upgrades a v5 file: its rows are found by any part of their names, the client and cities too', () => {
    const v5 = new Database(file());
    migrate(v5, MIGRATIONS.slice(0, 5));
    storeExampleDomain(v5, domain(7, { domainName: 'example.com' }));
    v5.close();

    const mirror = openMirror(dir);
    expect(schemaVersion(mirror.db)).toBe(MIGRATIONS.at(-1)!.version);
    expect(mirror.search('ample').map((hit) => [hit.resource, hit.id])).toEqual([['domains', 7]]);
    expect(mirror.search('ex').map((hit) => [hit.resource, hit.id])).toEqual([['domains', 7]]);
    mirror.dispose();
  });

  it('reopening runs nothing again and keeps the data', () => {
    const first = openMirror(dir);
    first.applySnapshot('domains', [domain(1)]);
    first.dispose();
    const again = openMirror(dir);
    expect(again.counts().domains).toBe(1);
    expect(again.search('domain1')).toHaveLength(1);
    again.dispose();
  });

  it('refuses a file written by a newer app, and leaves it alone', () => {
    const newer = new Database(file());
    newer.pragma('user_version = 99');
    newer.close();
    expect(() => Mirror.open(file())).toThrow(/schema version 99/);
    const check = new Database(file());
    expect(schemaVersion(check)).toBe(99);
    check.close();
  });

  it('a failing migration rolls back and leaves the version where it was', () => {
    const db = new Database(file());
    migrate(db, MIGRATIONS.slice(0, 1));
    const broken = { version: 2, name: 'broken', up: (d: Database.Database) => d.exec('CREATE TABLE x (a); SELECT nope FROM nowhere') };
    expect(() => migrate(db, [MIGRATIONS[0]!, broken])).toThrow();
    expect(schemaVersion(db)).toBe(1);
    expect(db.prepare("SELECT COUNT(*) FROM sqlite_master WHERE name = 'x'").pluck().get()).toBe(0);
    db.close();
  });
});
