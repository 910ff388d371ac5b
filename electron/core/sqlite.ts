/**
 * Opening the engine's SQLite files (the mirror and the outbox): WAL journal, the durability each needs, and
 * versioned migrations counted in `PRAGMA user_version`, each applied in its own transaction, in order.
 * Migrations are append-only: never edit a shipped one.
 */
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { makePrivateDir, touchPrivateFile } from './storage/private-files.js';
import { statement } from './mirror/statements.js';

export interface Migration {
  version: number;
  name: string;
  up(db: Database.Database): void;
}

/** The file was written by a newer app; it is left untouched. */
export class SchemaVersionError extends Error {
  override readonly name = 'SchemaVersionError';
}

export interface SqliteFileOptions {
  /** How the file is called in messages, e.g. "the mirror database". */
  label: string;
  /** FULL: a commit is on disk before the next line runs (the outbox); NORMAL: a crash may lose the last commit (a cache). */
  synchronous: 'FULL' | 'NORMAL';
  migrations: readonly Migration[];
  /** Enforce REFERENCES clauses (the outbox relies on them; the mirror keeps its own children in step). */
  foreignKeys: boolean;
  /** Page size of a file this creates (an existing file keeps its own); SQLite's default is 4096. */
  pageSize?: number;
  /** Further pragmas, e.g. 'cache_size = -32000'. */
  pragmas?: readonly string[];
}

/**
 * Differs after any change to the file since it was last asked: a commit on another connection (data_version:
 * the sync's writer thread, another process) or a change on this one (total_changes, which also counts one rolled
 * back: only a needless read again). What was read from the file is still true while this is unchanged.
 */
export function fileVersion(db: Database.Database): string {
  return `${String(db.pragma('data_version', { simple: true }))}:${String(statement(db, 'SELECT total_changes()').pluck().get())}`;
}

export function schemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Brings the database up to the last of `migrations`; refuses a database written by a newer app. */
export function migrate(db: Database.Database, migrations: readonly Migration[], label = 'the database'): void {
  const current = schemaVersion(db);
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new SchemaVersionError(`${label} is at schema version ${current}; this app knows up to ${latest}: update the app`);
  }
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
}

export function openSqliteFile(file: string, options: SqliteFileOptions): Database.Database {
  if (file !== ':memory:') {
    makePrivateDir(dirname(file));
    // Created 0600 before SQLite sees it: SQLite gives the -wal and -shm files the database file's mode.
    touchPrivateFile(file);
  }
  const db = new Database(file);
  try {
    // Before WAL: a page size takes only on a file not yet written, and never once the file is in WAL mode.
    if (options.pageSize !== undefined) db.pragma(`page_size = ${options.pageSize}`);
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${options.synchronous}`);
    db.pragma(`foreign_keys = ${options.foreignKeys ? 'ON' : 'OFF'}`);
    db.pragma('busy_timeout = 5000');
    for (const pragma of options.pragmas ?? []) db.pragma(pragma);
    migrate(db, options.migrations, options.label);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
