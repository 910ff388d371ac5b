/**
 * The resources' descriptors (electron/core/resources) against the tables the migrations build: a mirror
 * migrated from empty has every descriptor's table with exactly its columns (and its child tables with
 * theirs), an index for each sort and filter, and no table that no descriptor describes besides the
 * mirror's own bookkeeping.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import type { Mirror } from '../../electron/core/mirror/index.js';
import { RESOURCES } from '../../electron/core/mirror/resources.js';
import { RESOURCE_NAMES } from '../../shared/records.js';
import { openMirror, tempDir } from './mirror-fixtures.js';

/** Tables of the mirror's own: sync bookkeeping, answer caches and the search index. */
const INFRASTRUCTURE_TABLES = ['sync_state', 'sync_runs', 'whois_cache', 'whois_info_cache', 'epp_cache', 'catalogue_group_cache', 'search_index', 'search_trigram'];
/** What every resource table has besides the descriptor's columns. */
const ROW_COLUMNS = ['id', 'json', 'hash', 'written_at'];

let mirror: Mirror;
let cleanup: () => void;
beforeAll(() => {
  const temp = tempDir();
  cleanup = temp.cleanup;
  mirror = openMirror(temp.dir);
});
afterAll(() => {
  mirror.dispose();
  cleanup();
});

const columnsOf = (db: Database.Database, table: string) =>
  (db.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name);

/** Each index of the table as its columns, in order. */
const indexesOf = (db: Database.Database, table: string) =>
  (db.pragma(`index_list(${table})`) as { name: string }[]).map((index) =>
    (db.pragma(`index_info(${index.name})`) as { name: string }[]).map((c) => c.name),
  );

const childTables = (resource: (typeof RESOURCE_NAMES)[number]) =>
  ('children' in RESOURCES[resource] ? RESOURCES[resource].children : []) as readonly { table: string; columns: readonly string[] }[];

describe("the migrations' tables agree with the resources' descriptors", () => {
  for (const resource of RESOURCE_NAMES) {
    const descriptor = RESOURCES[resource];

    it(`${resource}: table ${descriptor.table} has exactly the descriptor's columns, its children theirs`, () => {
      expect(columnsOf(mirror.db, descriptor.table).sort()).toEqual([...ROW_COLUMNS, ...Object.keys(descriptor.columns)].sort());
      for (const child of childTables(resource)) {
        expect(columnsOf(mirror.db, child.table).sort(), child.table).toEqual(['parent_id', ...child.columns].sort());
      }
    });

    it(`${resource}: every sort has an index on (column, id), every filter an index led by its column`, () => {
      const indexes = indexesOf(mirror.db, descriptor.table);
      for (const [field, column] of Object.entries(descriptor.sort)) {
        if (column !== 'id') expect(indexes, `sort ${field}`).toContainEqual([column, 'id']);
      }
      for (const [name, filter] of Object.entries(descriptor.filters) as [string, { kind: string; column: string; table?: string }][]) {
        const table = filter.kind === 'child' ? filter.table! : descriptor.table;
        const leading = indexesOf(mirror.db, table).map((columns) => columns[0]);
        expect(leading, `filter ${name} on ${table}`).toContain(filter.column);
      }
    });
  }

  it('every table a migration creates is a resource, a child of one, or the mirror\'s own', () => {
    const tables = (mirror.db.pragma('table_list') as { name: string; schema: string; type: string }[])
      .filter((t) => t.schema === 'main' && t.type !== 'shadow' && !t.name.startsWith('sqlite_'))
      .map((t) => t.name);
    const described = RESOURCE_NAMES.flatMap((r) => [RESOURCES[r].table, ...childTables(r).map((c) => c.table)]);
    expect(tables.sort()).toEqual([...described, ...INFRASTRUCTURE_TABLES].sort());
  });
});
