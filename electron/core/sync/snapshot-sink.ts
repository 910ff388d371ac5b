/**
 * Where a sync's pulled resources go: each written to the mirror as one snapshot (applySnapshot, one
 * transaction), its notable changes spelled out, and at the end of the run the planner statistics refreshed.
 * The inline sink does this on the calling thread; the worker sink (worker-sink.ts) hands the same jobs to a
 * thread of its own, so the writing of one resource overlaps the reading of the next.
 */
import type { Mirror, ResourceRecords, SyncedResource } from '../mirror/index.js';
import { notableChanges } from './notable.js';

export interface SnapshotJob<R extends SyncedResource = SyncedResource> {
  resource: R;
  records: readonly ResourceRecords[R][];
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
  /** Writes one resource; jobs are written in the order given. */
  apply(job: SnapshotJob): Promise<SnapshotOutcome>;
  /** After the run's last job: refreshes the planner statistics of what the jobs changed. */
  finish(): Promise<void>;
  /** Releases the sink (its thread, its connection); pending jobs are still written first. */
  close(): Promise<void>;
}

/** Writes a job through `mirror` on this thread (synchronously; the promise only carries the outcome). */
export function writeSnapshotJob(mirror: Mirror, job: SnapshotJob): SnapshotOutcome {
  const changes = mirror.applySnapshot(job.resource, job.records, new Date(job.at));
  const notable = notableChanges(job.resource, changes, { mirror, today: job.today, previousSyncDay: job.previousSyncDay });
  return { added: changes.added.length, changed: changes.changed.length, removed: changes.removed.length, notable };
}

export class InlineSnapshotSink implements SnapshotSink {
  constructor(private readonly mirror: Mirror) {}

  apply(job: SnapshotJob): Promise<SnapshotOutcome> {
    try {
      return Promise.resolve(writeSnapshotJob(this.mirror, job));
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
