/**
 * A worker process of the bench (forked by workers.ts): takes one job over IPC, runs it, and replies with its
 * figures and its own peak RSS. Nothing else runs in it, so those figures are the job's alone.
 */
import type { Job, JobResults, WorkerReply } from './jobs.js';
import { measureNaive } from './variants/naive.js';
import { measureQueries } from './variants/queries.js';
import { measureRaw } from './variants/raw.js';
import { measureReplay } from './variants/replay.js';
import { measureSync } from './variants/sync.js';

async function perform(job: Job): Promise<JobResults[Job['kind']]> {
  switch (job.kind) {
    case 'sync':
      return measureSync(job);
    case 'raw':
      return measureRaw(job);
    case 'naive':
      return measureNaive(job);
    case 'queries':
      return measureQueries(job);
    case 'replay':
      return measureReplay(job);
  }
}

process.once('message', (job: Job) => {
  perform(job).then(
    (result): WorkerReply => ({ ok: true, result: { ...result, peakRssMb: process.resourceUsage().maxRSS / 1024 } }),
    (error: unknown): WorkerReply => ({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  ).then((reply) => process.send?.(reply, () => process.disconnect()));
});
