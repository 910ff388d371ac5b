/**
 * Storage failures in words (issue 24.3/24.4): a full disk says how much is free and where; a damaged file
 * says which one. Matched on SQLite's codes and, for errors that crossed a worker thread as text, its messages.
 */
import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';

const DISK_FULL_CODES = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT']);
const DISK_FULL_TEXT = /database or disk is full|disk I\/O error|ENOSPC|no space left on device|quota exceeded/i;
const DAMAGED_CODES = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB', 'SQLITE_CORRUPT_VTAB', 'SQLITE_CORRUPT_SEQUENCE', 'SQLITE_CORRUPT_INDEX']);
const DAMAGED_TEXT = /database disk image is malformed|file is not a database|file is encrypted or is not a database/i;

function codeOf(error: unknown): string {
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : '';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** SQLITE_FULL, ENOSPC, or SQLite's "disk I/O error" (what a write that found no room often becomes). */
export function isDiskFull(error: unknown): boolean {
  const code = codeOf(error);
  return DISK_FULL_CODES.has(code) || code.startsWith('SQLITE_IOERR') || DISK_FULL_TEXT.test(messageOf(error));
}

export function isDamagedFile(error: unknown): boolean {
  return DAMAGED_CODES.has(codeOf(error)) || DAMAGED_TEXT.test(messageOf(error));
}

/** "The disk is full (1.2 MB free at /home/me/.config/Reseller Desk)." `path`: a file or folder on that disk. */
export function diskFullMessage(path: string): string {
  let free = 'little';
  for (let dir = path; ; dir = dirname(dir)) {
    try {
      const stat = statfsSync(dir);
      free = `${((stat.bavail * stat.bsize) / 1_000_000).toFixed(1)} MB`;
      break;
    } catch {
      if (dirname(dir) === dir) break;
    }
  }
  return `The disk is full (${free} free at ${path}): free some space, then try again.`;
}

/** A storage failure said in words, or null when `error` is not one. */
export function storageFailureWords(error: unknown, path: string): string | null {
  if (isDiskFull(error)) return diskFullMessage(path);
  if (isDamagedFile(error)) return `A file in ${path} is damaged (${messageOf(error)}).`;
  return null;
}
