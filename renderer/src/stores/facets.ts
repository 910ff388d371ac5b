/**
 * The values each choice filter offers (data.facets), per resource, read once and again when the resource's
 * data (or the account) changes: a list screen opened again shows its filters without asking the engine.
 */
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { Facet } from '../../../shared/queries';
import type { LinkTarget } from '../../../shared/resource-fields';
import { desk } from '../bridge';

export const useFacetsStore = defineStore('facets', () => {
  /** resource → filter → values. */
  const values = ref<Partial<Record<LinkTarget, Record<string, Facet[]>>>>({});
  let listening = false;

  async function load(resource: LinkTarget, filters: string[]): Promise<void> {
    const loaded = await Promise.all(filters.map((filter) => desk().call('data.facets', { resource, filter })));
    values.value = { ...values.value, [resource]: Object.fromEntries(filters.map((f, i) => [f, loaded[i] ?? []])) };
  }

  /** Makes sure a resource's choice filters have their values (read when missing). */
  function ensure(resource: LinkTarget, filters: string[]): void {
    if (!listening) {
      listening = true;
      desk().on('data.changed', ({ resources }) => {
        const stale = resources.filter((r): r is LinkTarget => r in values.value);
        const next = { ...values.value };
        for (const r of stale) delete next[r];
        values.value = next;
      });
      desk().on('accounts.changed', () => (values.value = {}));
    }
    if (filters.length > 0 && !values.value[resource]) load(resource, filters).catch(() => undefined);
  }

  return { values, ensure };
});
