/**
 * What state a SQLite file of ours is in before it is opened for use (issue 24.3): there or not, a file at all,
 * readable, a database, and whole by `PRAGMA quick_check` (it reads every page once; no index-against-table
 * comparison, so it stays cheap). Nothing here changes the file.
 */
import { accessSync, constants, lstatSync, statSync, type Stats } from 'node:fs';
import Database from 'better-sqlite3';

export type FileHealth =
  | { state: 'absent' }
  | { state: 'empty' }
  | { state: 'ok'; db: Database.Database }
  /** `reason`: what is wrong, in words ("it is a folder, not a file", "database disk image is malformed"). */
  | { state: 'broken'; reason: string };

function fileKind(stat: Stats): string | null {
  if (stat.isFile()) return null;
  if (stat.isDirectory()) return 'it is a folder, not a file';
  if (stat.isFIFO()) return 'it is a pipe, not a file';
  return 'it is not a regular file';
}

/**
 * Opens `file` and checks it; an `ok` result hands over the open connection (the caller closes it). A FIFO or
 * a folder is never opened (SQLite would block on the one and fail obscurely on the other).
 */
export function checkSqliteFile(file: string): FileHealth {
  let stat: Stats;
  try {
    stat = lstatSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'absent' };
    return { state: 'broken', reason: `it cannot be read (${(error as NodeJS.ErrnoException).code})` };
  }
  if (stat.isSymbolicLink()) {
    try {
      stat = statSync(file);
    } catch (error) {
      return { state: 'broken', reason: `it is a link to nothing that can be opened (${(error as NodeJS.ErrnoException).code})` };
    }
  }
  const kind = fileKind(stat);
  if (kind !== null) return { state: 'broken', reason: kind };
  try {
    accessSync(file, constants.R_OK | constants.W_OK);
  } catch (error) {
    return { state: 'broken', reason: `it cannot be read and written (${(error as NodeJS.ErrnoException).code})` };
  }
  if (stat.size === 0) return { state: 'empty' };
  let db: Database.Database | null = null;
  try {
    db = new Database(file, { fileMustExist: true });
    const problems = db.pragma('quick_check(1)', { simple: true }) as string;
    if (problems !== 'ok') throw new Error(problems);
    return { state: 'ok', db };
  } catch (error) {
    db?.close();
    // Another process (the app beside the command line) holding a lock says nothing about the file: not broken.
    if (/^SQLITE_(BUSY|LOCKED)/.test(String((error as { code?: unknown }).code))) throw error;
    return { state: 'broken', reason: (error as Error).message };
  }
}
