/** The account's client record (its name and currency), read once and again when a sync or another account changes it. */
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { ResourceRecords } from '../../../shared/records';
import { desk } from '../bridge';

export const useClientStore = defineStore('client', () => {
  const record = ref<ResourceRecords['client'] | null>(null);
  let listening = false;

  /** The ISO code money is shown in; null until the client record is known. */
  const currency = computed(() => record.value?.client.currencyCode || null);

  async function load(): Promise<void> {
    if (!listening) {
      listening = true;
      desk().on('data.changed', ({ resources }) => {
        if (resources.includes('client')) void load();
      });
      desk().on('accounts.changed', () => void load().catch(() => undefined));
    }
    record.value = await desk().call('data.client');
  }

  return { record, currency, load };
});
