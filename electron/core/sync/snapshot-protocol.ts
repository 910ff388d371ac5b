/** The messages between the worker sink (this thread) and the snapshot worker (its own thread). */
import type { PagedListOperation } from '../api/paged-lists.js';
import type { SyncedResource } from '../mirror/index.js';
import type { SnapshotHeader, SnapshotOutcome } from './snapshot-sink.js';
import type { SpilledBytes } from './spill-file.js';

/** Requests the worker answers (by id); pages and discards are not answered. */
export type AnsweredRequest = { id: number; kind: 'apply'; header: SnapshotHeader } | { id: number; kind: 'finish' } | { id: number; kind: 'close' };

/**
 * A page's bytes: transferred with the message (the writer thread holds them until it writes them), or, past
 * the sink's memory budget, where they wait in the spill file (spill-file.ts).
 */
export type PageBytes = Uint8Array | SpilledBytes;

/** A page's encoded rows as v8.serialize wrote them. */
export interface RowsRequest {
  kind: 'page';
  resource: SyncedResource;
  offset: number;
  count: number;
  bytes: PageBytes;
}

/** A paged list's reply as received: the writer thread decodes at most `limit` of its records. */
export interface ReplyRequest {
  kind: 'reply';
  resource: SyncedResource;
  offset: number;
  limit: number;
  operation: PagedListOperation;
  total: number;
  returned: number;
  bytes: PageBytes;
}

export type SnapshotRequest = RowsRequest | ReplyRequest | { kind: 'discard'; resource: SyncedResource } | AnsweredRequest;

export type SnapshotReply = { id: number; ok: true; outcome: SnapshotOutcome | null } | { id: number; ok: false; error: string };

/** What the worker is started with. */
export interface SnapshotWorkerData {
  mirrorFile: string;
}
