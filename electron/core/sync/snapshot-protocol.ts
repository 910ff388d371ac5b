/** The messages between the worker sink (this thread) and the snapshot worker (its own thread). */
import type { SnapshotJob, SnapshotOutcome } from './snapshot-sink.js';

export type SnapshotRequest = { id: number; kind: 'apply'; job: SnapshotJob } | { id: number; kind: 'finish' } | { id: number; kind: 'close' };

export type SnapshotReply = { id: number; ok: true; outcome: SnapshotOutcome | null } | { id: number; ok: false; error: string };

/** What the worker is started with. */
export interface SnapshotWorkerData {
  mirrorFile: string;
}
