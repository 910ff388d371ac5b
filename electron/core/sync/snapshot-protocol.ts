/** The messages between the worker sink (this thread) and the snapshot worker (its own thread). */
import type { SnapshotJob, SnapshotOutcome } from './snapshot-sink.js';

/** A job without its records: those go ahead of it in slices (`append`). */
export type SnapshotJobHeader = Omit<SnapshotJob, 'records'>;

/**
 * Records travel in slices so that no message's serialized copy is as large as a whole resource (20,000
 * domains serialize to some 20 MB, which would sit in memory beside both threads' copies).
 */
export const RECORDS_PER_MESSAGE = 1000;

export type SnapshotRequest =
  | { kind: 'append'; records: readonly unknown[] }
  | { id: number; kind: 'apply'; job: SnapshotJobHeader }
  | { id: number; kind: 'finish' }
  | { id: number; kind: 'close' };

export type SnapshotReply = { id: number; ok: true; outcome: SnapshotOutcome | null } | { id: number; ok: false; error: string };

/** What the worker is started with. */
export interface SnapshotWorkerData {
  mirrorFile: string;
}
