/**
 * Writing a resource: a whole snapshot (insert new, rewrite only rows whose content hash changed, delete
 * what the server no longer lists) or a single record. Callers wrap these in a transaction.
 */
import type { ResourceDescriptor } from './descriptor.js';
import type { ChangeSet, ResourceName } from '../../../shared/records.js';
import { encodeRecord, type RowWriter } from './row-writer.js';

export function writeSnapshot<T>(
  resource: ResourceName,
  descriptor: ResourceDescriptor<T>,
  writer: RowWriter<T>,
  records: readonly T[],
  writtenAt: string,
): ChangeSet<T> {
  const stored = writer.hashes();
  const seen = new Set<number>();
  const changes: ChangeSet<T> = { resource, added: [], changed: [], removed: [] };
  for (const record of records) {
    const row = encodeRecord(descriptor, record);
    if (seen.has(row.id)) throw new Error(`${resource}: record ${row.id} appears twice in one snapshot`);
    seen.add(row.id);
    const storedHash = stored.get(row.id);
    if (storedHash === undefined) {
      writer.insert(row, writtenAt);
      changes.added.push(record);
    } else if (storedHash !== row.hash) {
      const before = writer.read(row.id) as T;
      writer.update(row, writtenAt);
      changes.changed.push({ before, after: record });
    }
  }
  for (const id of stored.keys()) {
    if (seen.has(id)) continue;
    changes.removed.push(writer.read(id) as T);
    writer.delete(id);
  }
  return changes;
}

export type UpsertOutcome = 'added' | 'changed' | 'unchanged';

export function writeRecord<T>(descriptor: ResourceDescriptor<T>, writer: RowWriter<T>, record: T, writtenAt: string): UpsertOutcome {
  const row = encodeRecord(descriptor, record);
  const storedHash = writer.hashOf(row.id);
  if (storedHash === undefined) {
    writer.insert(row, writtenAt);
    return 'added';
  }
  if (storedHash === row.hash) return 'unchanged';
  writer.update(row, writtenAt);
  return 'changed';
}
