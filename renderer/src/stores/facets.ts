/**
 * The values each choice filter offers (data.facets), per resource, read once and again when the resource's
 * data (or the account) changes: a list screen opened again shows its filters without asking the engine.
 */
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { Facet } from '../../../shared/queries';
import type { LinkTarget } from '../../../shared/resource-fields';
import { desk } from '../bridge';
import { useRefresh } from '../composables/refresh';

export const useFacetsStore = defineStore('facets', () => {
  /** resource → filter → values. */
  const values = ref<Partial<Record<LinkTarget, Record<string, Facet[]>>>>({});

  async function load(resource: LinkTarget, filters: string[]): Promise<void> {
    const loaded = await Promise.all(filters.map((filter) => desk().call('data.facets', { resource, filter })));
    values.value = { ...values.value, [resource]: Object.fromEntries(filters.map((f, i) => [f, loaded[i] ?? []])) };
  }

  // What changed is forgotten, and read again when a list asks for it.
  useRefresh(['data.changed', 'accounts.changed'], (cause) => {
    if (cause === null) return;
    if (cause.event === 'accounts.changed') values.value = {};
    else values.value = Object.fromEntries(Object.entries(values.value).filter(([resource]) => !cause.resources.some((r) => r === resource)));
  });

  /** Makes sure a resource's choice filters have their values (read when missing). */
  function ensure(resource: LinkTarget, filters: string[]): void {
    // Values that could not be read leave the filter offering none; the next change of the resource reads again.
    if (filters.length > 0 && !values.value[resource]) load(resource, filters).catch(() => undefined);
  }

  return { values, ensure };
});
