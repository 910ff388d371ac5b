/** How many records each list holds (data.counts), kept current by events. The outbox's counts: stores/outbox. */
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { ResourceName } from '../../../shared/records';
import { desk } from '../bridge';
import { oneAtATime } from './one-at-a-time';
import { useRefresh } from '../composables/refresh';

export const useCountsStore = defineStore('counts', () => {
  const records = ref<Partial<Record<ResourceName, number>>>({});

  // Each write of a batch being sent says data.changed: the counts are read once for however many came meanwhile.
  const load = oneAtATime(async () => {
    records.value = await desk().call('data.counts');
  });

  // A failed read keeps the counts last read (the sidebar's numbers); `error` says why until one succeeds.
  const { error } = useRefresh(['data.changed', 'accounts.changed'], load);

  return { records, error };
});
