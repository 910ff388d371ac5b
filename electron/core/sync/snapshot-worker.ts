/**
 * The snapshot writer thread: a second connection to the account's mirror file. It keeps the pages of the
 * resource being read and writes each resource once it is read in full, while the sync's thread reads the
 * next one. A paged list's replies arrive as they came from the provider and are decoded here as they are
 * written (decoded on arrival, a resource's rows would all be held until its write: some 30 MB more at a large
 * sync's peak, for a few per cent of speed); other pages arrive as serialized encoded rows, deserialized only
 * as they are written.
 * Requests are handled in the order they came; WAL lets the first connection's readers go on seeing the
 * last committed state meanwhile.
 */
import { deserialize } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { Mirror, type EncodedRow } from '../mirror/index.js';
import type { AnsweredRequest, SnapshotReply, SnapshotRequest, SnapshotWorkerData } from './snapshot-protocol.js';
import { PageBuffer, replyPage, writeSnapshot } from './snapshot-sink.js';

const port = parentPort;
if (port === null) throw new Error('snapshot-worker runs as a worker thread only');

const { mirrorFile } = workerData as SnapshotWorkerData;
const mirror = Mirror.attach(mirrorFile);
const buffer = new PageBuffer();

function answer(request: AnsweredRequest): SnapshotReply {
  try {
    switch (request.kind) {
      case 'apply':
        return { id: request.id, ok: true, outcome: writeSnapshot(mirror, buffer, request.header) };
      case 'finish':
        mirror.refreshStatistics();
        return { id: request.id, ok: true, outcome: null };
      case 'close':
        mirror.close();
        return { id: request.id, ok: true, outcome: null };
    }
  } catch (error) {
    return { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * A page's rows, its bytes released as soon as they are read: transfer(0) frees them at once, where this
 * thread's GC would get to them only at its next full collection (the bytes came in a message, so by then
 * their buffer is old), and a resource of 20,000 rows is some 14 MB of them.
 */
function rowsOf(bytes: Uint8Array): EncodedRow[] {
  const rows = deserialize(bytes) as EncodedRow[];
  (bytes.buffer as ArrayBuffer).transfer(0);
  return rows;
}

port.on('message', (request: SnapshotRequest) => {
  if (request.kind === 'page') {
    const { offset, count, bytes } = request;
    buffer.put(request.resource, { offset, count, rows: () => rowsOf(bytes) });
  } else if (request.kind === 'reply') {
    const { resource, offset, limit, operation, total, returned, bytes } = request;
    const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    buffer.put(resource, replyPage(resource, offset, limit, operation, { kind: 'bytes', bytes: body, total, returned }));
  } else if (request.kind === 'discard') {
    buffer.drop(request.resource);
  } else {
    port.postMessage(answer(request));
    if (request.kind === 'close') port.close();
  }
});
