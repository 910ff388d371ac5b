/** Names of the records of small resources (support departments), for showing a ticket's department by name. */
import { defineStore } from 'pinia';
import { effectScope, ref } from 'vue';
import { desk } from '../bridge';
import { useRefresh } from '../composables/refresh';

export const useLookupsStore = defineStore('lookups', () => {
  const departments = ref<Map<number, string>>(new Map());
  // A scope of the store's (stopped with it): listening started by a screen's first ensure() outlives the screen.
  const listening = effectScope();
  let started = false;

  async function loadDepartments(): Promise<void> {
    const page = await desk().call('data.list', { resource: 'departments', limit: 1000 });
    departments.value = new Map(page.rows.map((d) => [d.id as number, (d as { name: string }).name]));
  }

  /** Loads at the first call, and again when departments (or the account) change. */
  function ensure(): void {
    if (started) return;
    started = true;
    listening.run(() => useRefresh([{ changed: ['departments'] }, 'accounts.changed'], loadDepartments));
  }

  return { departments, ensure };
});
