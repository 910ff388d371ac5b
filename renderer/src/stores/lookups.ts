/** Names of the records of small resources (support departments), for showing a ticket's department by name. */
import { defineStore } from 'pinia';
import { onScopeDispose, ref } from 'vue';
import { desk } from '../bridge';
import { refreshOn } from './refresh-on';

export const useLookupsStore = defineStore('lookups', () => {
  const departments = ref<Map<number, string>>(new Map());
  let stop: (() => void) | null = null;

  async function loadDepartments(): Promise<void> {
    const page = await desk().call('data.list', { resource: 'departments', limit: 1000 });
    departments.value = new Map(page.rows.map((d) => [d.id as number, (d as { name: string }).name]));
  }

  /** Loads at the first call, and again when departments (or the account) change. */
  function ensure(): void {
    stop ??= refreshOn([{ changed: ['departments'] }, 'accounts.changed'], loadDepartments);
  }
  onScopeDispose(() => stop?.());

  return { departments, ensure };
});
