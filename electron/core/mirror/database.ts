/** Opening a mirror database file: WAL journal, NORMAL sync (a cache: a crash may lose the last sync, never corrupt), migrations. */
import Database from 'better-sqlite3';
import { migrate } from './migrations/index.js';

export function openMirrorDatabase(path: string): Database.Database {
  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    // 32 MB of page cache: a 20,000-row snapshot then updates its indexes without spilling mid-transaction.
    db.pragma('cache_size = -32000');
    // ANALYZE samples this many rows per index: planner statistics in milliseconds, refreshed after every sync.
    db.pragma('analysis_limit = 1000');
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
