/**
 * The session: which account is open, whether the provider is reachable, and the sync's progress. Loaded once
 * and kept current by the engine's events; nothing polls.
 */
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { AccountSummary, SessionInfo, SyncStatus } from '../../../shared/contract';
import type { SyncProgress, SyncSummary } from '../../../shared/sync';
import { desk } from '../bridge';

export const useSessionStore = defineStore('session', () => {
  const info = ref<SessionInfo | null>(null);
  const accounts = ref<AccountSummary[]>([]);
  const syncStatus = ref<SyncStatus | null>(null);
  /** Per resource, while a sync runs. */
  const progress = ref<Partial<Record<SyncProgress['resource'], SyncProgress>>>({});
  const lastSummary = ref<SyncSummary | null>(null);
  const loaded = ref(false);

  const current = computed(() => accounts.value.find((a) => a.current) ?? null);
  const connectivity = computed(() => info.value?.connectivity ?? 'offline');
  const syncing = computed(() => syncStatus.value?.running ?? false);

  async function load(): Promise<void> {
    [info.value, accounts.value] = await Promise.all([desk().call('session.info'), desk().call('accounts.list')]);
    syncStatus.value = info.value.account ? await desk().call('sync.status') : null;
    loaded.value = true;
  }

  function listen(): () => void {
    const bridge = desk();
    const offs = [
      bridge.on('connectivity', ({ state, reason }) => {
        if (info.value) info.value = { ...info.value, connectivity: state, signedOutReason: reason };
      }),
      bridge.on('accounts.changed', ({ accounts: list }) => {
        accounts.value = list;
        void load();
      }),
      bridge.on('sync.progress', (p) => {
        progress.value = { ...progress.value, [p.resource]: p };
        if (syncStatus.value && !syncStatus.value.running) syncStatus.value = { ...syncStatus.value, running: true };
      }),
      bridge.on('sync.summary', async (summary) => {
        lastSummary.value = summary;
        progress.value = {};
        syncStatus.value = await bridge.call('sync.status');
      }),
    ];
    return () => offs.forEach((off) => off());
  }

  return { info, accounts, current, connectivity, syncStatus, syncing, progress, lastSummary, loaded, load, listen };
});
