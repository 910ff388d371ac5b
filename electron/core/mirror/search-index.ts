/**
 * The full-text index over every searchable resource, in two FTS5 tables holding the same documents (migration
 * 6): `search_trigram` (trigram tokenizer: any part of a value of three or more characters, diacritics folded)
 * and `search_index` (unicode61 words with 1- and 2-character prefix indexes, for the words too short for
 * trigrams). A document's rowid is its resource's slot times 2^40 plus the record id, so a record's document is
 * found (and replaced) by rowid, and one resource's documents are a rowid range.
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

/**
 * A document as the trigram table takes it: a space after its last value too, so that every value ends in a
 * space and a query for the end of a name (".de", see search-query.ts) is the phrase ".de ".
 */
export const trigramDocument = (text: string): string => `${text} `;

/** The search tables of the schema, by tokenizer (before migration 6 there is only search_index). */
const TABLES = ['search_index', 'search_trigram'] as const;

function searchTables(db: Database): string[] {
  const present = new Set(db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all() as string[]);
  return TABLES.filter((table) => present.has(table));
}

export class SearchIndexWriter {
  private readonly inserts: [table: string, Statement][];
  private readonly removes: Statement[];

  constructor(db: Database) {
    const tables = searchTables(db);
    this.inserts = tables.map((table) => [table, db.prepare(`INSERT INTO ${table} (rowid, terms) VALUES (?, ?)`)]);
    this.removes = tables.map((table) => db.prepare(`DELETE FROM ${table} WHERE rowid = ?`));
  }

  put(slot: number, id: number, terms: string): void {
    const rowid = searchRowid(slot, id);
    for (const [table, insert] of this.inserts) insert.run(rowid, table === 'search_trigram' ? trigramDocument(terms) : terms);
  }

  delete(slot: number, id: number): void {
    const rowid = searchRowid(slot, id);
    for (const remove of this.removes) remove.run(rowid);
  }
}

/** Rebuilds the whole index (each search table the schema has) from the stored records: it is derived data. */
export function rebuildSearchIndex(db: Database): void {
  for (const table of searchTables(db)) db.exec(`DELETE FROM ${table}`);
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
