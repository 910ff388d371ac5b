/**
 * Reading what can still be read of a damaged outbox file, entry by entry, and writing it into a fresh one
 * (issue 24.3, `reseller-desk outbox recover`). Each entry is probed by its id on its own, so a damaged page
 * costs the entries on it, not the ones after it. Rows are copied as stored (sealed secrets stay sealed with the
 * account's key; states, attempts and server ids are kept), so the replayer treats them exactly as before.
 */
import { closeSync, copyFileSync, fstatSync, ftruncateSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { PENDING_STATES, type EntryState } from '../../../shared/outbox/states.js';
import { openDatabase } from '../outbox/database.js';

type Row = Record<string, unknown>;

export interface SalvagedEntry {
  entry: Row;
  attachments: Row[];
  idMap: Row | null;
}

export interface Salvage {
  entries: SalvagedEntry[];
  /** The highest entry id the file knows of (read or not): ids above it were never given. */
  lastEntryId: number;
  /** Ids up to lastEntryId that could not be read (or were never written: SQLite skips none, so few are). */
  unreadable: number[];
}

function attempt<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

const MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

/**
 * A copy of `file` SQLite will read as far as it can: a file cut short is padded back to the pages its header
 * counts (with zeros: SQLite refuses the whole schema when a table's first page lies past the end, but only that
 * table when the page is blank), and a header whose 100 bytes are garbage is replaced by a sound one (the
 * schema's own page starts after them, so the tables are still found).
 */
function readableCopy(file: string): { path: string; done: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'outbox-salvage-'));
  const copy = join(dir, 'copy.db');
  copyFileSync(file, copy);
  const fd = openSync(copy, 'r+');
  try {
    let header = Buffer.alloc(100);
    readSync(fd, header, 0, 100, 0);
    if (header.subarray(0, 16).equals(MAGIC)) {
      const pageSize = header.readUInt16BE(16) === 1 ? 65536 : header.readUInt16BE(16);
      const pages = header.readUInt32BE(28);
      if (pages * pageSize > fstatSync(fd).size) ftruncateSync(fd, pages * pageSize);
    } else {
      const template = join(dir, 'template.db');
      openDatabase(template).close();
      header = readFileSync(template).subarray(0, 100);
      // Page count 0: SQLite takes the file's size.
      header.writeUInt32BE(0, 28);
      writeSync(fd, header, 0, 100, 0);
    }
  } finally {
    closeSync(fd);
  }
  return { path: copy, done: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Reads every readable entry of `file` (opened read-only; it is never changed). `knownLast`: the ledger's last id. */
export function readSalvage(file: string, knownLast = 0): Salvage {
  let db: Database.Database;
  let source: { path: string; done: () => void } | null = null;
  try {
    source = readableCopy(file);
    db = new Database(source.path, { readonly: true, fileMustExist: true });
  } catch {
    source?.done();
    return { entries: [], lastEntryId: knownLast, unreadable: range(knownLast) };
  }
  try {
    const fromSequence = attempt(() => (db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'entries'").pluck().get() as number | undefined) ?? 0, 0);
    const fromRows = attempt(() => (db.prepare('SELECT max(id) FROM entries').pluck().get() as number | null) ?? 0, 0);
    const lastEntryId = Math.max(fromSequence, fromRows, knownLast);
    const entryById = attempt(() => db.prepare('SELECT * FROM entries WHERE id = ?'), null);
    const attachmentsOf = attempt(() => db.prepare('SELECT * FROM attachments WHERE entry_id = ? ORDER BY id'), null);
    const idMapOf = attempt(() => db.prepare('SELECT * FROM id_map WHERE entry_id = ?'), null);
    const entries: SalvagedEntry[] = [];
    const unreadable: number[] = [];
    for (let id = 1; id <= lastEntryId; id++) {
      const entry = entryById ? attempt(() => entryById.get(id) as Row | undefined, undefined) : undefined;
      // An entry whose attachments cannot be read would be sent without them: it counts as lost.
      const hasAttachments = String(entry?.params).includes('"attachmentId"');
      const attachments = !hasAttachments ? [] : attachmentsOf ? attempt(() => attachmentsOf.all(id) as Row[], null) : null;
      if (!entry || !attachments) {
        unreadable.push(id);
        continue;
      }
      const idMap = idMapOf ? attempt(() => (idMapOf.get(id) as Row | undefined) ?? null, null) : null;
      entries.push({ entry, attachments, idMap });
    }
    return { entries, lastEntryId, unreadable };
  } finally {
    db.close();
    source.done();
  }
}

function range(last: number): number[] {
  return Array.from({ length: last }, (_, i) => i + 1);
}

export function pendingIn(entries: readonly SalvagedEntry[]): number {
  return entries.filter((e) => PENDING_STATES.includes(e.entry.state as EntryState)).length;
}

/** Writes the salvaged entries into a new outbox file at `file` (which must not exist); ids continue after lastEntryId. */
export function writeSalvage(file: string, salvage: Salvage): void {
  const db = openDatabase(file);
  try {
    const columns = (table: string) => new Set((db.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name));
    const insert = (table: string, row: Row) => {
      const known = columns(table);
      const names = Object.keys(row).filter((name) => known.has(name));
      db.prepare(`INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`).run(...names.map((n) => row[n]));
    };
    db.transaction(() => {
      for (const { entry, attachments, idMap } of salvage.entries) {
        insert('entries', entry);
        for (const attachment of attachments) insert('attachments', attachment);
        if (idMap) insert('id_map', idMap);
      }
      // Local ids (local:<entry id>) are never given twice, also across a recovery.
      db.prepare("DELETE FROM sqlite_sequence WHERE name = 'entries'").run();
      db.prepare("INSERT INTO sqlite_sequence (name, seq) VALUES ('entries', ?)").run(salvage.lastEntryId);
    })();
  } finally {
    db.close();
  }
}
