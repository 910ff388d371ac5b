/** Names of the records of small resources (support departments), for showing a ticket's department by name. */
import { defineStore } from 'pinia';
import { ref } from 'vue';
import { desk } from '../bridge';

export const useLookupsStore = defineStore('lookups', () => {
  const departments = ref<Map<number, string>>(new Map());
  let state: 'idle' | 'loading' | 'loaded' = 'idle';
  let listening = false;

  async function loadDepartments(): Promise<void> {
    const page = await desk().call('data.list', { resource: 'departments', limit: 1000 });
    departments.value = new Map(page.rows.map((d) => [d.id as number, (d as { name: string }).name]));
    state = 'loaded';
  }

  /** Loads once, and again when departments change. */
  function ensure(): void {
    if (state !== 'idle') return;
    state = 'loading';
    if (!listening) {
      listening = true;
      desk().on('data.changed', ({ resources }) => {
        if (resources.includes('departments')) void loadDepartments();
      });
      desk().on('accounts.changed', () => void loadDepartments().catch(() => undefined));
    }
    loadDepartments().catch(() => (state = 'idle'));
  }

  return { departments, ensure };
});
