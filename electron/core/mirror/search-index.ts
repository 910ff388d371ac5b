/**
 * The one full-text index over every searchable resource. A document's rowid is its resource's slot times
 * 2^40 plus the record id, so a record's document is found (and replaced) by rowid, and one resource's
 * documents are a rowid range.
 */
import type { Database, Statement } from 'better-sqlite3';
import type { ResourceName } from '../../../shared/records.js';
import { RESOURCES, descriptorOf } from './resources.js';

const SLOT_SPAN = 2 ** 40;

export function searchRowid(slot: number, id: number): number {
  if (!Number.isSafeInteger(id) || id < 0 || id >= SLOT_SPAN) throw new RangeError(`record id out of the search index's range: ${id}`);
  return slot * SLOT_SPAN + id;
}

/** Inclusive rowid bounds of a slot's documents. */
export function slotRowids(slot: number): [first: number, last: number] {
  return [slot * SLOT_SPAN, (slot + 1) * SLOT_SPAN - 1];
}

export function splitRowid(rowid: number): { slot: number; id: number } {
  return { slot: Math.floor(rowid / SLOT_SPAN), id: rowid % SLOT_SPAN };
}

/** Searchable resources by slot. */
export const SEARCHABLE: ReadonlyMap<number, ResourceName> = new Map(
  (Object.keys(RESOURCES) as ResourceName[]).flatMap((name) => {
    const slot = descriptorOf(name).search?.slot;
    return slot === undefined ? [] : [[slot, name] as const];
  }),
);

/** A record's document as the index takes it: its non-empty searchable values joined by spaces. */
export function searchText(terms: readonly (string | null | undefined)[]): string {
  return terms.filter(Boolean).join(' ');
}

export class SearchIndexWriter {
  private readonly insert: Statement;
  private readonly remove: Statement;

  constructor(db: Database) {
    this.insert = db.prepare('INSERT INTO search_index (rowid, terms) VALUES (?, ?)');
    this.remove = db.prepare('DELETE FROM search_index WHERE rowid = ?');
  }

  put(slot: number, id: number, terms: string): void {
    this.insert.run(searchRowid(slot, id), terms);
  }

  delete(slot: number, id: number): void {
    this.remove.run(searchRowid(slot, id));
  }
}

/** Rebuilds the whole index from the stored records (the index is derived data). */
export function rebuildSearchIndex(db: Database): void {
  db.exec('DELETE FROM search_index');
  const writer = new SearchIndexWriter(db);
  for (const name of SEARCHABLE.values()) {
    const descriptor = descriptorOf(name);
    const search = descriptor.search;
    if (!search) continue;
    // In batches: better-sqlite3 cannot write while a read is being iterated.
    const batch = db.prepare(`SELECT id, json FROM ${descriptor.table} WHERE id > ? ORDER BY id LIMIT 1000`).raw();
    for (let rows = batch.all(-1) as [number, string][]; rows.length > 0; rows = batch.all(rows.at(-1)![0]) as [number, string][]) {
      for (const [id, json] of rows) writer.put(search.slot, id, searchText(search.terms(JSON.parse(json))));
    }
  }
}
