/**
 * The snapshot writer thread: a second connection to the account's mirror file, writing what the sync pulled
 * while the sync's thread reads the next resource. Jobs are answered in the order they came; WAL lets the
 * first connection's readers go on seeing the last committed state meanwhile.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Mirror } from '../mirror/index.js';
import type { SnapshotReply, SnapshotRequest, SnapshotWorkerData } from './snapshot-protocol.js';
import { writeSnapshotJob, type SnapshotJob } from './snapshot-sink.js';

const port = parentPort;
if (port === null) throw new Error('snapshot-worker runs as a worker thread only');

const { mirrorFile } = workerData as SnapshotWorkerData;
const mirror = Mirror.attach(mirrorFile);
/** The records of the next job, as their slices arrive. */
let incoming: unknown[] = [];

function answer(request: Exclude<SnapshotRequest, { kind: 'append' }>): SnapshotReply {
  try {
    switch (request.kind) {
      case 'apply': {
        const records = incoming;
        incoming = [];
        const job = { ...request.job, records } as SnapshotJob;
        return { id: request.id, ok: true, outcome: writeSnapshotJob(mirror, job) };
      }
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

port.on('message', (request: SnapshotRequest) => {
  if (request.kind === 'append') {
    for (const record of request.records) incoming.push(record);
    return;
  }
  port.postMessage(answer(request));
  if (request.kind === 'close') port.close();
});
