/**
 * A bulk edit sent to the sandbox (issue 34's freshness pass): the mirror's contacts synced first (unmeasured, so
 * that it holds what earlier runs sent, as the app's would), then one field set on the first `edits` contacts,
 * queued as contacts.bulkEdit queues them (outbox.enqueueAll, one transaction) and replayed by the app's Replayer.
 * With `bases`, each entry keeps its base read from the mirror, the freshness pass is first timed alone, and the
 * run reads the provider's contacts and decides per field before it sends; without, the same edits go as they
 * are: the sends alone.
 */
import { existsSync } from 'node:fs';
import { createHttp } from '../../../electron/core/api/http.js';
import { Mirror } from '../../../electron/core/mirror/index.js';
import { mirrorBases, openOutbox, Replayer, type Mutation } from '../../../electron/core/outbox/index.js';
import { Syncer } from '../../../electron/core/sync/index.js';
import { sandboxClient } from '../account.js';
import { timeFreshnessPass } from '../freshness-pass.js';
import type { JobOf, ReplayFigures } from '../jobs.js';
import { Traffic } from '../traffic.js';

export async function measureReplay(job: JobOf<'replay'>): Promise<ReplayFigures> {
  if (!existsSync(new URL('./snapshot-worker.mjs', import.meta.url))) throw new Error('the bundle lacks snapshot-worker.mjs');
  const mirror = Mirror.open(job.mirrorPath);
  const outbox = openOutbox(job.outboxPath);
  const http = createHttp();
  const client = await sandboxClient(job.sandbox, http);
  const syncer = new Syncer({ client, mirror });
  try {
    const synced = await syncer.sync({ only: ['contacts'] });
    if (synced.resources.some((r) => r.outcome !== 'ok')) throw new Error('the contacts sync before the bulk edit failed');
    if (job.bases) outbox.readBasesWith(mirrorBases(mirror, () => outbox.pending()));
    const ids = mirror.db.prepare('SELECT id FROM contacts ORDER BY id LIMIT ?').pluck().all(job.edits) as number[];
    if (ids.length < job.edits) throw new Error(`the mirror has ${ids.length} contacts, not the ${job.edits} to edit`);
    const mutations: Mutation[] = ids.map((contactid) => ({ kind: 'update-contact', params: { contactid, city: job.city } }));

    const queueStarted = performance.now();
    outbox.enqueueAll(mutations);
    const queueMs = performance.now() - queueStarted;
    const freshness = job.bases ? await timeFreshnessPass(outbox, client) : null;

    const traffic = new Traffic(http);
    let firstSendAt: number | null = null;
    http.interceptors.request.use((config) => {
      if (firstSendAt === null && config.url?.endsWith('/update-contact')) firstSendAt = performance.now();
      return config;
    });
    const replayer = new Replayer(outbox, client);
    const started = performance.now();
    const report = await replayer.run();
    const wallMs = performance.now() - started;
    if (report.sent !== mutations.length) throw new Error(`the replay sent ${report.sent} of ${mutations.length} edits`);
    return { edits: mutations.length, queueMs, freshness, wallMs, toFirstSendMs: (firstSendAt ?? Number.NaN) - started, requests: traffic.requests, bytes: traffic.bytes };
  } finally {
    syncer.dispose();
    outbox.dispose();
    mirror.dispose();
  }
}
