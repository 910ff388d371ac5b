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
    pragmas: [
      // 16 MB of page cache: a 20,000-row snapshot updates its indexes without spilling mid-transaction, and the
      // sync's peak memory stays within its budget (32 MB was measured no faster).
      'cache_size = -16000',
      // ANALYZE samples this many rows per index: planner statistics in milliseconds, refreshed after every sync.
      'analysis_limit = 1000',
    ],
  });
}
