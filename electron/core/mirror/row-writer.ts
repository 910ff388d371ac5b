/**
 * Writes one resource's rows: the record's JSON and hash, its projected columns, its child-table rows and
 * its search document, always together. Callers run it inside a transaction.
 */
import { hash } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3';
import type { ResourceDescriptor, SqlValue } from './descriptor.js';
import { searchFields, type SearchFields, type SearchIndexWriter } from './search-index.js';

/**
 * A record as the rows it is stored in: its id, JSON text and content hash (whether it changed), its
 * projected column values, its child tables' rows (in the descriptor's order) and its search fields. Arrays
 * and scalars only: a sync encodes each page where it decodes it, and the page crosses to the writer thread
 * as compact bytes (no property names) whose values bind straight to the statements.
 */
export type EncodedRow = [id: number, json: string, hash: string, columns: SqlValue[], children: SqlValue[][][], search: SearchFields | null];

/** Encodes records of one resource (the projections in the order RowWriter binds them). */
export class RowEncoder<T> {
  private readonly projections: ((record: T) => SqlValue)[];

  constructor(private readonly descriptor: ResourceDescriptor<T>) {
    this.projections = Object.values(descriptor.columns);
  }

  encode(record: T): EncodedRow {
    const { descriptor } = this;
    const json = JSON.stringify(record);
    const columns = this.projections.map((project) => project(record));
    const children = (descriptor.children ?? []).map((child) => child.rows(record));
    const search = descriptor.search ? searchFields(descriptor.search.document(record)) : null;
    return [descriptor.idOf(record), json, hash('sha1', json, 'base64'), columns, children, search];
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

  constructor(
    private readonly db: Database,
    private readonly descriptor: ResourceDescriptor<T>,
    private readonly search: SearchIndexWriter,
  ) {
    const table = descriptor.table;
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
   * what builds them again as they were; both in the caller's transaction, so a write that fails leaves them
   * as they were too.
   */
  deferIndexes(): () => void {
    const indexes = this.db
      .prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL")
      .all(this.descriptor.table) as { name: string; sql: string }[];
    for (const { name } of indexes) this.db.exec(`DROP INDEX "${name.replaceAll('"', '""')}"`);
    return () => {
      for (const { sql } of indexes) this.db.exec(sql);
    };
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
    this.insertRow.run(row[0], ...this.values(row, writtenAt));
    this.insertChildren(row);
    this.putSearchDocument(row);
  }

  update(row: EncodedRow, writtenAt: string): void {
    this.updateRow.run(...this.values(row, writtenAt), row[0]);
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

  private values([, json, hash, columns]: EncodedRow, writtenAt: string): SqlValue[] {
    return [json, hash, writtenAt, ...columns];
  }

  private insertChildren([id, , , , children]: EncodedRow): void {
    this.children.forEach((child, i) => {
      for (const values of children[i]!) child.insert.run(id, ...values);
    });
  }

  private putSearchDocument([id, , , , , fields]: EncodedRow): void {
    const search = this.descriptor.search;
    if (search && fields) this.search.put(search.slot, id, fields);
  }

  private deleteSearchDocument(id: number): void {
    const search = this.descriptor.search;
    if (search) this.search.delete(search.slot, id);
  }
}
