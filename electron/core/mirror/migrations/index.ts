/**
 * Versioned schema migrations. The database's `user_version` is the last migration applied; opening runs the
 * ones after it, each in its own transaction, in order. Migrations are append-only: never edit a shipped one.
 */
import type { Database } from 'better-sqlite3';
import { createResourceTables } from './001-resources.js';
import { createSearchAndRuns } from './002-search-and-runs.js';

export interface Migration {
  version: number;
  name: string;
  up(db: Database): void;
}

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'resource tables, sync state, caches, local invoices', up: createResourceTables },
  { version: 2, name: 'search index and sync runs', up: createSearchAndRuns },
];

export function schemaVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Brings the database up to the last of `migrations`; refuses a database written by a newer app. */
export function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS): void {
  const current = schemaVersion(db);
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new Error(`the mirror database is at schema version ${current}; this app knows up to ${latest}`);
  }
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
}
