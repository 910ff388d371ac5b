/** Turning what a user types into an FTS5 query, and running it across resources. */
import type { Database } from 'better-sqlite3';
import type { SearchHit } from '../../../shared/queries.js';
import type { ResourceName } from '../../../shared/records.js';
import type { SearchHeading } from './descriptor.js';
import { headingFoundBy } from './record-filter.js';
import { descriptorOf } from './resources.js';
import { SEARCHABLE, splitRowid } from './search-index.js';
import { statement } from './statements.js';

/**
 * The words of what a user typed that search anything: split on whitespace, and words without a letter or digit
 * dropped (they would be empty phrases). Each word must match (see textMatch).
 */
export function searchWords(text: string): string[] {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
}

/** How one word is looked for: a part of a value (trigrams), the end of a value, or a word's start (short words). */
export interface WordMatch {
  kind: 'part' | 'end' | 'start';
  text: string;
}

/** Letters, digits and private-use characters: what unicode61 keeps of a word (see record-filter.ts). */
const EDGE = /^[^\p{L}\p{N}\p{Co}]+|[^\p{L}\p{N}\p{Co}]+$/gu;

/**
 * What one word looks for. Punctuation around it is dropped ("#482913" is 482913, "re:" is re), except a
 * leading dot: ".de" is the end of a name (bakery.de, not dentalhappy.com nor foo.dev). What is left of three
 * characters or more is any part of a value ("happy" finds cloudhappy.store); shorter, the start of a word
 * ("de" finds dentalhappy.com and bakery.de): the trigram index cannot look for fewer than three characters.
 */
export function wordMatch(word: string): WordMatch {
  const bare = word.replace(EDGE, '');
  if (word.startsWith('.') && [...bare].length >= 2) return { kind: 'end', text: `.${bare}` };
  return [...bare].length >= 3 ? { kind: 'part', text: bare } : { kind: 'start', text: bare };
}

const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * The FTS5 queries of searchWords (at least one), every word required: `trigram` for search_trigram (each part a
 * quoted phrase, each end the phrase with the space that ends a value in its document: see trigramDocument),
 * `words` for search_index (each short word a quoted prefix phrase). Quoting keeps FTS5 syntax characters a
 * user types (`-`, `:`, `(`, `"`) literal. Null where no word is for that table.
 */
export function textMatch(words: readonly string[]): { trigram: string | null; words: string | null } {
  const matches = words.map(wordMatch);
  const join = (parts: string[]) => (parts.length === 0 ? null : parts.join(' '));
  return {
    trigram: join(matches.flatMap((m) => (m.kind === 'part' ? [quoted(m.text)] : m.kind === 'end' ? [quoted(`${m.text} `)] : []))),
    words: join(matches.flatMap((m) => (m.kind === 'start' ? [`${quoted(m.text)}*`] : []))),
  };
}

/**
 * Words too short for trigrams rank only the first this many records they match (in the index's order:
 * services, domains, orders, contacts, …). Two letters can match most of an account ("co": every .com name,
 * 12,000 records of the large preset), and ranking them all took a palette keystroke 60–120 ms; the third
 * letter searches by trigrams, ranked in full.
 */
const SHORT_WORDS_RANKED = 2000;

/**
 * Best matches across every searchable resource, ranked by bm25. The index keeps no text of its own
 * (migration 3), so each hit's title and subtitle are made from its record (its resource's `heading`), the
 * records read with one query per resource among the hits.
 */
export function searchAll(db: Database, text: string, limit: number): SearchHit[] {
  const words = searchWords(text);
  if (words.length === 0) return [];
  const { trigram, words: short } = textMatch(words);
  // Ranked by the trigram table when a word is for it, the short words then a condition on its rows.
  const rowids = (
    trigram === null
      ? statement(db, 'SELECT rowid FROM (SELECT rowid, rank FROM search_index WHERE search_index MATCH ? LIMIT ?) ORDER BY rank LIMIT ?')
          .pluck()
          .all(short, SHORT_WORDS_RANKED, limit)
      : short === null
        ? statement(db, 'SELECT rowid FROM search_trigram WHERE search_trigram MATCH ? ORDER BY rank LIMIT ?').pluck().all(trigram, limit)
        : statement(
            db,
            `SELECT rowid FROM search_trigram WHERE search_trigram MATCH ?
               AND rowid IN (SELECT rowid FROM search_index WHERE search_index MATCH ?) ORDER BY rank LIMIT ?`,
          )
            .pluck()
            .all(trigram, short, limit)
  ) as number[];
  const hits = rowids.flatMap((rowid) => {
    const { slot, id } = splitRowid(rowid);
    const resource = SEARCHABLE.get(slot);
    return resource === undefined ? [] : [{ resource, id }];
  });
  const headings = new Map<string, SearchHeading>();
  for (const resource of new Set(hits.map((hit) => hit.resource))) {
    const ids = hits.filter((hit) => hit.resource === resource).map((hit) => hit.id);
    for (const [id, heading] of headingsOf(db, resource, ids, words)) headings.set(`${resource}:${id}`, heading);
  }
  return hits.flatMap(({ resource, id }) => {
    const heading = headings.get(`${resource}:${id}`);
    return heading === undefined ? [] : [{ resource, id, ...heading }];
  });
}

/** The headings of a resource's records `ids` (those still stored), each with the field `words` found it by. */
function headingsOf(db: Database, resource: ResourceName, ids: readonly number[], words: readonly string[]): Map<number, SearchHeading> {
  const { table, search } = descriptorOf(resource);
  const rows = statement(db, `SELECT id, json FROM ${table} WHERE id IN (SELECT value FROM json_each(?))`)
    .raw()
    .all(JSON.stringify(ids)) as [number, string][];
  return new Map(search === undefined ? [] : rows.map(([id, json]) => [id, headingFoundBy(resource, JSON.parse(json), words)]));
}
