/** Ours: a first full sync into a fresh mirror, with the Syncer's own page size and concurrency. */
import { existsSync } from 'node:fs';
import { createHttp } from '../../../electron/core/api/http.js';
import { Mirror, SYNCED_RESOURCES } from '../../../electron/core/mirror/index.js';
import { Syncer } from '../../../electron/core/sync/index.js';
import { sandboxClient } from '../account.js';
import type { JobOf, SyncFigures } from '../jobs.js';
import { PhaseTimer } from '../phase-timer.js';
import { PlanRecorder } from '../plan-recorder.js';
import { Traffic } from '../traffic.js';

/** The longest a measured sync may take: long enough for the huge preset on a shared machine. */
const BENCH_SYNC_DEADLINE_MS = 2 * 60 * 60_000;

export async function measureSync(job: JobOf<'sync'>): Promise<SyncFigures> {
  // The sync writes on a thread whose module it looks for beside its own code: here, the bundle's.
  if (!existsSync(new URL('./snapshot-worker.mjs', import.meta.url))) throw new Error('the bundle lacks snapshot-worker.mjs');
  const mirror = Mirror.open(job.mirrorPath);
  const http = createHttp();
  const traffic = new Traffic(http);
  const recorder = new PlanRecorder(http);
  // The bench measures a whole sync: the product's deadline (5 min, issue 24.5, against a trickling provider) would
  // end the huge preset's on a busy machine before it is done.
  const syncer = new Syncer({ client: await sandboxClient(job.sandbox, http), mirror, deadlineMs: BENCH_SYNC_DEADLINE_MS });
  let phases: PhaseTimer | null = null;
  syncer.on('sync.progress', ({ resource }) => {
    recorder.startResource(resource);
    phases?.progress(resource);
  });
  try {
    phases = new PhaseTimer();
    const started = performance.now();
    const summary = await syncer.sync();
    const { resources, tailMs, cpuMs, mainThreadCpuMs } = phases.finish();
    const wallMs = performance.now() - started;
    const failed = summary.resources.filter((r) => r.outcome !== 'ok');
    if (failed.length > 0) throw new Error(`the sync failed: ${failed.map((r) => `${r.resource}: ${r.error ?? r.outcome}`).join('; ')}`);
    const counts = mirror.counts();
    const rows = SYNCED_RESOURCES.reduce((sum, resource) => sum + counts[resource], 0);
    return { wallMs, requests: traffic.requests, bytes: traffic.bytes, rows, plan: recorder.plan, resources, tailMs, cpuMs, mainThreadCpuMs };
  } finally {
    syncer.dispose();
    mirror.dispose();
  }
}
