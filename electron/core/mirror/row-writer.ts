/**
 * Writes one resource's rows: the record's JSON and hash, its projected columns, its child-table rows and
 * its search document, always together. Callers run it inside a transaction.
 */
import { hash } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3';
import type { ChildTable, ResourceDescriptor, SqlValue } from './descriptor.js';
import { searchText, type SearchIndexWriter } from './search-index.js';

/**
 * A record as the rows it is stored in: its id, JSON text and content hash (whether it changed), its
 * projected column values, its child tables' rows (in the descriptor's order) and its search terms. Arrays
 * and scalars only: a sync encodes each page where it decodes it, and the page crosses to the writer thread
 * as compact bytes (no property names) whose values bind straight to the statements.
 */
export type EncodedRow = [id: number, json: string, hash: string, columns: SqlValue[], children: SqlValue[][][], search: string | null];

/**
 * Encodes records of one resource (the projections in the order RowWriter binds them).
 *
 * Here and in RowWriter, what the hot path needs of the descriptor is copied into fields of the instance:
 * descriptors are object literals of as many shapes as there are resources, and reading them per row made
 * the optimized code of these shared methods give way (deoptimize) and be compiled again at every new
 * resource of a sync. For the same reason rows are read by index and bound as arrays, not destructured or
 * spread: their arrays differ in shape from resource to resource, and between rows made here and rows that
 * crossed threads.
 */
export class RowEncoder<T> {
  private readonly idOf: (record: T) => number;
  private readonly projections: ((record: T) => SqlValue)[];
  private readonly children: readonly ChildTable<T>[];
  private readonly terms: ((record: T) => (string | null | undefined)[]) | null;

  constructor(descriptor: ResourceDescriptor<T>) {
    this.idOf = descriptor.idOf;
    this.projections = Object.values(descriptor.columns);
    this.children = descriptor.children ?? [];
    this.terms = descriptor.search?.terms ?? null;
  }

  encode(record: T): EncodedRow {
    const json = JSON.stringify(record);
    const columns = this.projections.map((project) => project(record));
    const children = this.children.map((child) => child.rows(record));
    const search = this.terms === null ? null : searchText(this.terms(record));
    // Made as v8.deserialize makes the rows that crossed threads (a holey array): the write then reads one
    // kind of row, where an array literal would be a second kind that its optimized code did not expect.
    // eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- a holey array made as v8.deserialize makes rows, so the write reads one kind of row (measured; see above)
    const row = new Array(6) as unknown as EncodedRow;
    row[0] = this.idOf(record);
    row[1] = json;
    row[2] = hash('sha1', json, 'base64');
    row[3] = columns;
    row[4] = children;
    row[5] = search;
    return row;
  }
}

/** The record an encoded row holds (for the change summary; rarely needed, so read back from its JSON). */
export function recordOf<T>(row: EncodedRow): T {
  return JSON.parse(row[1]) as T;
}

interface ChildStatements {
  insert: Statement;
  clear: Statement;
}

export class RowWriter<T> {
  private readonly insertRow: Statement;
  private readonly updateRow: Statement;
  private readonly deleteRow: Statement;
  private readonly selectJson: Statement;
  private readonly selectHash: Statement;
  private readonly selectHashes: Statement;
  private readonly children: ChildStatements[];
  private readonly table: string;
  /** The resource's slot in the search index; -1 when it is not searchable (a small integer either way, see RowEncoder). */
  private readonly searchSlot: number;

  constructor(
    private readonly db: Database,
    descriptor: ResourceDescriptor<T>,
    private readonly search: SearchIndexWriter,
  ) {
    const table = descriptor.table;
    this.table = table;
    this.searchSlot = descriptor.search?.slot ?? -1;
    const all = ['json', 'hash', 'written_at', ...Object.keys(descriptor.columns)];
    this.insertRow = db.prepare(`INSERT INTO ${table} (id, ${all.join(', ')}) VALUES (?${', ?'.repeat(all.length)})`);
    this.updateRow = db.prepare(`UPDATE ${table} SET ${all.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`);
    this.deleteRow = db.prepare(`DELETE FROM ${table} WHERE id = ?`);
    this.selectJson = db.prepare(`SELECT json FROM ${table} WHERE id = ?`).pluck();
    this.selectHash = db.prepare(`SELECT hash FROM ${table} WHERE id = ?`).pluck();
    this.selectHashes = db.prepare(`SELECT id, hash FROM ${table}`).raw();
    this.children = (descriptor.children ?? []).map((child) => ({
      insert: db.prepare(
        `INSERT INTO ${child.table} (parent_id, ${child.columns.join(', ')}) VALUES (?${', ?'.repeat(child.columns.length)})`,
      ),
      clear: db.prepare(`DELETE FROM ${child.table} WHERE parent_id = ?`),
    }));
  }

  /**
   * Drops the table's own indexes (not its primary key, its child tables' or the search index) and returns
   * their SQL for createIndexes; both in the caller's transaction, so a write that fails leaves them as they
   * were. Data, not a closure to call: a new closure per snapshot would be a new call target each time for
   * the optimized snapshot loop, which V8 then deoptimizes.
   */
  dropIndexes(): string[] {
    const indexes = this.db
      .prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL")
      .all(this.table) as { name: string; sql: string }[];
    for (const { name } of indexes) this.db.exec(`DROP INDEX "${name.replaceAll('"', '""')}"`);
    return indexes.map(({ sql }) => sql);
  }

  /** Builds again the indexes dropIndexes dropped (it returned their SQL). */
  createIndexes(indexes: readonly string[]): void {
    for (const sql of indexes) this.db.exec(sql);
  }

  /** id → content hash of every stored row. */
  hashes(): Map<number, string> {
    return new Map(this.selectHashes.all() as [number, string][]);
  }

  hashOf(id: number): string | undefined {
    return this.selectHash.get(id) as string | undefined;
  }

  read(id: number): T | null {
    const json = this.selectJson.get(id) as string | undefined;
    return json === undefined ? null : (JSON.parse(json) as T);
  }

  insert(row: EncodedRow, writtenAt: string): void {
    this.insertRow.run(row[0], row[1], row[2], writtenAt, row[3]);
    this.insertChildren(row);
    this.putSearchDocument(row);
  }

  update(row: EncodedRow, writtenAt: string): void {
    this.updateRow.run(row[1], row[2], writtenAt, row[3], row[0]);
    for (const child of this.children) child.clear.run(row[0]);
    this.insertChildren(row);
    this.deleteSearchDocument(row[0]);
    this.putSearchDocument(row);
  }

  delete(id: number): void {
    this.deleteRow.run(id);
    for (const child of this.children) child.clear.run(id);
    this.deleteSearchDocument(id);
  }

  private insertChildren(row: EncodedRow): void {
    const rows = row[4];
    for (let i = 0; i < this.children.length; i++) {
      const { insert } = this.children[i]!;
      const childRows = rows[i]!;
      for (let j = 0; j < childRows.length; j++) insert.run(row[0], childRows[j]!);
    }
  }

  private putSearchDocument(row: EncodedRow): void {
    const terms = row[5];
    if (this.searchSlot >= 0 && terms !== null) this.search.put(this.searchSlot, row[0], terms);
  }

  private deleteSearchDocument(id: number): void {
    if (this.searchSlot >= 0) this.search.delete(this.searchSlot, id);
  }
}
