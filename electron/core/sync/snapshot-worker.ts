/**
 * The snapshot writer thread: a second connection to the account's mirror file. It keeps the pages of the
 * resource being read and writes each resource once it is read in full, while the sync's thread reads the
 * next one. A paged list's replies arrive as they came from the provider; they are decoded when the thread
 * is idle (decode-ahead.ts) or else when they are written. Other pages arrive as serialized encoded rows,
 * deserialized only as they are written. A page past the sink's memory budget arrives as where its bytes wait
 * in the spill file, and is read from there when it is written (not decoded ahead: that would bring it back
 * into memory, as rows larger than its bytes).
 * Requests are handled in the order they came; WAL lets the first connection's readers go on seeing the
 * last committed state meanwhile.
 */
import { deserialize } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { releaseBytes } from '../api/reply-bytes.js';
import { Mirror, type EncodedRow } from '../mirror/index.js';
import { DecodeAhead } from './decode-ahead.js';
import type { AnsweredRequest, ReplyRequest, RowsRequest, SnapshotReply, SnapshotRequest, SnapshotWorkerData } from './snapshot-protocol.js';
import { PageBuffer, replyPage, writeSnapshot, type BufferedPage } from './snapshot-sink.js';
import { isSpilled, readSpilled } from './spill-file.js';

const port = parentPort;
if (port === null) throw new Error('snapshot-worker runs as a worker thread only');

const { mirrorFile } = workerData as SnapshotWorkerData;
const mirror = Mirror.attach(mirrorFile);
const buffer = new PageBuffer();
const ahead = new DecodeAhead(buffer);

function answer(request: AnsweredRequest): SnapshotReply {
  try {
    switch (request.kind) {
      case 'apply':
        return { id: request.id, ok: true, outcome: writeSnapshot(mirror, buffer, request.header) };
      case 'finish':
        mirror.refreshStatistics();
        return { id: request.id, ok: true, outcome: null };
      case 'close':
        mirror.dispose();
        return { id: request.id, ok: true, outcome: null };
    }
  } catch (error) {
    return { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

port.on('message', (request: SnapshotRequest) => {
  if (request.kind === 'page' || request.kind === 'reply') {
    const { resource, bytes } = request;
    if (isSpilled(bytes)) {
      buffer.put(resource, spilledPage(request, () => readSpilled(bytes)));
    } else {
      const page = heldPage(request, bytes);
      buffer.put(resource, page);
      if (request.kind === 'reply') ahead.add(resource, page, bytes.byteLength);
    }
  } else if (request.kind === 'discard') {
    buffer.drop(request.resource);
  } else {
    port.postMessage(answer(request));
    if (request.kind === 'close') port.close();
  }
});

/** A page whose bytes are at hand: encoded rows as v8.serialize wrote them (worker-sink.ts), or a reply. */
function heldPage(request: RowsRequest | ReplyRequest, bytes: Uint8Array): BufferedPage {
  if (request.kind === 'page') return { offset: request.offset, count: request.count, rows: () => rowsOf(bytes) };
  const { resource, offset, limit, operation, total, returned } = request;
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The paging thread has checked startnumber; the writer needs only the counts.
  return replyPage(resource, offset, limit, operation, { kind: 'bytes', bytes: body, total, start: null, returned });
}

/** A page whose bytes wait in the spill file: read back when its rows are, then decoded as heldPage would. */
function spilledPage(request: RowsRequest | ReplyRequest, read: () => Buffer): BufferedPage {
  const count = request.kind === 'page' ? request.count : Math.min(request.limit, request.returned);
  const page: BufferedPage = {
    offset: request.offset,
    count,
    rows: () => {
      const held = heldPage(request, read());
      const rows = held.rows();
      page.unread = held.unread;
      return rows;
    },
  };
  return page;
}

/** The rows, the bytes released as soon as they are read rather than at the thread's next full collection. */
function rowsOf(bytes: Uint8Array): EncodedRow[] {
  const rows = deserialize(bytes) as EncodedRow[];
  releaseBytes(bytes);
  return rows;
}
