/**
 * One generic list store, defined once per resource (kept while the app runs, so going back to a list is
 * instant): its query (filters, text, sort), its total, and its rows read by keyset pages from data.list as
 * the table asks for them. Pages far from what the table shows are dropped (their cursors are kept), so memory
 * holds a window of rows whatever the list's size. Refreshes on data.changed; nothing polls. Its state is read
 * only from outside: the query changes through setQuery (the list's route owns it), the window through show.
 * It holds the list's selection too (components/selection/selection.ts): kept while scrolling and through a
 * refresh (rows that left the list drop out of it), cleared by a new query.
 */
import { defineStore } from 'pinia';
import { computed, ref, triggerRef } from 'vue';
import type { ListInput } from '../../../shared/contract';
import type { ListQuery, ListSort } from '../../../shared/list-query-params';
import type { OverlaidRecord } from '../../../shared/queries';
import type { LinkTarget } from '../../../shared/resource-fields';
import { RESOURCE_VIEWS } from '../../../shared/resources';
import { desk } from '../bridge';
import type { RowId } from '../components/selection/selection';
import { listSelection } from './list-selection';
import { fillPages, pageWindow } from './page-window';
import { useRefresh } from '../composables/refresh';

export const PAGE_SIZE = 200;
/** Pages kept on either side of the rows the table shows. */
const KEEP_PAGES = 6;
/**
 * Rows read before they are shown, either side of those that are: a scroll reaches a page already here, rather than
 * drawing its rows empty and then again, in one frame, when the page comes (bench:ui's long frames were those).
 */
const READ_AHEAD = PAGE_SIZE / 2;

export type Row = OverlaidRecord & Record<string, unknown>;
export type FilterValues = NonNullable<ListInput['filters']>;
export type Sort = ListSort;

function defineListStore(resource: LinkTarget) {
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
    const paged = pageWindow<Row>(PAGE_SIZE, KEEP_PAGES);
    const { pages } = paged;
    /** cursors[k]: the `after` that reads page k (page 0 reads from the start). */
    let cursors: (string | null)[] = [null];
    /** Bumped by every new query, so replies to an old one are dropped. */
    let generation = 0;
    let wanted: [number, number] = [0, 0];
    /** The previous query's pages, shown while a refresh reads the new ones. */
    let stale = new Map<number, Row[]>();

    const loaded = computed(() => total.value !== null);

    const { selection, selected, allSelected, keepPresent, clearSelection, ...choosing } = listSelection({
      total: () => total.value ?? 0,
      rowAt,
      show,
      matchingIds,
      generation: () => generation,
    });

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
      return paged.show(first, last, fill);
    }

    /** Reads the missing pages of the wanted range (walking the cursors up to them). */
    function fill(): Promise<void> {
      return fillPages({
        generation: () => generation,
        next: nextPage,
        read: (page) => desk().call('data.list', input(cursors[page] ?? null)),
        keep(page, result) {
          error.value = null;
          total.value = result.total;
          cursors[page + 1] = result.nextCursor;
          if (result.nextCursor === null) cursors = cursors.slice(0, page + 2);
          if (paged.isNear(page, ...wanted) || page === 0) {
            pages.value.set(page, result.rows as Row[]);
            triggerRef(pages);
          }
        },
        failed(failure) {
          stale = new Map();
          error.value = failure;
        },
        busy: (busy) => (loading.value = busy),
      });
    }

    /**
     * The page to read next: the first not here yet of the rows shown, then of those READ_AHEAD either side of them
     * (null when all are, or the list ends before); or, when its cursor is not known yet, the furthest page whose
     * cursor is.
     */
    function nextPage(): number | null {
      const [first, last] = wanted;
      const needed = firstMissing(first, last) ?? firstMissing(Math.max(0, first - READ_AHEAD), last + READ_AHEAD);
      return needed === null ? null : Math.min(needed, cursors.length - 1);
    }

    function firstMissing(first: number, last: number): number | null {
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
      if (newQuery) clearSelection();
      else void keepPresent();
      cursors = [null];
      stale = pages.value;
      pages.value = new Map();
      error.value = null;
      if (newQuery) wanted = [0, wanted[1] - wanted[0]];
      return show(...wanted).then(() => {
        stale = new Map();
        triggerRef(pages);
      });
    }

    const reload = () => restart(true);

    // Once opened, the list reads again what changed; another account's rows, from the top.
    // (A failed read is the list's own `error`, shown by ListState with Try again.)
    useRefresh([{ changed: [resource] }, 'accounts.changed'], (cause) => {
      if (cause !== null && total.value !== null) return restart(cause.event === 'accounts.changed');
    });

    /** Loads the first page unless this list is already here. */
    function open(): Promise<void> {
      if (total.value !== null && !error.value) return Promise.resolve();
      return reload();
    }

    /** Shows another query from the top; the same query again is only opened (read when not here yet). */
    function setQuery(next: ListQuery): Promise<void> {
      const same = JSON.stringify([next.filters, next.text, next.sort]) === JSON.stringify([filters.value, text.value, sort.value]);
      if (same) return open();
      filters.value = next.filters;
      text.value = next.text;
      sort.value = next.sort;
      return reload();
    }

    /** The view as data.export takes it. */
    function view() {
      const { after: _after, limit: _limit, ...rest } = input(null);
      return rest;
    }

    /** Every id the query matches now, in the list's order (the ids alone: the rows are not read). */
    async function matchingIds(): Promise<RowId[]> {
      const { after: _after, limit: _limit, ...view } = input(null);
      return (await desk().call('data.ids', view)) as RowId[];
    }

    /** What data.export writes: the selection's rows when there is one, else the whole view. */
    async function exportView() {
      const current = selection.value;
      if (selected.value === 0 || (current.mode === 'all' && current.except.size === 0)) return view();
      return { ...view(), ids: await choosing.selectedIds() };
    }

    // Getters, not state: nothing outside changes them but through the actions.
    return {
      resource,
      filters: computed(() => filters.value),
      text: computed(() => text.value),
      sort: computed(() => sort.value),
      total: computed(() => total.value),
      error: computed(() => error.value),
      loading: computed(() => loading.value),
      loaded,
      rowAt,
      show,
      open,
      reload,
      setQuery,
      view,
      selection,
      selected,
      allSelected,
      ...choosing,
      clearSelection,
      exportView,
    };
  });
}

/** Every list's store, defined once, from the resources' views. */
const LIST_STORES = Object.fromEntries(Object.keys(RESOURCE_VIEWS).map((resource) => [resource, defineListStore(resource as LinkTarget)])) as Record<
  LinkTarget,
  ReturnType<typeof defineListStore>
>;

export function useListStore(resource: LinkTarget) {
  return LIST_STORES[resource]();
}

export type ListStore = ReturnType<typeof useListStore>;
