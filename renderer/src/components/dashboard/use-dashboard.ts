/**
 * The dashboard's data: the client record, the mirror's aggregates, the latest sync summary and the notable
 * changes of the last day's syncs, loaded together and loaded again whenever the engine says the mirror changed
 * (nothing polls).
 */
import { computed, shallowRef } from 'vue';
import type { DashboardData } from '../../../../shared/dashboard';
import type { SyncRunRecord, SyncSummary } from '../../../../shared/sync';
import { desk } from '../../bridge';
import { useRefresh } from '../../composables/refresh';
import { useClientStore } from '../../stores/client';
import { recentNotableChanges, type DatedChange } from '../../../../shared/recent-notable';
import { oneAtATime } from '../../stores/one-at-a-time';

export interface LastSync {
  run: SyncRunRecord;
  /** The run's summary; null for a run that recorded none (interrupted). */
  summary: SyncSummary | null;
}

export function useDashboard() {
  const clientStore = useClientStore();
  const client = computed(() => clientStore.record);
  const data = shallowRef<DashboardData | null>(null);
  const lastSync = shallowRef<LastSync | null>(null);
  const notable = shallowRef<DatedChange[]>([]);
  // A sync ends with sync.summary and data.changed together: one read in flight at a time.
  const read = oneAtATime(async () => {
    const [, d, runs] = await Promise.all([clientStore.load(), desk().call('data.dashboard'), desk().call('sync.history', { limit: 100 })]);
    const run = runs.find((r) => r.outcome !== 'running') ?? null;
    data.value = d;
    lastSync.value = run ? { run, summary: (run.summary as SyncSummary | null) ?? null } : null;
    notable.value = recentNotableChanges(runs, Date.now());
  });

  const { loading, error, retry } = useRefresh(['data.changed', 'sync.summary'], read);

  return { client, data, lastSync, notable, loading, error, load: retry };
}
