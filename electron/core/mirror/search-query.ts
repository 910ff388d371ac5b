/** Turning what a user types into an FTS5 query, and running it across resources. */
import type { Database } from 'better-sqlite3';
import type { SearchHit } from '../../../shared/queries.js';
import type { ResourceName } from '../../../shared/records.js';
import type { SearchHeading } from './descriptor.js';
import { descriptorOf } from './resources.js';
import { SEARCHABLE, splitRowid } from './search-index.js';
import { statement } from './statements.js';

/**
 * The words of what a user typed that search anything: split on whitespace, and words without a letter or digit
 * dropped (they would be empty phrases). Each word must match (see matchExpression).
 */
export function searchWords(text: string): string[] {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
}

/**
 * Each word becomes a quoted prefix phrase, all of them required: `exam` → `"exam"*` finds example.com,
 * `example.com` → `"example.com"*` matches the tokens example, com in a row, and quoting keeps FTS5 syntax
 * characters a user types (`-`, `:`, `(`, `"`) literal. Null when nothing searchable is left.
 */
export function matchExpression(text: string): string | null {
  const words = searchWords(text);
  return words.length === 0 ? null : wordsMatch(words);
}

/** The FTS5 query of searchWords (at least one). */
export function wordsMatch(words: readonly string[]): string {
  return words.map((word) => `"${word.replaceAll('"', '""')}"*`).join(' ');
}

/**
 * Best matches across every searchable resource, ranked by bm25. The index keeps no text of its own
 * (migration 3), so each hit's title and subtitle are made from its record (its resource's `heading`), the
 * records read with one query per resource among the hits.
 */
export function searchAll(db: Database, text: string, limit: number): SearchHit[] {
  const match = matchExpression(text);
  if (match === null) return [];
  const rowids = statement(db, 'SELECT rowid FROM search_index WHERE search_index MATCH ? ORDER BY rank LIMIT ?')
    .pluck()
    .all(match, limit) as number[];
  const hits = rowids.flatMap((rowid) => {
    const { slot, id } = splitRowid(rowid);
    const resource = SEARCHABLE.get(slot);
    return resource === undefined ? [] : [{ resource, id }];
  });
  const headings = new Map<string, SearchHeading>();
  for (const resource of new Set(hits.map((hit) => hit.resource))) {
    const ids = hits.filter((hit) => hit.resource === resource).map((hit) => hit.id);
    for (const [id, heading] of headingsOf(db, resource, ids)) headings.set(`${resource}:${id}`, heading);
  }
  return hits.flatMap(({ resource, id }) => {
    const heading = headings.get(`${resource}:${id}`);
    return heading === undefined ? [] : [{ resource, id, ...heading }];
  });
}

/** The headings of a resource's records `ids` (those still stored). */
function headingsOf(db: Database, resource: ResourceName, ids: readonly number[]): Map<number, SearchHeading> {
  const { table, search } = descriptorOf(resource);
  const rows = statement(db, `SELECT id, json FROM ${table} WHERE id IN (SELECT value FROM json_each(?))`)
    .raw()
    .all(JSON.stringify(ids)) as [number, string][];
  return new Map(search === undefined ? [] : rows.map(([id, json]) => [id, search.heading(JSON.parse(json))]));
}
