/**
 * Names of the records of small resources (support departments), for showing a ticket's department by name, and
 * the custom fields each department's tickets ask for (none for a department or provider without them); and the
 * catalogue's product groups by the names the account's services give them (catalogue.groups), for the
 * Catalogue's group column and filter.
 */
import { defineStore } from 'pinia';
import { effectScope, ref } from 'vue';
import type { DepartmentCustomField } from '../../../shared/models';
import { desk } from '../bridge';
import { useRefresh } from '../composables/refresh';

export const useLookupsStore = defineStore('lookups', () => {
  const departments = ref<Map<number, string>>(new Map());
  const departmentFields = ref<Map<number, DepartmentCustomField[]>>(new Map());
  /** A group's name, null when none of its products is in use (the API names no group). */
  const productGroups = ref<Map<number, string | null>>(new Map());
  // A scope of the store's (stopped with it): listening started by a screen's first ensure() outlives the screen.
  const listening = effectScope();
  let started = false;
  let groupsStarted = false;

  async function loadDepartments(): Promise<void> {
    const page = await desk().call('data.list', { resource: 'departments', limit: 1000 });
    departments.value = new Map(page.rows.map((d) => [d.id as number, (d as { name: string }).name]));
    // A mirror written before departments had fields holds none.
    departmentFields.value = new Map(page.rows.map((d) => [d.id as number, (d as { customFields?: DepartmentCustomField[] }).customFields ?? []]));
  }

  /** Loads at the first call, and again when departments (or the account) change. */
  function ensure(): void {
    if (started) return;
    started = true;
    listening.run(() => useRefresh([{ changed: ['departments'] }, 'accounts.changed'], loadDepartments));
  }

  /** The product groups: loaded at the first call, and again when the catalogue, the services or the account change. */
  function ensureGroups(): void {
    if (groupsStarted) return;
    groupsStarted = true;
    listening.run(() =>
      useRefresh([{ changed: ['catalogue', 'services'] }, 'accounts.changed'], async () => {
        productGroups.value = new Map((await desk().call('catalogue.groups')).map((g) => [g.gid, g.name]));
      }),
    );
  }

  return { departments, departmentFields, productGroups, ensure, ensureGroups };
});
