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
import { computed, onScopeDispose, ref, shallowRef, triggerRef } from 'vue';
import type { ListInput } from '../../../shared/contract';
import type { ListQuery, ListSort } from '../../../shared/list-query-params';
import type { OverlaidRecord } from '../../../shared/queries';
import type { LinkTarget } from '../../../shared/resource-fields';
import { recordIdOf } from '../../../shared/resource-fields';
import { RESOURCE_VIEWS } from '../../../shared/resources';
import { desk } from '../bridge';
import {
  ALL_SELECTED,
  NOTHING_SELECTED,
  isSelected,
  keptAmong,
  rangeBetween,
  selectedAmong,
  selectedCount,
  setSelected,
  toggled,
  type RowId,
  type Selection,
} from '../components/selection/selection';
import { fillPages, pageWindow } from './page-window';
import { oneAtATime } from './one-at-a-time';
import { refreshOn } from './refresh-on';

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

    const selection = shallowRef<Selection>(NOTHING_SELECTED);
    /** The row a Shift-click or Shift+arrow extends a range from (the row last toggled). */
    let anchor: number | null = null;
    const selected = computed(() => selectedCount(selection.value, total.value ?? 0));

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
    onScopeDispose(
      refreshOn([{ changed: [resource] }, 'accounts.changed'], (cause) => {
        if (cause !== null && total.value !== null) return restart(cause.event === 'accounts.changed');
      }),
    );

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

    /**
     * After a refresh: rows that left the list leave the selection (unless the query changed meanwhile). Only
     * listed ids need it (all matching with no exception is the query's, whatever it holds now); refreshes that
     * come while the ids are read (a sync, a bulk edit being sent) are answered by one more read, not one each.
     */
    const prune = oneAtATime(async () => {
      const gen = generation;
      const ids = await matchingIds().catch(() => null);
      if (ids && gen === generation) selection.value = keptAmong(selection.value, ids);
    });
    function keepPresent(): Promise<void> {
      const current = selection.value;
      if (current.mode === 'some' ? current.ids.size === 0 : current.except.size === 0) return Promise.resolve();
      return prune();
    }

    const idAt = (index: number): RowId | undefined => {
      const row = rowAt(index);
      return row ? (recordIdOf(row) as RowId) : undefined;
    };

    function isRowSelected(row: Row): boolean {
      return isSelected(selection.value, recordIdOf(row) as RowId);
    }

    /**
     * A row's checkbox (or Space on it): toggles it, and it becomes where a range starts. The row as it was drawn
     * names it when given: a refresh may have put another row at that index since (a click must tick what it hit).
     */
    function toggleAt(index: number, row?: Row): void {
      const id = row ? (recordIdOf(row) as RowId) : idAt(index);
      if (id === undefined) return;
      selection.value = toggled(selection.value, id);
      anchor = index;
    }

    /**
     * Shift-click or Shift+arrow: every row from the anchor to this one takes the anchor's state (selected when
     * there is no anchor yet, the range starts at `start`: the active row). Rows of the range whose pages are not
     * here are read first.
     */
    async function extendTo(index: number, start = index): Promise<void> {
      const from = anchor ?? start;
      const anchorId = idAt(from);
      const on = anchor === null || anchorId === undefined || isSelected(selection.value, anchorId);
      const range = rangeBetween(from, index);
      if (range.some((i) => rowAt(i) === undefined)) await show(range[0]!, range.at(-1)!);
      const ids = range.map(idAt).filter((id): id is RowId => id !== undefined);
      selection.value = setSelected(selection.value, ids, on);
      anchor ??= from;
    }

    /** Ctrl/Cmd+A, "Select all N matching": every row the query matches, drawn or not. */
    function selectAll(): void {
      selection.value = ALL_SELECTED;
    }

    function clearSelection(): void {
      selection.value = NOTHING_SELECTED;
      anchor = null;
    }

    /** The selected rows' ids in the list's order (all matching: read from the engine), for an action. */
    async function selectedIds(): Promise<RowId[]> {
      const current = selection.value;
      if (current.mode === 'some') return [...current.ids];
      return selectedAmong(current, await matchingIds());
    }

    /** What data.export writes: the selection's rows when there is one, else the whole view. */
    async function exportView() {
      const current = selection.value;
      if (selected.value === 0 || (current.mode === 'all' && current.except.size === 0)) return view();
      return { ...view(), ids: await selectedIds() };
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
      selection: computed(() => selection.value),
      selected,
      allSelected: computed(() => selection.value.mode === 'all' && selected.value === (total.value ?? 0) && selected.value > 0),
      isRowSelected,
      toggleAt,
      extendTo,
      selectAll,
      clearSelection,
      selectedIds,
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
