/**
 * What must hold of the files a killed process leaves: each opens, SQLite finds nothing corrupt, and the
 * mirror holds whole snapshots only (a resource's rows, its search documents and its sync state agree). And,
 * after the last sync, the mirror equals the server.
 */
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import { Mirror, SYNCED_RESOURCES, type SyncRunRecord } from '../../../electron/core/mirror/index.js';
import { descriptorOf } from '../../../electron/core/mirror/resources.js';
import { slotRowids } from '../../../electron/core/mirror/search-index.js';
import { openOutbox, type EntryState } from '../../../electron/core/outbox/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { allRows, dateOrNull } from '../sync/harness.js';

function expectIntact(db: Database.Database): void {
  expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
}

/** Opens the outbox file as the next process would; returns its entries' states. */
export function reopenOutbox(file: string): Record<EntryState, number> {
  const db = new Database(file);
  expectIntact(db);
  db.close();
  const outbox = openOutbox(file);
  const counts = outbox.counts();
  outbox.dispose();
  return counts;
}

/** Opens the mirror file as the next process would (which marks runs cut short as interrupted); returns the newest run. */
export function reopenMirror(file: string): SyncRunRecord | null {
  const mirror = Mirror.open(file);
  try {
    expectIntact(mirror.db);
    mirror.db.exec("INSERT INTO search_index (search_index) VALUES ('integrity-check')");
    expectWholeSnapshots(mirror);
    return mirror.syncRuns(1)[0] ?? null;
  } finally {
    mirror.dispose();
  }
}

/** Each synced resource's rows and search documents number what its sync state says was written with them. */
function expectWholeSnapshots(mirror: Mirror): void {
  const rows = mirror.counts();
  const states = new Map(mirror.syncStates().map((state) => [state.resource, state]));
  for (const resource of SYNCED_RESOURCES) {
    const state = states.get(resource)!;
    expect(rows[resource], `${resource} rows`).toBe(state.lastSyncedAt === null ? 0 : state.rowCount);
    const slot = descriptorOf(resource).search?.slot;
    if (slot === undefined) continue;
    const [first, last] = slotRowids(slot);
    const documents = mirror.db.prepare('SELECT COUNT(*) FROM search_index WHERE rowid BETWEEN ? AND ?').pluck().get(first, last);
    expect(documents, `${resource} search documents`).toBe(rows[resource]);
  }
}

/** Ids and the fields the tests change, of every resource of account `userid`, as the server has them. */
export function serverSnapshot(sb: RunningSandbox, userid: number) {
  const all = <T>(sql: string, ...params: unknown[]) => sb.db.prepare(sql).all(...params) as T[];
  return {
    client: all<object>('SELECT id FROM clients WHERE id = ?', userid),
    departments: all<object>('SELECT id FROM departments WHERE hidden = 0 ORDER BY id'),
    tickets: all<object>('SELECT id, subject, status FROM tickets WHERE owner_userid = ? ORDER BY id', userid),
    services: all<object>('SELECT id, domain, status FROM services WHERE userid = ? ORDER BY id', userid),
    domains: all<{ expirydate: string }>('SELECT id, domainname, status, expirydate FROM domains WHERE userid = ? ORDER BY id', userid).map((d) => ({
      ...d,
      expirydate: dateOrNull(d.expirydate),
    })),
    orders: all<object>('SELECT id, ordernum, status FROM orders WHERE userid = ? ORDER BY id', userid),
    transactions: all<object>('SELECT id FROM transactions WHERE userid = ? ORDER BY id', userid),
    contacts: all<object>('SELECT id, email, city, companyname, phonenumber FROM contacts WHERE userid = ? ORDER BY id', userid),
    announcements: all<object>('SELECT id FROM announcements ORDER BY id'),
    catalogue: all<object>('SELECT pid FROM products ORDER BY pid'),
  };
}

export function mirrorSnapshot(mirror: Mirror): ReturnType<typeof serverSnapshot> {
  return {
    client: allRows(mirror, 'client').map((c) => ({ id: c.client.userId })),
    departments: allRows(mirror, 'departments').map((d) => ({ id: d.id })),
    tickets: allRows(mirror, 'tickets').map((t) => ({ id: t.id, subject: t.subject, status: t.status })),
    services: allRows(mirror, 'services').map((s) => ({ id: s.id, domain: s.domain, status: s.status })),
    domains: allRows(mirror, 'domains').map((d) => ({ id: d.id, domainname: d.domainName, status: d.status, expirydate: d.expiryDate })),
    orders: allRows(mirror, 'orders').map((o) => ({ id: o.id, ordernum: o.orderNum, status: o.status })),
    transactions: allRows(mirror, 'transactions').map((t) => ({ id: t.id })),
    contacts: allRows(mirror, 'contacts').map((c) => ({ id: c.id, email: c.email, city: c.city, companyname: c.companyName, phonenumber: c.phoneNumber })),
    announcements: allRows(mirror, 'announcements').map((a) => ({ id: a.id })),
    catalogue: allRows(mirror, 'catalogue').map((p) => ({ pid: p.pid })),
  };
}
