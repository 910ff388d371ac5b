/**
 * v3: the search index keeps no copy of what it indexes (an FTS5 contentless table). v2's kept every
 * document's title, subtitle and terms a second time, some 11 of its 14 MB on the large demo account, and a
 * first sync spent its time writing them; a hit's title and subtitle are now made from its record
 * (search-query.ts). `contentless_delete` lets a changed or removed record's document be deleted by rowid.
 *
 * Frozen: the index is refilled with v2's terms (unchanged at v3) by SQL, not by today's search code.
 */
import type { Database } from 'better-sqlite3';
import { V2_SEARCH_TERMS, v2Rowid } from './002-search-and-runs.js';

export function makeSearchIndexContentless(db: Database): void {
  db.exec(/* sql */ `
    DROP TABLE search_index;
    CREATE VIRTUAL TABLE search_index USING fts5(
      terms,
      tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3',
      content = '', contentless_delete = 1
    );
  `);
  for (const { table, slot, terms } of V2_SEARCH_TERMS) {
    db.exec(`INSERT INTO search_index (rowid, terms) SELECT ${v2Rowid(slot)}, ${terms} FROM ${table}`);
  }
}
