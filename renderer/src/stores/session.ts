/**
 * The session: which account is open, whether the provider is reachable, and the sync's progress. Loaded once
 * and kept current by the engine's events; nothing polls. Also the account actions every screen shares
 * (switch, sign in and out, sync and cancel), so the top bar and Settings do them one way.
 */
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { AccountSummary, SessionInfo, SyncStatus } from '../../../shared/contract';
import type { SyncProgress, SyncSummary } from '../../../shared/sync';
import { desk, DeskCallError } from '../bridge';
import { useDeskEvent } from '../composables/desk-event';

export const useSessionStore = defineStore('session', () => {
  const info = ref<SessionInfo | null>(null);
  const accounts = ref<AccountSummary[]>([]);
  const syncStatus = ref<SyncStatus | null>(null);
  /** Per resource, while a sync runs. */
  const progress = ref<Partial<Record<SyncProgress['resource'], SyncProgress>>>({});
  const lastSummary = ref<SyncSummary | null>(null);
  /** Why the last sync the user asked for did not run (e.g. the provider cannot be reached); cleared by the next. */
  const syncError = ref<unknown>(null);
  const loaded = ref(false);
  /** A Sync asked for while the connection is down: the engine is asking whether the provider answers again. */
  const checking = ref(false);

  const current = computed(() => accounts.value.find((a) => a.current) ?? null);
  const connectivity = computed(() => info.value?.connectivity ?? 'offline');
  /** The connection with its reason and last success (shared/sync.ts ConnectionStatus). */
  const connection = computed(() => info.value?.connection ?? { state: connectivity.value, reason: null, lastSuccessAt: null });
  const syncing = computed(() => syncStatus.value?.running ?? false);
  /** When the mirror last heard from the provider: the newest of the resources' last syncs (ISO 8601). */
  const lastSyncedAt = computed(() => {
    const times = (syncStatus.value?.resources ?? []).map((r) => r.lastSyncedAt).filter((t): t is string => t !== null);
    return times.length === 0 ? null : times.reduce((a, b) => (a > b ? a : b));
  });

  async function load(): Promise<void> {
    [info.value, accounts.value] = await Promise.all([desk().call('session.info'), desk().call('accounts.list')]);
    syncStatus.value = info.value.account ? await desk().call('sync.status') : null;
    loaded.value = true;
  }

  // For the store's life (useDeskEvent ends it with the store).
  useDeskEvent('connectivity', ({ connection, signedOutReason }) => {
    if (info.value) info.value = { ...info.value, connectivity: connection.state, connection, signedOutReason };
  });
  useDeskEvent('accounts.changed', ({ accounts: list }) => {
    accounts.value = list;
    void load();
  });
  useDeskEvent('sync.progress', (p) => {
    progress.value = { ...progress.value, [p.resource]: p };
    if (syncStatus.value && !syncStatus.value.running) syncStatus.value = { ...syncStatus.value, running: true };
  });
  useDeskEvent('sync.summary', (summary) => {
    lastSummary.value = summary;
    progress.value = {};
    void desk()
      .call('sync.status')
      .then((status) => (syncStatus.value = status))
      // The status last read stays (running cleared, the summary just heard is shown); the next sync reads it again.
      .catch(() => {
        if (syncStatus.value) syncStatus.value = { ...syncStatus.value, running: false };
      });
  });

  /**
   * Runs a sync now; a refusal or a sync that wrote nothing is kept in syncError for the top bar to say. While the
   * connection is down the engine first asks whether the provider answers (one probe, no sync unless it does):
   * that is `checking`, never shown as a sync.
   */
  async function sync(): Promise<void> {
    syncError.value = null;
    if (connection.value.state === 'offline' || connection.value.state === 'failing') checking.value = true;
    else if (syncStatus.value) syncStatus.value = { ...syncStatus.value, running: true };
    try {
      const summary = await desk().call('sync.run');
      const failed = summary.resources.find((r) => r.error);
      if (summary.outcome === 'failed') syncError.value = failed?.problem ?? failed?.error ?? summary.outcome;
    } catch (error) {
      syncError.value = error;
    } finally {
      checking.value = false;
      syncStatus.value = await desk().call('sync.status');
      progress.value = {};
    }
  }

  async function cancelSync(): Promise<void> {
    await desk().call('sync.cancel');
  }

  async function select(name: string): Promise<void> {
    await desk().call('accounts.select', { name });
    await load();
  }

  /** Signs in again with the password only; a refusal comes back as a DeskCallError for the form. */
  async function signIn(password: string): Promise<void> {
    const name = info.value?.account;
    if (!name) throw new DeskCallError({ code: 'refused', message: 'No account is open.' });
    info.value = await desk().call('accounts.signIn', { name, password });
  }

  async function signOut(name: string): Promise<void> {
    const next = await desk().call('accounts.signOut', { name });
    if (info.value?.account === name) info.value = next;
  }

  async function remove(name: string, force: boolean): Promise<void> {
    accounts.value = await desk().call('accounts.remove', { name, force });
    await load();
  }

  return {
    info,
    accounts,
    current,
    connectivity,
    connection,
    syncStatus,
    syncing,
    checking,
    progress,
    lastSummary,
    lastSyncedAt,
    syncError,
    loaded,
    load,
    sync,
    cancelSync,
    select,
    signIn,
    signOut,
    remove,
  };
});
