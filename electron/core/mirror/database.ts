/** Opening a mirror database file: a cache of server truth, so NORMAL sync (a crash may lose the last sync, never corrupt). */
import type Database from 'better-sqlite3';
import { openSqliteFile } from '../sqlite.js';
import { MIGRATIONS } from './migrations/index.js';

/** `cacheMb`: the connection's page cache (each connection has its own). */
export function openMirrorDatabase(path: string, cacheMb = 8): Database.Database {
  return openSqliteFile(path, {
    label: 'the mirror database',
    synchronous: 'NORMAL',
    foreignKeys: false,
    migrations: MIGRATIONS,
    // Rows hold a record's JSON (about 0.5 kB): 8 kB pages write a full sync's snapshots with about 8% less
    // CPU than the default 4 kB (fewer pages to split, checksum and log).
    pageSize: 8192,
    pragmas: [
      // The app's connection keeps 8 MB; the sync's writer thread opens its own with 4 (Mirror.attach).
      `cache_size = -${cacheMb * 1000}`,
      // ANALYZE samples this many rows per index: planner statistics in milliseconds, refreshed after every sync.
      'analysis_limit = 1000',
    ],
  });
}
