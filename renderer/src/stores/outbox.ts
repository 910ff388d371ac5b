/**
 * The outbox: every queued edit with its state, and the counts by state. Loaded on demand and kept current by
 * the engine's `outbox.changed` event; the actions are the engine's (retry, discard, mark applied).
 */
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { OutboxEntry } from '../../../shared/outbox/entry';
import { ENTRY_STATES, PENDING_STATES, type EntryState } from '../../../shared/outbox/states';
import { desk } from '../bridge';

const noCounts = (): Record<EntryState, number> => Object.fromEntries(ENTRY_STATES.map((s) => [s, 0])) as Record<EntryState, number>;

export const useOutboxStore = defineStore('outbox', () => {
  const entries = ref<OutboxEntry[]>([]);
  const counts = ref<Record<EntryState, number>>(noCounts());
  const loaded = ref(false);
  /** Edits not yet settled: what the sidebar's badge counts. */
  const pending = computed(() => PENDING_STATES.reduce((sum, state) => sum + counts.value[state], 0));

  async function load(): Promise<void> {
    [entries.value, counts.value] = await Promise.all([desk().call('outbox.list'), desk().call('outbox.counts')]);
    loaded.value = true;
  }

  function listen(): () => void {
    return desk().on('outbox.changed', ({ entry, counts: next }) => {
      counts.value = next;
      put(entry);
    });
  }

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

  return { entries, counts, pending, loaded, load, listen, put, retry, discard, markApplied };
});
