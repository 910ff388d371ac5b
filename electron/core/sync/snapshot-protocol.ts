/** The messages between the worker sink (this thread) and the snapshot worker (its own thread). */
import type { PagedListOperation } from '../api/paged-lists.js';
import type { SyncedResource } from '../mirror/index.js';
import type { SnapshotHeader, SnapshotOutcome } from './snapshot-sink.js';

/** Requests the worker answers (by id); pages and discards are not answered. */
export type AnsweredRequest = { id: number; kind: 'apply'; header: SnapshotHeader } | { id: number; kind: 'finish' } | { id: number; kind: 'close' };

export type SnapshotRequest =
  /** A page's encoded rows as v8.serialize wrote them, its buffer transferred: the writer thread holds the compact bytes until it writes them. */
  | { kind: 'page'; resource: SyncedResource; offset: number; count: number; bytes: Uint8Array }
  /** A paged list's reply as received, its buffer transferred: the writer thread decodes at most `limit` of its records. */
  | {
      kind: 'reply';
      resource: SyncedResource;
      offset: number;
      limit: number;
      operation: PagedListOperation;
      total: number;
      returned: number;
      bytes: Uint8Array;
    }
  | { kind: 'discard'; resource: SyncedResource }
  | AnsweredRequest;

export type SnapshotReply = { id: number; ok: true; outcome: SnapshotOutcome | null } | { id: number; ok: false; error: string };

/** What the worker is started with. */
export interface SnapshotWorkerData {
  mirrorFile: string;
}
