/** Turning what a user types into an FTS5 query, and running it across resources. */
import type { Database } from 'better-sqlite3';
import type { SearchHit } from '../../../shared/queries.js';
import type { ResourceName } from '../../../shared/records.js';
import { descriptorOf } from './resources.js';
import { SEARCHABLE, splitRowid } from './search-index.js';
import { statement } from './statements.js';

/**
 * Each whitespace-separated word becomes a quoted prefix phrase, all of them required: `exam` → `"exam"*`
 * finds example.com, `example.com` → `"example.com"*` matches the tokens example, com in a row, and quoting
 * keeps FTS5 syntax characters a user types (`-`, `:`, `(`, `"`) literal. Words without a letter or digit
 * would be empty phrases, so they are dropped. Null when nothing searchable is left.
 */
export function matchExpression(text: string): string | null {
  const words = text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  if (words.length === 0) return null;
  return words.map((word) => `"${word.replaceAll('"', '""')}"*`).join(' ');
}

/**
 * Best matches across every searchable resource, ranked by bm25. The index keeps no text of its own
 * (migration 3), so each hit's title and subtitle are made from its record (its resource's `heading`).
 */
export function searchAll(db: Database, text: string, limit: number): SearchHit[] {
  const match = matchExpression(text);
  if (match === null) return [];
  const rowids = statement(db, 'SELECT rowid FROM search_index WHERE search_index MATCH ? ORDER BY rank LIMIT ?')
    .pluck()
    .all(match, limit) as number[];
  return rowids.flatMap((rowid) => {
    const { slot, id } = splitRowid(rowid);
    const resource = SEARCHABLE.get(slot);
    const hit = resource === undefined ? null : hitOf(db, resource, id);
    return hit === null ? [] : [hit];
  });
}

function hitOf(db: Database, resource: ResourceName, id: number): SearchHit | null {
  const descriptor = descriptorOf(resource);
  const json = statement(db, `SELECT json FROM ${descriptor.table} WHERE id = ?`).pluck().get(id) as string | undefined;
  if (json === undefined || descriptor.search === undefined) return null;
  const { title, subtitle } = descriptor.search.heading(JSON.parse(json));
  return { resource, id, title, subtitle };
}
