/**
 * Migrations 2 and 3 are frozen: upgrading a v1 file gives the search index as those versions built it, with
 * the resources' search descriptors of today changed under them (mocked here to index other words).
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MIGRATIONS } from '../../electron/core/mirror/index.js';
import type * as Resources from '../../electron/core/mirror/resources.js';
import { migrate, schemaVersion } from '../../electron/core/sqlite.js';
import { contact, domain, tempDir } from './mirror-fixtures.js';

vi.mock('../../electron/core/mirror/resources.js', async (importOriginal) => {
  const actual = await importOriginal<typeof Resources>();
  // Today's descriptors, changed: every searchable resource indexes one other word.
  const descriptorOf: typeof actual.descriptorOf = (name) => {
    const descriptor = actual.descriptorOf(name);
    return descriptor.search ? { ...descriptor, search: { ...descriptor.search, terms: () => ['changedtoday'] } } : descriptor;
  };
  return { ...actual, descriptorOf };
});

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

const SLOT_SPAN = 2 ** 40;

/** A v1 file holding domain 7 (example.com) and contact 3 (Zoë Müller, Acme), upgraded to `version`. */
function v1UpgradedTo(version: number): Database.Database {
  const db = new Database(join(dir, 'mirror.sqlite'));
  migrate(db, MIGRATIONS.slice(0, 1));
  db.prepare(
    `INSERT INTO domains (id, json, hash, written_at, domain_name, status, registrar, reg_type, reg_date, expiry_date,
       next_due_date, recurring_cents, do_not_renew)
     VALUES (7, ?, 'h', '2026-01-01T00:00:00.000Z', 'example.com', 'Active', 'enom', 'Register', NULL, NULL, NULL, 995, 0)`,
  ).run(JSON.stringify(domain(7, { domainName: 'example.com', status: 'Active', expiryDate: '2027-02-03' })));
  db.prepare(
    `INSERT INTO contacts (id, json, hash, written_at, first_name, last_name, company_name, email, country, subaccount)
     VALUES (3, ?, 'h', '2026-01-01T00:00:00.000Z', 'Zoë', 'Müller', 'Acme', 'zoe@mail.test', 'US', 0)`,
  ).run(JSON.stringify(contact(3, { firstName: 'Zoë', lastName: 'Müller', companyName: 'Acme', email: 'zoe@mail.test' })));
  migrate(db, MIGRATIONS.slice(0, version));
  expect(schemaVersion(db)).toBe(version);
  return db;
}

const columns = (db: Database.Database) => db.prepare('SELECT * FROM search_index LIMIT 0').columns().map((c) => c.name);
const found = (db: Database.Database, query: string) =>
  db.prepare('SELECT rowid FROM search_index WHERE search_index MATCH ? ORDER BY rowid').pluck().all(query);

describe('migrations 2 and 3, frozen', () => {
  it('v2 indexes each record with the title, subtitle and terms of v2', () => {
    const db = v1UpgradedTo(2);
    expect(columns(db)).toEqual(['title', 'subtitle', 'terms']);
    expect(db.prepare('SELECT rowid, title, subtitle, terms FROM search_index ORDER BY rowid').all()).toEqual([
      { rowid: 2 * SLOT_SPAN + 7, title: 'example.com', subtitle: 'Active · expires 2027-02-03', terms: 'example.com' },
      { rowid: 4 * SLOT_SPAN + 3, title: 'Zoë Müller', subtitle: 'zoe@mail.test · Acme', terms: 'Zoë Müller zoe@mail.test Acme' },
    ]);
    expect(found(db, 'changedtoday')).toEqual([]);
    db.close();
  });

  it('v3 has the contentless index of v3, its words those of v3 whatever the descriptors say now', () => {
    const db = v1UpgradedTo(3);
    expect(columns(db)).toEqual(['terms']);
    expect(found(db, 'exam*')).toEqual([2 * SLOT_SPAN + 7]);
    expect(found(db, 'muller')).toEqual([4 * SLOT_SPAN + 3]);
    expect(found(db, 'acme')).toEqual([4 * SLOT_SPAN + 3]);
    expect(found(db, 'changedtoday')).toEqual([]);
    db.close();
  });
});
