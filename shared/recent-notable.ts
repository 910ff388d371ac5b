/**
 * The notable changes worth showing on the dashboard: those of the sync runs of the last day (a sync every
 * 15 minutes would otherwise hide this morning's answered ticket behind an empty run), newest first, each
 * record once (its newest change), with the time its run finished.
 */
import type { SyncRunRecord } from './records.js';
import type { NotableChange, SyncSummary } from './sync.js';

export interface DatedChange extends NotableChange {
  /** ISO 8601 time the run that found it finished. */
  at: string;
}

export const NOTABLE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** `runs` newest first, as sync.history gives them. */
export function recentNotableChanges(runs: readonly SyncRunRecord[], now: number, windowMs = NOTABLE_WINDOW_MS): DatedChange[] {
  const seen = new Set<string>();
  const changes: DatedChange[] = [];
  for (const run of runs) {
    const summary = run.summary as SyncSummary | null;
    if (!run.finishedAt || !summary?.notableChanges || now - Date.parse(run.finishedAt) > windowMs) continue;
    for (const change of summary.notableChanges) {
      const key = `${change.kind}:${change.resource}:${change.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      changes.push({ ...change, at: run.finishedAt });
    }
  }
  return changes;
}
