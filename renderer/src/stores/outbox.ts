/**
 * The outbox: its counts by state (the sidebar's badge, kept current from the first use) and, once loaded, every
 * queued edit with its state. The engine's `outbox.changed` carries both; another account reads them again. The
 * actions are the engine's (retry, discard, mark applied).
 */
import { defineStore } from 'pinia';
import { computed, onScopeDispose, ref, shallowRef } from 'vue';
import type { OutboxEntry } from '../../../shared/outbox/entry';
import { ENTRY_STATES, PENDING_STATES, type EntryState } from '../../../shared/outbox/states';
import { desk } from '../bridge';
import { refreshOn } from './refresh-on';

const noCounts = (): Record<EntryState, number> => Object.fromEntries(ENTRY_STATES.map((s) => [s, 0])) as Record<EntryState, number>;

export const useOutboxStore = defineStore('outbox', () => {
  // Shallow: thousands of entries, each replaced whole by the engine's answer, never changed in place.
  const entries = shallowRef<OutboxEntry[]>([]);
  const counts = ref<Record<EntryState, number>>(noCounts());
  const loaded = ref(false);
  /** Edits whose intent is not settled (what the lists show as pending, the sidebar's badge). */
  const pending = computed(() => PENDING_STATES.reduce((sum, state) => sum + counts.value[state], 0));
  /** Edits that need the user. */
  const attention = computed(() => counts.value.failed + counts.value.needs_review);

  /** Reads every entry and the counts; from then on the entries are kept current too. */
  async function load(): Promise<void> {
    [entries.value, counts.value] = await Promise.all([desk().call('outbox.list'), desk().call('outbox.counts')]);
    loaded.value = true;
  }

  async function loadCounts(): Promise<void> {
    counts.value = await desk().call('outbox.counts');
  }

  onScopeDispose(refreshOn(['accounts.changed'], () => (loaded.value ? load() : loadCounts())));
  onScopeDispose(
    desk().on('outbox.changed', ({ entry, counts: next }) => {
      counts.value = next;
      if (loaded.value) put(entry);
    }),
  );

  /** The engine's answer replaces the entry it is about (or adds it, newest first). */
  function put(entry: OutboxEntry): void {
    const index = entries.value.findIndex((e) => e.id === entry.id);
    if (index === -1) entries.value = [entry, ...entries.value];
    else entries.value = entries.value.map((e, i) => (i === index ? entry : e));
  }

  const retry = async (id: number) => put(await desk().call('outbox.retry', { id }));
  const discard = async (id: number) => put(await desk().call('outbox.discard', { id }));
  const markApplied = async (id: number, serverId?: number) =>
    put(await desk().call('outbox.markApplied', serverId === undefined ? { id } : { id, serverId }));

  return { entries, counts, pending, attention, loaded, load, put, retry, discard, markApplied };
});
