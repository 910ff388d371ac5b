/**
 * The outbox's own SQLite file: synchronous=FULL, so a committed state change (above all "sending", written
 * before a request goes out) is on disk before the next line runs.
 */
import type Database from 'better-sqlite3';
import { openSqliteFile, type Migration } from '../sqlite.js';

/** Append only; never edit a shipped one. */
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'entries, attachments, id map, replay lease', up: (db) => db.exec(`
  CREATE TABLE entries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,   -- AUTOINCREMENT: ids are never reused, so local ids stay unique
    kind TEXT NOT NULL,
    record_key TEXT NOT NULL,
    params TEXT NOT NULL,                   -- JSON; attachments as references into the attachments table
    state TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'done', 'failed', 'needs_review', 'cancelled')),
    attempts INTEGER NOT NULL DEFAULT 0,    -- requests sent
    failures INTEGER NOT NULL DEFAULT 0,    -- transient failures in a row: the backoff exponent
    error_kind TEXT,
    error_message TEXT,
    created_at INTEGER NOT NULL,            -- epoch milliseconds
    updated_at INTEGER NOT NULL,
    sent_at INTEGER,
    next_attempt_at INTEGER NOT NULL,
    result TEXT,                            -- JSON: what the server answered (ids, EPP delivery)
    precheck TEXT                           -- JSON: what was observed just before sending (invoice statistics)
  );
  CREATE INDEX entries_by_record ON entries (record_key, id);
  CREATE INDEX entries_by_state ON entries (state, id);

  CREATE TABLE attachments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    entry_id INTEGER NOT NULL REFERENCES entries (id),
    name TEXT NOT NULL,
    data BLOB NOT NULL
  );
  CREATE INDEX attachments_by_entry ON attachments (entry_id, id);

  -- A create's local id (local:<entry_id>) and the id the server gave the record.
  CREATE TABLE id_map (
    entry_id INTEGER PRIMARY KEY REFERENCES entries (id),
    server_id INTEGER NOT NULL
  );
  CREATE INDEX id_map_by_server_id ON id_map (server_id);

  -- Who may replay: one replayer per file, also across processes (the app and the CLI).
  CREATE TABLE replay_lease (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    owner TEXT NOT NULL,
    expires_at INTEGER NOT NULL
  );
  `) },
  // What the provider said of each field when it refused an entry (JSON: [{field, message}]), for the edit form.
  { version: 2, name: 'field issues of a refusal', up: (db) => db.exec('ALTER TABLE entries ADD COLUMN error_issues TEXT') },
  // What a person typed into a form and has not queued yet (drafts.ts), without its secrets.
  { version: 3, name: 'form drafts', up: (db) => db.exec(`
  CREATE TABLE drafts (
    key TEXT PRIMARY KEY,                   -- the form's draft key: a mutation kind and what it is about
    value TEXT NOT NULL,                    -- JSON: the form's fields but its secret ones and attachments
    updated_at INTEGER NOT NULL             -- epoch milliseconds
  );
  `) },
  // Issue 34: a new state, `conflict`, in the state's CHECK (which SQLite cannot alter: the table is made anew
  // with every row, its ids and sequence kept), what an entry was made on (`base`) and why it waits
  // (`conflict`); a draft's base.
  { version: 4, name: 'bases and conflicts', up: (db) => {
    const seq = db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'entries'").pluck().get() as number | undefined;
    // The entries are copied aside, the table made anew and filled again; attachments and id_map keep pointing
    // at "entries". Their foreign keys are checked at commit, once every entry is back (not at the drop).
    db.pragma('defer_foreign_keys = ON');
    db.exec(`
  CREATE TEMP TABLE entries_v3 AS SELECT * FROM main.entries;
  DROP TABLE main.entries;
  CREATE TABLE main.entries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    record_key TEXT NOT NULL,
    params TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'done', 'failed', 'needs_review', 'conflict', 'cancelled')),
    attempts INTEGER NOT NULL DEFAULT 0,
    failures INTEGER NOT NULL DEFAULT 0,
    error_kind TEXT,
    error_message TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    sent_at INTEGER,
    next_attempt_at INTEGER NOT NULL,
    result TEXT,
    precheck TEXT,
    error_issues TEXT,
    base TEXT,                              -- JSON EntryBase: what the edit was made on (shared/outbox/conflict.ts)
    conflict TEXT                           -- JSON: why it waits (EntryConflict), and the fields it holds back while others go
  );
  INSERT INTO main.entries (id, kind, record_key, params, state, attempts, failures, error_kind, error_message, created_at, updated_at,
      sent_at, next_attempt_at, result, precheck, error_issues)
    SELECT id, kind, record_key, params, state, attempts, failures, error_kind, error_message, created_at, updated_at,
      sent_at, next_attempt_at, result, precheck, error_issues FROM temp.entries_v3 ORDER BY id;
  DROP TABLE temp.entries_v3;
  CREATE INDEX main.entries_by_record ON entries (record_key, id);
  CREATE INDEX main.entries_by_state ON entries (state, id);
  -- JSON EntryBase: what the record was when the draft was started (a form reopened from it compares against this).
  ALTER TABLE main.drafts ADD COLUMN base TEXT;
  `);
    // Ids are never given twice: the sequence goes on from where it was, whatever the rows left.
    if (seq !== undefined) {
      db.prepare("DELETE FROM sqlite_sequence WHERE name = 'entries'").run();
      db.prepare("INSERT INTO sqlite_sequence (name, seq) VALUES ('entries', ?)").run(seq);
    }
  } },
];

export function openDatabase(file: string): Database.Database {
  return openSqliteFile(file, { label: 'the outbox file', synchronous: 'FULL', foreignKeys: true, migrations: MIGRATIONS });
}
