/**
 * One generic list store, one instance per resource (kept while the app runs, so going back to a list is
 * instant): its query (filters, text, sort), its total, and its rows read by keyset pages from data.list as
 * the table asks for them. Pages far from what the table shows are dropped (their cursors are kept), so memory
 * holds a window of rows whatever the list's size. Refreshes on data.changed; nothing polls.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef, triggerRef } from 'vue';
import type { ListInput } from '../../../shared/contract';
import type { OverlaidRecord } from '../../../shared/queries';
import type { LinkTarget } from '../../../shared/resource-fields';
import { desk } from '../bridge';

export const PAGE_SIZE = 200;
/** Pages kept on either side of the rows the table shows. */
const KEEP_PAGES = 6;

export type Row = OverlaidRecord & Record<string, unknown>;
export type FilterValues = NonNullable<ListInput['filters']>;
export interface Sort {
  field: string;
  dir: 'asc' | 'desc';
}

export function useListStore(resource: LinkTarget) {
  return defineStore(`list:${resource}`, () => {
    const filters = ref<FilterValues>({});
    const text = ref('');
    /** Null: the mirror's default order for the resource. */
    const sort = ref<Sort | null>(null);

    const total = ref<number | null>(null);
    /** The failure of the last read, as thrown (said in words by the list's state). */
    const error = ref<unknown>(null);
    /** A page is on its way for the current query. */
    const loading = ref(false);
    const pages = shallowRef(new Map<number, Row[]>());
    /** cursors[k]: the `after` that reads page k (page 0 reads from the start). */
    let cursors: (string | null)[] = [null];
    /** Bumped by every new query, so replies to an old one are dropped. */
    let generation = 0;
    let wanted: [number, number] = [0, PAGE_SIZE - 1];
    let pump: Promise<void> | null = null;
    /** The previous query's pages, shown while a refresh reads the new ones. */
    let stale = new Map<number, Row[]>();
    let listening = false;

    const loaded = computed(() => total.value !== null);

    function input(after: string | null): ListInput {
      const trimmed = text.value.trim();
      return {
        resource,
        filters: filters.value,
        ...(trimmed ? { text: trimmed } : {}),
        ...(sort.value ? { sort: sort.value } : {}),
        after,
        limit: PAGE_SIZE,
      };
    }

    /** The row at an index, or undefined while its page is not here. */
    function rowAt(index: number): Row | undefined {
      const page = Math.floor(index / PAGE_SIZE);
      return (pages.value.get(page) ?? stale.get(page))?.[index % PAGE_SIZE];
    }

    /** The table shows rows first..last: read their pages (walking the cursors up to them) and drop far ones. */
    function show(first: number, last: number): Promise<void> {
      wanted = [first, last];
      const keepFrom = Math.floor(first / PAGE_SIZE) - KEEP_PAGES;
      const keepTo = Math.floor(last / PAGE_SIZE) + KEEP_PAGES;
      let dropped = false;
      for (const page of pages.value.keys()) {
        if (page < keepFrom || page > keepTo) dropped = pages.value.delete(page) || dropped;
      }
      if (dropped) triggerRef(pages);
      pump ??= fill().finally(() => (pump = null));
      return pump;
    }

    /** Reads the missing pages of the wanted range one after another (each needs the one before's cursor). */
    async function fill(): Promise<void> {
      for (;;) {
        const gen = generation;
        const needed = missingPage();
        if (needed === null) return;
        // The first missing page we can read: the wanted one, or the furthest page whose cursor we know.
        const page = Math.min(needed, cursors.length - 1);
        loading.value = true;
        try {
          const result = await desk().call('data.list', input(cursors[page] ?? null));
          if (gen !== generation) continue;
          error.value = null;
          total.value = result.total;
          cursors[page + 1] = result.nextCursor;
          if (result.nextCursor === null) cursors = cursors.slice(0, page + 2);
          const [first, last] = wanted;
          const inWindow = page >= Math.floor(first / PAGE_SIZE) - KEEP_PAGES && page <= Math.floor(last / PAGE_SIZE) + KEEP_PAGES;
          if (inWindow || page === 0) {
            pages.value.set(page, result.rows as Row[]);
            triggerRef(pages);
          }
        } catch (failure) {
          if (gen !== generation) continue;
          stale = new Map();
          error.value = failure;
          return;
        } finally {
          if (gen === generation) loading.value = false;
        }
      }
    }

    /** The first page of the wanted range not here yet (null when all are, or the list ends before). */
    function missingPage(): number | null {
      const [first, last] = wanted;
      const lastPage = total.value === null ? 0 : Math.max(0, Math.ceil(total.value / PAGE_SIZE) - 1);
      for (let page = Math.floor(first / PAGE_SIZE); page <= Math.min(Math.floor(last / PAGE_SIZE), lastPage); page++) {
        if (!pages.value.has(page)) return page;
      }
      return null;
    }

    /**
     * Reads the query again from its first page: from the top for a new query, where the table is for changed
     * data (a sync). The rows on screen stay until their new pages replace them, so nothing flashes and the
     * table's rows are patched once rather than emptied and filled again.
     */
    function restart(newQuery: boolean): Promise<void> {
      generation++;
      cursors = [null];
      stale = pages.value;
      pages.value = new Map();
      error.value = null;
      if (newQuery) wanted = [0, wanted[1] - wanted[0]];
      listen();
      return show(...wanted).then(() => {
        stale = new Map();
        triggerRef(pages);
      });
    }

    const reload = () => restart(true);

    function listen(): void {
      if (listening) return;
      listening = true;
      desk().on('data.changed', ({ resources }) => {
        if (resources.includes(resource) && total.value !== null) void restart(false);
      });
      // Another account: its rows, from the top.
      desk().on('accounts.changed', () => {
        if (total.value !== null) void restart(true);
      });
    }

    /** Loads the first page unless this list is already here. */
    function open(): Promise<void> {
      if (total.value !== null && !error.value) return Promise.resolve();
      return reload();
    }

    function setFilters(next: FilterValues): Promise<void> {
      filters.value = next;
      return reload();
    }

    function setText(next: string): Promise<void> {
      text.value = next;
      return reload();
    }

    function setSort(next: Sort | null): Promise<void> {
      sort.value = next;
      return reload();
    }

    /** The view as data.export takes it. */
    function view() {
      const { after: _after, limit: _limit, ...rest } = input(null);
      return rest;
    }

    return { resource, filters, text, sort, total, error, loading, loaded, pages, rowAt, show, open, reload, setFilters, setText, setSort, view };
  })();
}

export type ListStore = ReturnType<typeof useListStore>;
