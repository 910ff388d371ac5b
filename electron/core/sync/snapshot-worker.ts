/**
 * The snapshot writer thread: a second connection to the account's mirror file, writing what the sync pulled
 * while the sync's thread reads the next resource. Jobs are answered in the order they came; WAL lets the
 * first connection's readers go on seeing the last committed state meanwhile.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Mirror } from '../mirror/index.js';
import type { SnapshotReply, SnapshotRequest, SnapshotWorkerData } from './snapshot-protocol.js';
import { writeSnapshotJob } from './snapshot-sink.js';

const port = parentPort;
if (port === null) throw new Error('snapshot-worker runs as a worker thread only');

const { mirrorFile } = workerData as SnapshotWorkerData;
const mirror = Mirror.attach(mirrorFile);

port.on('message', (request: SnapshotRequest) => {
  let reply: SnapshotReply;
  try {
    if (request.kind === 'apply') reply = { id: request.id, ok: true, outcome: writeSnapshotJob(mirror, request.job) };
    else if (request.kind === 'finish') {
      mirror.refreshStatistics();
      reply = { id: request.id, ok: true, outcome: null };
    } else {
      mirror.close();
      reply = { id: request.id, ok: true, outcome: null };
      port.postMessage(reply);
      port.close();
      return;
    }
  } catch (error) {
    reply = { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
