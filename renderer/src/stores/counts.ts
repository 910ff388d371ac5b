/** How many records each list holds (data.counts) and the outbox's edits by state, kept current by events. */
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { ResourceName } from '../../../shared/records';
import { PENDING_STATES, type EntryState } from '../../../shared/outbox/states';
import { desk } from '../bridge';

export const useCountsStore = defineStore('counts', () => {
  const records = ref<Partial<Record<ResourceName, number>>>({});
  const outbox = ref<Partial<Record<EntryState, number>>>({});
  let listening = false;

  /** Edits whose intent is not settled (what the lists show as pending), and those that need the user. */
  const outboxPending = computed(() => PENDING_STATES.reduce((sum, state) => sum + (outbox.value[state] ?? 0), 0));
  const outboxAttention = computed(() => (outbox.value.failed ?? 0) + (outbox.value.needs_review ?? 0));

  async function loadRecords(): Promise<void> {
    records.value = await desk().call('data.counts');
  }

  async function loadOutbox(): Promise<void> {
    outbox.value = await desk().call('outbox.counts');
  }

  /** Loads both and listens for changes (once per app). */
  async function load(): Promise<void> {
    if (!listening) {
      listening = true;
      desk().on('data.changed', () => void loadRecords().catch(() => undefined));
      desk().on('outbox.changed', ({ counts }) => (outbox.value = counts));
      desk().on('accounts.changed', () => void load().catch(() => undefined));
    }
    await Promise.all([loadRecords(), loadOutbox()]);
  }

  return { records, outbox, outboxPending, outboxAttention, load };
});
