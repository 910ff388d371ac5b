/** Ways a SQLite file of ours gets broken on a real disk, each done to a real file (the corruption matrix). */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, symlinkSync, truncateSync, writeSync, chmodSync } from 'node:fs';
import Database from 'better-sqlite3';

export const DAMAGES = ['0 bytes', 'cut in half', 'garbage header', 'damaged pages', 'a folder in its place', 'unreadable'] as const;
export type Damage = (typeof DAMAGES)[number];

/** Whether chmod 000 stops this process reading (not as root: root reads anything). */
export const runsAsRoot = process.getuid?.() === 0;

function overwrite(file: string, offset: number, bytes: Buffer): void {
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, bytes, 0, bytes.length, offset);
  } finally {
    closeSync(fd);
  }
}

/** The page the largest index (or table) of `file` starts on: damaging it leaves the table's own pages readable. */
function pageToDamage(file: string): { page: number; pageSize: number } {
  const db = new Database(file, { readonly: true });
  try {
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    const roots = db.prepare("SELECT rootpage FROM sqlite_schema WHERE type = 'index' AND rootpage > 1 ORDER BY rootpage DESC").pluck().all() as number[];
    return { page: roots[0] ?? 2, pageSize };
  } finally {
    db.close();
  }
}

/** Breaks `file` the way `damage` says; returns how, in words, for the table. */
export function damage(file: string, kind: Damage): string {
  switch (kind) {
    case '0 bytes':
      truncateSync(file, 0);
      return 'truncated to 0 bytes';
    case 'cut in half':
      truncateSync(file, Math.floor(statSync(file).size / 2));
      return 'truncated to half its size';
    case 'garbage header':
      overwrite(file, 0, Buffer.alloc(100, 0x5a));
      return 'first 100 bytes overwritten';
    case 'damaged pages': {
      const { page, pageSize } = pageToDamage(file);
      overwrite(file, (page - 1) * pageSize, Buffer.alloc(pageSize, 0xa5));
      return `page ${page} (an index) overwritten`;
    }
    case 'a folder in its place':
      rmSync(file);
      mkdirSync(file);
      return 'replaced by a folder';
    case 'unreadable':
      if (!runsAsRoot) {
        chmodSync(file, 0o000);
        return 'chmod 000';
      }
      // Root reads a chmod-000 file: a link to nowhere is a file no process can open.
      rmSync(file);
      symlinkSync(`${file}.nowhere`, file);
      return 'a dangling symlink (root ignores chmod 000)';
  }
}

/** What the file's bytes begin with, for checks that a copy kept aside is the damaged file. */
export function head(file: string): Buffer {
  return readFileSync(file).subarray(0, 100);
}
