/** Keeping a broken file out of the way without losing it: `outbox.db` → `outbox.db.damaged-2026-11-27T00-40-00Z`. */
import { copyFileSync, existsSync, renameSync } from 'node:fs';

/** SQLite's companions of a database file: they belong to it and go with it. */
export const COMPANIONS = ['-wal', '-shm', '-journal'] as const;

function asideName(file: string, now: Date): string {
  const stamp = now.toISOString().replace(/\.\d+Z$/, 'Z').replaceAll(':', '-');
  let name = `${file}.damaged-${stamp}`;
  for (let n = 2; existsSync(name); n++) name = `${file}.damaged-${stamp}-${n}`;
  return name;
}

/** Moves `file` and its companions aside; returns where the file went. */
export function moveAside(file: string, now = new Date()): string {
  const aside = asideName(file, now);
  renameSync(file, aside);
  for (const suffix of COMPANIONS) if (existsSync(file + suffix)) renameSync(file + suffix, aside + suffix);
  return aside;
}

/** Copies `file` and its companions aside (a regular file only); returns where the copy is. */
export function copyAside(file: string, now = new Date()): string {
  const aside = asideName(file, now);
  copyFileSync(file, aside);
  for (const suffix of COMPANIONS) if (existsSync(file + suffix)) copyFileSync(file + suffix, aside + suffix);
  return aside;
}
