/**
 * v6: search finds any part of a value ("happy" finds cloudhappy.store, "coastal" thecoastalalpine.com), where
 * v2's unicode61 index found only the start of a word. A second contentless FTS5 table, `search_trigram`, holds
 * the same documents under the trigram tokenizer (remove_diacritics 1 folds Müller to muller both in the index
 * and in the query); it answers every word of three characters or more. search_index stays for the shorter
 * words, rebuilt with prefix indexes of one and two characters (its 3-character one answered words the
 * trigram table now answers). The documents change too: the account holder (client), contacts' cities and
 * payments' transaction ids are indexed. SQLite ≥ 3.45 (remove_diacritics for trigram); better-sqlite3
 * bundles a newer one.
 */
import type { Database } from 'better-sqlite3';
import { rebuildSearchIndex } from '../search-index.js';

export function addTrigramSearch(db: Database): void {
  db.exec(/* sql */ `
    DROP TABLE search_index;
    CREATE VIRTUAL TABLE search_index USING fts5(
      terms,
      tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2',
      content = '', contentless_delete = 1
    );
    CREATE VIRTUAL TABLE search_trigram USING fts5(
      terms,
      tokenize = 'trigram remove_diacritics 1',
      content = '', contentless_delete = 1
    );
  `);
  rebuildSearchIndex(db);
}
