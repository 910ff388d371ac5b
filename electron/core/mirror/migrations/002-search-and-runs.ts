/**
 * v2: the full-text search index (built from the rows v1 already holds) and the log of sync runs.
 *
 * Tokenizer: unicode61 splits on punctuation, so "example.com" is the tokens example + com (found by
 * "example" and, as a phrase, by "example.com"); remove_diacritics 2 folds Zoë to zoe and Müller to muller.
 * Prefix indexes of 2 and 3 characters keep short type-ahead queries fast.
 */
import type { Database } from 'better-sqlite3';
import { rebuildSearchIndex } from '../search-index.js';

export function createSearchAndRuns(db: Database): void {
  db.exec(/* sql */ `
    CREATE VIRTUAL TABLE search_index USING fts5(
      title UNINDEXED, subtitle UNINDEXED, terms,
      tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
    );

    CREATE TABLE sync_runs (
      id INTEGER PRIMARY KEY,
      trigger TEXT NOT NULL,
      started_at TEXT NOT NULL,
      finished_at TEXT,
      outcome TEXT NOT NULL,   -- running | ok | partial | failed | cancelled | interrupted
      summary TEXT             -- JSON, when finished
    );
  `);
  rebuildSearchIndex(db);
}
