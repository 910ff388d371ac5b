/** Opening a mirror database file: a cache of server truth, so NORMAL sync (a crash may lose the last sync, never corrupt). */
import type Database from 'better-sqlite3';
import { openSqliteFile } from '../sqlite.js';
import { MIGRATIONS } from './migrations/index.js';

export function openMirrorDatabase(path: string): Database.Database {
  return openSqliteFile(path, {
    label: 'the mirror database',
    synchronous: 'NORMAL',
    foreignKeys: false,
    migrations: MIGRATIONS,
    // Rows hold a record's JSON (about 0.5 kB): 8 kB pages write a full sync's snapshots with about 8% less
    // CPU than the default 4 kB (fewer pages to split, checksum and log).
    pageSize: 8192,
    pragmas: [
      // 8 MB of page cache per connection (a sync has two: the app's and its writer thread's): writing a
      // 20,000-row snapshot was measured no slower than with 16 or 32 MB, and the sync's peak memory stays
      // within its budget.
      'cache_size = -8000',
      // ANALYZE samples this many rows per index: planner statistics in milliseconds, refreshed after every sync.
      'analysis_limit = 1000',
    ],
  });
}
