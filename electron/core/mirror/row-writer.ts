/**
 * Writes one resource's rows: the record's JSON and hash, its projected columns, its child-table rows and
 * its search document, always together. Callers run it inside a transaction.
 */
import { hash } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3';
import type { ResourceDescriptor, SqlValue } from './descriptor.js';
import type { SearchIndexWriter } from './search-index.js';

/** A record ready to store: its JSON text and the hash that says whether it changed. */
export interface EncodedRecord<T> {
  id: number;
  record: T;
  json: string;
  hash: string;
}

export function encodeRecord<T>(descriptor: ResourceDescriptor<T>, record: T): EncodedRecord<T> {
  const json = JSON.stringify(record);
  return { id: descriptor.idOf(record), record, json, hash: hash('sha1', json, 'base64') };
}

interface ChildStatements {
  insert: Statement;
  clear: Statement;
  rows(record: unknown): SqlValue[][];
}

export class RowWriter<T> {
  private readonly columns: [string, (record: T) => SqlValue][];
  private readonly insertRow: Statement;
  private readonly updateRow: Statement;
  private readonly deleteRow: Statement;
  private readonly selectJson: Statement;
  private readonly selectHash: Statement;
  private readonly selectHashes: Statement;
  private readonly children: ChildStatements[];

  constructor(
    db: Database,
    private readonly descriptor: ResourceDescriptor<T>,
    private readonly search: SearchIndexWriter,
  ) {
    const table = descriptor.table;
    this.columns = Object.entries(descriptor.columns);
    const names = this.columns.map(([name]) => name);
    const all = ['json', 'hash', 'written_at', ...names];
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
      rows: child.rows as (record: unknown) => SqlValue[][],
    }));
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

  insert(row: EncodedRecord<T>, writtenAt: string): void {
    this.insertRow.run(row.id, ...this.values(row, writtenAt));
    this.insertChildren(row);
    this.putSearchDocument(row);
  }

  update(row: EncodedRecord<T>, writtenAt: string): void {
    this.updateRow.run(...this.values(row, writtenAt), row.id);
    for (const child of this.children) child.clear.run(row.id);
    this.insertChildren(row);
    this.deleteSearchDocument(row.id);
    this.putSearchDocument(row);
  }

  delete(id: number): void {
    this.deleteRow.run(id);
    for (const child of this.children) child.clear.run(id);
    this.deleteSearchDocument(id);
  }

  private values(row: EncodedRecord<T>, writtenAt: string): SqlValue[] {
    return [row.json, row.hash, writtenAt, ...this.columns.map(([, project]) => project(row.record))];
  }

  private insertChildren(row: EncodedRecord<T>): void {
    for (const child of this.children) {
      for (const values of child.rows(row.record)) child.insert.run(row.id, ...values);
    }
  }

  private putSearchDocument(row: EncodedRecord<T>): void {
    const search = this.descriptor.search;
    if (search) this.search.put(search.slot, row.id, search.document(row.record));
  }

  private deleteSearchDocument(id: number): void {
    const search = this.descriptor.search;
    if (search) this.search.delete(search.slot, id);
  }
}
