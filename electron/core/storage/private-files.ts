/**
 * The data folder is the user's alone (issue 24.10): on POSIX, folders 0700 and files 0600 whatever the umask,
 * since the mirror holds contacts' personal data and the outbox queued passwords (sealed, but still). Windows
 * keeps its own ACLs: the profile folder is already private there.
 */
import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

const posix = process.platform !== 'win32';

/** mkdir -p, each folder it makes 0700 (mkdir's mode is cut by the umask, so it is set again after). */
export function makePrivateDir(dir: string): void {
  const first = mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (!posix || first === undefined) return;
  // Every folder from the first one made down to `dir`.
  for (let path = dir; path.length >= first.length; path = join(path, '..')) {
    chmodSync(path, PRIVATE_DIR_MODE);
    if (path === first) break;
  }
}

/**
 * Creates `file` empty at 0600 when it is not there (SQLite then gives its -wal and -shm files the same mode);
 * an existing file is left as it is.
 */
export function touchPrivateFile(file: string): void {
  try {
    closeSync(openSync(file, 'wx', PRIVATE_FILE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return;
  }
  if (posix) chmodSync(file, PRIVATE_FILE_MODE);
}

/**
 * Takes group and other permissions away from everything under `dir` (folders 0700, files 0600; symlinks are
 * not followed). Returns the paths it changed: none once the folder is private.
 */
export function tightenTree(dir: string): string[] {
  if (!posix) return [];
  const changed: string[] = [];
  const visit = (path: string) => {
    let stat;
    try {
      stat = lstatSync(path);
    } catch {
      return;
    }
    if (stat.isSymbolicLink()) return;
    // Only the group's and others' bits are taken away: a file the owner made read-only stays read-only.
    if ((stat.mode & 0o077) !== 0) {
      try {
        chmodSync(path, stat.mode & 0o700);
        changed.push(path);
      } catch {
        // Not ours to change (another user's file): left as it is.
      }
    }
    if (!stat.isDirectory()) return;
    let names: string[] = [];
    try {
      names = readdirSync(path);
    } catch {
      // A folder we cannot list is not ours either.
    }
    for (const name of names) visit(join(path, name));
  };
  visit(dir);
  return changed;
}
