/** `reseller-desk sync`: queued edits sent, then the account pulled; retries said as they happen; Ctrl-C stops it. */
import { SYNCED_RESOURCES, type SyncedResource } from '../../shared/records.js';
import type { SyncRunResult } from '../../shared/sync.js';
import { UsageError } from './args.js';
import { useAccount, type CommandContext } from './context.js';
import { print, table } from './output.js';
import { ProgressLine, retryMessage, seconds } from './progress.js';

/** Exit status of a command stopped with Ctrl-C (128 + SIGINT). */
export const INTERRUPTED = 130;

export async function sync(context: CommandContext): Promise<number> {
  const { desk, options } = context;
  const only = onlyResources(options.only);
  await useAccount(context);
  const progress = new ProgressLine(only ?? SYNCED_RESOURCES);
  let interrupted = false;
  desk.on('sync.progress', (p) => {
    if (interrupted) void desk.call('sync.cancel');
    progress.update(p);
  });
  desk.on('provider.retry', (r) => progress.say(retryMessage(r)));
  // Stays listening until the run ends: a second Ctrl-C (tsx's loader also re-emits the signal) changes nothing.
  const interrupt = () => {
    interrupted = true;
    void desk.call('sync.cancel');
  };
  process.on('SIGINT', interrupt);
  let summary: SyncRunResult;
  try {
    summary = await desk.call('sync.run', only ? { only } : undefined);
  } finally {
    process.off('SIGINT', interrupt);
    progress.clear();
  }
  // What this process sent, as the replay counted it: another process replaying the same outbox sends its own.
  const sentIds = new Set(summary.sentEntryIds);
  const sent = (await desk.call('outbox.list')).filter((e) => sentIds.has(e.id));
  const durationMs = Date.parse(summary.finishedAt) - Date.parse(summary.startedAt);
  if (interrupted) {
    const kept = summary.resources.filter((r) => r.outcome === 'ok').map((r) => r.resource);
    const cut = summary.resources.find((r) => r.outcome === 'cancelled')?.resource;
    process.stderr.write(`interrupted — finished resources kept${kept.length > 0 ? ` (${kept.join(', ')})` : ''}${cut ? `, ${cut} discarded` : ''}\n`);
    return INTERRUPTED;
  }
  const queued = await desk.call('outbox.counts');
  print(options.json, { ...summary, durationMs, sent }, () =>
    [
      table(
        ['RESOURCE', 'OUTCOME', 'NEW', 'CHANGED', 'REMOVED', 'ERROR'],
        summary.resources.map((r) => [r.resource, r.outcome, r.added, r.changed, r.removed, r.error ?? '']),
      ),
      ...summary.resources.flatMap((r) => r.warnings.map((w) => `warning: ${w}`)),
      ...summary.notable.map((n) => `• ${n}`),
      ...sent.map((e) => `sent #${e.id} ${e.kind}: ${e.state}${e.lastError ? ` (${e.lastError.message})` : ''}`),
      `sync ${summary.outcome} in ${seconds(durationMs)}; ${sent.length} edit(s) sent; outbox: ${queued.queued} queued, ${queued.failed} failed, ${queued.needs_review} to review, ${queued.conflict} changed on the provider`,
    ].join('\n'),
  );
  return summary.outcome === 'ok' ? 0 : 1;
}

function onlyResources(values: string[] | undefined): SyncedResource[] | undefined {
  if (values === undefined) return undefined;
  const names = values.flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
  const unknown = names.filter((n) => !(SYNCED_RESOURCES as readonly string[]).includes(n));
  if (unknown.length > 0 || names.length === 0) {
    throw new UsageError(`--only takes resources among ${SYNCED_RESOURCES.join(', ')}${unknown.length > 0 ? ` (got ${unknown.join(', ')})` : ''}`, 'sync');
  }
  return names as SyncedResource[];
}
