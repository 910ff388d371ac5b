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
 * rather than row by row: one sort per index costs less than as many B-tree inserts (a first sync of the
 * large preset: about 130 ms less of the writer's CPU). A smaller one keeps them: dropping and creating
 * indexes changes the schema, which every connection's prepared statements then notice.
 */
const BULK_LOAD_ROWS = 1000;

/**
 * Writes a snapshot of encoded rows. With `changes`, the records added, changed (before and after) and
 * removed are collected into it; without, only counted: nothing of a record outlives its row's write (a
 * first sync of 20,000 rows keeps none of them in memory).
 */
export function writeSnapshot<T>(
  resource: ResourceName,
  writer: RowWriter<T>,
  rows: Iterable<EncodedRow>,
  writtenAt: string,
  changes: ChangeSet<T> | null,
): SnapshotTally {
  const stored = writer.hashes();
  let rebuildIndexes: (() => void) | null = null;
  const seen = new Set<number>();
  const tally: SnapshotTally = { added: 0, changed: 0, removed: 0, records: 0 };
  for (const row of rows) {
    const [id, , hash] = row;
    if (seen.has(id)) throw new Error(`${resource}: record ${id} appears twice in one snapshot`);
    seen.add(id);
    const storedHash = stored.get(id);
    if (storedHash === undefined) {
      if (stored.size === 0 && tally.added === BULK_LOAD_ROWS) rebuildIndexes = writer.deferIndexes();
      writer.insert(row, writtenAt);
      tally.added++;
      changes?.added.push(recordOf(row));
    } else if (storedHash !== hash) {
      const before = changes ? (writer.read(id) as T) : null;
      writer.update(row, writtenAt);
      tally.changed++;
      if (changes) changes.changed.push({ before: before as T, after: recordOf(row) });
    }
  }
  for (const id of stored.keys()) {
    if (seen.has(id)) continue;
    if (changes) changes.removed.push(writer.read(id) as T);
    writer.delete(id);
    tally.removed++;
  }
  rebuildIndexes?.();
  tally.records = seen.size;
  return tally;
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
