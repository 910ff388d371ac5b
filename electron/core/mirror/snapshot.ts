/**
 * Writing a resource: a whole snapshot (insert new, rewrite only rows whose content hash changed, delete
 * what the server no longer lists) or a single record. Callers wrap these in a transaction.
 */
import type { ChangeSet, ResourceName } from '../../../shared/records.js';
import { recordOf, type EncodedRow, type RowWriter } from './row-writer.js';

/** How many rows a snapshot added, rewrote and deleted, and how many records it held. */
export interface SnapshotTally {
  added: number;
  changed: number;
  removed: number;
  records: number;
}

/**
 * A resource's first snapshot that goes past this many rows builds the table's indexes once at its end
 * rather than row by row: one sort per index costs less than as many B-tree inserts (measured on the large
 * preset's first sync). A smaller one keeps them: dropping and creating
 * indexes changes the schema, which every connection's prepared statements then notice.
 */
const BULK_LOAD_ROWS = 1000;

/**
 * Writes a snapshot of encoded rows. With `changes`, the records added, changed (before and after) and
 * removed are collected into it; without, only counted: nothing of a record outlives its row's write (a
 * first sync of 20,000 rows keeps none of them in memory).
 *
 * The rows go through one small loop (SnapshotWrite.writeRows) and what happens once per snapshot (the
 * indexes dropped and built, the rows no longer listed deleted) stays out of it: V8 optimizes that loop while
 * it runs, and a once-a-snapshot step reached inside it would find the optimized code unprepared for it
 * (a new call, a new kind of array) and send it back to be compiled again, at every resource.
 */
export function writeSnapshot<T>(
  resource: ResourceName,
  writer: RowWriter<T>,
  rows: Iterable<EncodedRow>,
  writtenAt: string,
  changes: ChangeSet<T> | null,
): SnapshotTally {
  const snapshot = new SnapshotWrite(resource, writer, writtenAt, changes);
  const iterator = rows[Symbol.iterator]();
  if (snapshot.stored.size > 0) {
    snapshot.writeRows(iterator, Infinity);
    snapshot.removeUnlisted();
  } else if (!snapshot.writeRows(iterator, BULK_LOAD_ROWS)) {
    const next = iterator.next();
    if (next.done !== true) {
      const indexes = writer.dropIndexes();
      snapshot.write(next.value);
      snapshot.writeRows(iterator, Infinity);
      writer.createIndexes(indexes);
    }
  }
  snapshot.tally.records = snapshot.seen.size;
  return snapshot.tally;
}

/** One snapshot's write in progress: the rows stored before it, the ids it listed, and its counts. */
class SnapshotWrite<T> {
  readonly stored: Map<number, string>;
  readonly seen = new Set<number>();
  readonly tally: SnapshotTally = { added: 0, changed: 0, removed: 0, records: 0 };

  constructor(
    private readonly resource: ResourceName,
    private readonly writer: RowWriter<T>,
    private readonly writtenAt: string,
    private readonly changes: ChangeSet<T> | null,
  ) {
    this.stored = writer.hashes();
  }

  /** Writes rows until `limit` are written or there are no more; whether there were no more. */
  writeRows(rows: Iterator<EncodedRow>, limit: number): boolean {
    for (let written = 0; written < limit; written++) {
      const next = rows.next();
      if (next.done === true) return true;
      this.write(next.value);
    }
    return false;
  }

  /** Inserts a new row, rewrites one whose content hash changed, leaves an unchanged one alone. */
  write(row: EncodedRow): void {
    const id = row[0];
    if (this.seen.has(id)) throw new Error(`${this.resource}: record ${id} appears twice in one snapshot`);
    this.seen.add(id);
    const storedHash = this.stored.get(id);
    if (storedHash === undefined) {
      this.writer.insert(row, this.writtenAt);
      this.tally.added++;
      this.changes?.added.push(recordOf(row));
    } else if (storedHash !== row[2]) {
      const before = this.changes ? (this.writer.read(row[0]) as T) : null;
      this.writer.update(row, this.writtenAt);
      this.tally.changed++;
      this.changes?.changed.push({ before: before as T, after: recordOf(row) });
    }
  }

  /** Deletes the stored rows the snapshot did not list. */
  removeUnlisted(): void {
    for (const id of this.stored.keys()) {
      if (this.seen.has(id)) continue;
      this.changes?.removed.push(this.writer.read(id) as T);
      this.writer.delete(id);
      this.tally.removed++;
    }
  }
}

export type UpsertOutcome = 'added' | 'changed' | 'unchanged';

export function writeRecord<T>(writer: RowWriter<T>, row: EncodedRow, writtenAt: string): UpsertOutcome {
  const storedHash = writer.hashOf(row[0]);
  if (storedHash === undefined) {
    writer.insert(row, writtenAt);
    return 'added';
  }
  if (storedHash === row[2]) return 'unchanged';
  writer.update(row, writtenAt);
  return 'changed';
}
