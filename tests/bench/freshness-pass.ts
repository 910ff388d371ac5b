/**
 * The freshness pass's work alone (issue 34), as the Replayer does it at the start of a run and nothing sent: the
 * provider read once per resource for every queued entry with a base (outbox/freshness.ts), then each entry decided
 * per field against it (outbox/decide.ts).
 */
import type { EntryBase } from '../../shared/outbox/conflict.js';
import { decide } from '../../electron/core/outbox/decide.js';
import { needsOf, readProvider } from '../../electron/core/outbox/freshness.js';
import type { Outbox, OutboxClient } from '../../electron/core/outbox/index.js';
import type { StoredParams } from '../../electron/core/outbox/references.js';
import type { FreshnessPass } from './jobs.js';

export async function timeFreshnessPass(outbox: Outbox, client: OutboxClient): Promise<FreshnessPass> {
  const rows = outbox.journal.queuedWithBase(outbox.now());
  const started = performance.now();
  const state = await readProvider(client, needsOf(rows), outbox.now());
  const read = performance.now();
  const decisions = rows.map((row) => decide(row.kind, JSON.parse(row.params) as StoredParams, JSON.parse(row.base!) as EntryBase, state));
  const decideMs = performance.now() - read;
  return { entries: rows.length, readMs: read - started, decideMs, sending: decisions.filter((d) => d.go === 'send').length };
}
