import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeRows, type Mirror } from '../../electron/core/mirror/index.js';
import { domain, openMirror, order, service, tempDir } from './mirror-fixtures.js';

let mirror: Mirror;
let cleanup: () => void;
let clock: Date;

beforeEach(() => {
  const temp = tempDir();
  cleanup = temp.cleanup;
  clock = new Date('2026-11-22T10:00:00Z');
  mirror = openMirror(temp.dir, { now: () => clock });
});
afterEach(() => {
  mirror.dispose();
  cleanup();
});

const writtenAt = (table: string, id: number) =>
  mirror.db.prepare(`SELECT written_at FROM ${table} WHERE id = ?`).pluck().get(id) as string | undefined;
const childRows = (table: string, parent: number) =>
  mirror.db.prepare(`SELECT * FROM ${table} WHERE parent_id = ? ORDER BY 2`).all(parent);

describe('applySnapshot', () => {
  it('inserts a new resource and reports every record as added', () => {
    const records = [domain(1), domain(2), domain(3)];
    const changes = mirror.applySnapshot('domains', records);
    expect(changes).toEqual({ resource: 'domains', added: records, changed: [], removed: [] });
    expect(mirror.get('domains', 2)).toEqual(records[1]);
    expect(mirror.get('domains', 4)).toBeNull();
    expect(mirror.counts().domains).toBe(3);
  });

  it('inserts, rewrites only changed rows and deletes vanished ones, with before and after', () => {
    mirror.applySnapshot('domains', [domain(1), domain(2), domain(3)]);
    clock = new Date('2026-11-22T11:00:00Z');
    const renamed = domain(2, { status: 'Expired' });
    const changes = mirror.applySnapshot('domains', [domain(1), renamed, domain(4)]);

    expect(changes.added).toEqual([domain(4)]);
    expect(changes.changed).toEqual([{ before: domain(2), after: renamed }]);
    expect(changes.removed).toEqual([domain(3)]);
    expect(mirror.get('domains', 3)).toBeNull();
    expect(mirror.get('domains', 2)).toEqual(renamed);
    // Unchanged row 1 was not rewritten; the changed and the new one were.
    expect(writtenAt('domains', 1)).toBe('2026-11-22T10:00:00.000Z');
    expect(writtenAt('domains', 2)).toBe('2026-11-22T11:00:00.000Z');
    expect(writtenAt('domains', 4)).toBe('2026-11-22T11:00:00.000Z');
  });

  it('applyEncodedSnapshotTally writes the same from a stream of rows and only counts the changes', () => {
    mirror.applySnapshot('domains', [domain(1), domain(2), domain(3)]);
    clock = new Date('2026-11-22T11:00:00Z');
    function* stream() {
      yield domain(1);
      yield domain(2, { status: 'Expired' });
      yield domain(4);
    }
    expect(mirror.applyEncodedSnapshotTally('domains', encodeRows('domains', stream()))).toEqual({ added: 1, changed: 1, removed: 1, records: 3 });
    expect(mirror.list('domains', { sort: { field: 'id' } }).rows).toEqual([domain(1), domain(2, { status: 'Expired' }), domain(4)]);
    expect(writtenAt('domains', 1)).toBe('2026-11-22T10:00:00.000Z');
    expect(mirror.syncStates().find((s) => s.resource === 'domains')?.rowCount).toBe(3);
    // A stream that fails half-way leaves the snapshot before it.
    function* failing() {
      yield domain(9);
      throw new Error('record 1 of 2 was never handed over');
    }
    expect(() => mirror.applyEncodedSnapshotTally('domains', encodeRows('domains', failing()))).toThrow('never handed over');
    expect(mirror.counts().domains).toBe(3);
  });

  it('an identical snapshot changes no row at all', () => {
    const records = Array.from({ length: 50 }, (_, i) => service(i + 1));
    mirror.applySnapshot('services', records);
    const before = mirror.db.prepare('SELECT total_changes()').pluck().get() as number;
    const changes = mirror.applySnapshot('services', records.map((r) => structuredClone(r)));
    const after = mirror.db.prepare('SELECT total_changes()').pluck().get() as number;
    expect(changes).toEqual({ resource: 'services', added: [], changed: [], removed: [] });
    // Only the sync_state row is written.
    expect(after - before).toBe(1);
  });

  it('keeps child tables in step with the record', () => {
    mirror.applySnapshot('services', [service(1)]);
    expect(childRows('service_config_options', 1)).toEqual([{ parent_id: 1, id: 7, option: 'Disk', type: 'dropdown', value: '10 GB' }]);
    const upgraded = service(1, {
      configOptions: [
        { id: 7, option: 'Disk', type: 'dropdown', value: '50 GB' },
        { id: 8, option: 'Backups', type: 'yesno', value: '1' },
      ],
    });
    mirror.applySnapshot('services', [upgraded]);
    expect(childRows('service_config_options', 1).map((row: any) => [row.id, row.value])).toEqual([
      [7, '50 GB'],
      [8, '1'],
    ]);
    mirror.applySnapshot('orders', [order(5)]);
    expect(childRows('order_line_items', 5)).toHaveLength(1);
    mirror.applySnapshot('services', []);
    mirror.applySnapshot('orders', []);
    expect(childRows('service_config_options', 1)).toEqual([]);
    expect(childRows('service_custom_fields', 1)).toEqual([]);
    expect(childRows('order_line_items', 5)).toEqual([]);
  });

  it('keeps the search index in step: renamed, added and removed records', () => {
    mirror.applySnapshot('domains', [domain(1, { domainName: 'oldname.com' }), domain(2, { domainName: 'keep.org' })]);
    mirror.applySnapshot('domains', [domain(1, { domainName: 'newname.com' })]);
    expect(mirror.search('oldname')).toEqual([]);
    expect(mirror.search('newname').map((hit) => hit.id)).toEqual([1]);
    expect(mirror.search('keep')).toEqual([]);
  });

  it('records the sync state of the resource', () => {
    mirror.applySnapshot('domains', [domain(1), domain(2)]);
    mirror.recordSyncError('orders', 'get-orders: boom');
    const states = new Map(mirror.syncStates().map((s) => [s.resource, s]));
    expect(states.get('domains')).toEqual({
      resource: 'domains', lastSyncedAt: '2026-11-22T10:00:00.000Z', rowCount: 2, lastError: null, lastErrorAt: null,
    });
    expect(states.get('orders')).toMatchObject({ lastSyncedAt: null, lastError: 'get-orders: boom' });
    // A later success clears the error.
    mirror.applySnapshot('orders', []);
    expect(mirror.syncStates().find((s) => s.resource === 'orders')).toMatchObject({ lastError: null, rowCount: 0 });
  });

  it('is all or nothing: a snapshot that fails half-way leaves the previous one intact', () => {
    mirror.applySnapshot('domains', [domain(1), domain(2)]);
    expect(() => mirror.applySnapshot('domains', [domain(3), domain(1, { status: 'Expired' }), domain(3)])).toThrow(/twice/);
    expect(() => mirror.applySnapshot('domains', [domain(5), domain(6, { recurringAmount: 'not money' })])).toThrow();
    expect(mirror.list('domains', { sort: { field: 'id' } }).rows).toEqual([domain(1), domain(2)]);
    expect(mirror.search('domain5')).toEqual([]);
    expect(mirror.syncStates().find((s) => s.resource === 'domains')?.rowCount).toBe(2);
  });

  it('upsert and remove write single records', () => {
    expect(mirror.upsert('domains', domain(1))).toBe('added');
    expect(mirror.upsert('domains', domain(1))).toBe('unchanged');
    expect(mirror.upsert('domains', domain(1, { domainName: 'renamed.com' }))).toBe('changed');
    expect(mirror.search('renamed').map((hit) => hit.id)).toEqual([1]);
    expect(mirror.remove('domains', 1)).toEqual(domain(1, { domainName: 'renamed.com' }));
    expect(mirror.remove('domains', 1)).toBeNull();
    expect(mirror.search('renamed')).toEqual([]);
  });

  it('writes 20,000 domains in one snapshot, and an unchanged repeat rewrites nothing', () => {
    const records = Array.from({ length: 20_000 }, (_, i) => domain(i + 1));
    expect(mirror.applySnapshot('domains', records).added).toHaveLength(20_000);
    const repeat = mirror.applySnapshot('domains', records);
    expect(repeat.added.length + repeat.changed.length + repeat.removed.length).toBe(0);
    expect(mirror.counts().domains).toBe(20_000);
  }); // the project's 60 s timeout: seconds on a loaded machine (every name goes into both search tables), 21 s seen

  it("a large first snapshot builds the table's indexes at its end: the same indexes, holding every row; a failed one leaves them as they were", () => {
    const indexes = () => mirror.db.prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'domains' ORDER BY name").all();
    const before = indexes();
    expect(before.length).toBeGreaterThan(3);
    const records = Array.from({ length: 2_500 }, (_, i) => domain(i + 1, { status: i % 3 === 0 ? 'Expired' : 'Active' }));

    // Past the point where the indexes are dropped, then a repeated record: all of it rolls back.
    expect(() => mirror.applySnapshot('domains', [...records, domain(7)])).toThrow(/twice/);
    expect(indexes()).toEqual(before);
    expect(mirror.counts().domains).toBe(0);

    mirror.applySnapshot('domains', records);
    expect(indexes()).toEqual(before);
    // Each index holds every row: counted through the index itself, it agrees with the table.
    for (const { name } of before as { name: string }[]) {
      expect(mirror.db.prepare(`SELECT count(*) FROM domains INDEXED BY "${name}"`).pluck().get()).toBe(2_500);
    }
    const expired = mirror.db.prepare("SELECT count(*) FROM domains INDEXED BY domains_status WHERE status = 'Expired'").pluck().get();
    expect(expired).toBe(records.filter((r) => r.status === 'Expired').length);
    expect(mirror.list('domains', { filters: { status: 'Expired' } }).total).toBe(834);
  });
});
