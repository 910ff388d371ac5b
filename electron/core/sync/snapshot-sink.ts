/**
 * Where a sync's pulled resources go. Pages are handed over as they are read; once a resource is read in full
 * it is written to the mirror as one snapshot (applySnapshot, one transaction) and its notable changes are
 * spelled out; at the end of the run the planner statistics are refreshed. The inline sink does this on the
 * calling thread; the worker sink (worker-sink.ts) on a thread of its own, so the writing of one resource
 * overlaps the reading of the next and the records of a resource are held by that thread only.
 */
import type { Mirror, ResourceRecords, SyncedResource } from '../mirror/index.js';
import { notableChanges } from './notable.js';

/** A resource read in full: its records are indexes 0..count-1 of the pages handed over. */
export interface SnapshotHeader {
  resource: SyncedResource;
  count: number;
  /** When the rows were read: what the mirror records as written and synced (ISO 8601). */
  at: string;
  /** Today in the sync's calendar, and the day of the resource's previous sync (null: its first). */
  today: string;
  previousSyncDay: string | null;
}

export interface SnapshotOutcome {
  added: number;
  changed: number;
  removed: number;
  notable: string[];
}

export interface SnapshotSink {
  /** Records of `resource` at indexes offset, offset+1, …; a later page for the same indexes replaces them. */
  page(resource: SyncedResource, offset: number, records: readonly unknown[]): void;
  /** Forgets what was handed over of a resource whose read failed or was cancelled. */
  discard(resource: SyncedResource): void;
  /** Writes the resource's records as its snapshot; resources are written in the order asked. */
  apply(header: SnapshotHeader): Promise<SnapshotOutcome>;
  /** After the run's last resource: refreshes the planner statistics of what the snapshots changed. */
  finish(): Promise<void>;
  /** Releases the sink (its thread, its connection); what was asked before is still done first. */
  close(): Promise<void>;
}

/** The pages of each resource being read, by record index. */
export class PageBuffer {
  private readonly rows = new Map<SyncedResource, unknown[]>();

  put(resource: SyncedResource, offset: number, records: readonly unknown[]): void {
    let rows = this.rows.get(resource);
    if (!rows) this.rows.set(resource, (rows = []));
    for (let i = 0; i < records.length; i++) rows[offset + i] = records[i];
  }

  drop(resource: SyncedResource): void {
    this.rows.delete(resource);
  }

  /** Records 0..count-1 of a resource, which leaves the buffer; a missing one is a bug in the reading, said so. */
  take<R extends SyncedResource>(resource: R, count: number): ResourceRecords[R][] {
    const rows = this.rows.get(resource) ?? [];
    this.rows.delete(resource);
    for (let i = 0; i < count; i++) {
      if (rows[i] === undefined) throw new Error(`${resource}: record ${i} of ${count} was never handed over`);
    }
    rows.length = count;
    return rows as ResourceRecords[R][];
  }
}

/** Writes a resource from `buffer` through `mirror` on this thread. */
export function writeSnapshot(mirror: Mirror, buffer: PageBuffer, header: SnapshotHeader): SnapshotOutcome {
  const { resource, today, previousSyncDay } = header;
  const changes = mirror.applySnapshot(resource, buffer.take(resource, header.count), new Date(header.at));
  const notable = notableChanges(resource, changes, { mirror, today, previousSyncDay });
  return { added: changes.added.length, changed: changes.changed.length, removed: changes.removed.length, notable };
}

export class InlineSnapshotSink implements SnapshotSink {
  private readonly buffer = new PageBuffer();

  constructor(private readonly mirror: Mirror) {}

  page(resource: SyncedResource, offset: number, records: readonly unknown[]): void {
    this.buffer.put(resource, offset, records);
  }

  discard(resource: SyncedResource): void {
    this.buffer.drop(resource);
  }

  apply(header: SnapshotHeader): Promise<SnapshotOutcome> {
    try {
      return Promise.resolve(writeSnapshot(this.mirror, this.buffer, header));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  finish(): Promise<void> {
    this.mirror.refreshStatistics();
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
