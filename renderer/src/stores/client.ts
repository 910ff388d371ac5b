/** The account's client record (its name and currency), read at first use and again when a sync or another account changes it. */
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { ResourceRecords } from '../../../shared/records';
import { desk } from '../bridge';
import { useRefresh } from '../composables/refresh';

export const useClientStore = defineStore('client', () => {
  const record = ref<ResourceRecords['client'] | null>(null);

  /** The ISO code money is shown in; null until the client record is known. */
  const currency = computed(() => record.value?.client.currencyCode || null);

  async function load(): Promise<void> {
    record.value = await desk().call('data.client');
  }

  // A failed read keeps the record last read; `error` says why until a read succeeds.
  const { error, retry } = useRefresh([{ changed: ['client'] }, 'accounts.changed'], load);

  return { record, currency, load, error, retry };
});
