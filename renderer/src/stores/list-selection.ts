/**
 * A list's selection as its store keeps it (the pure rules in components/selection/selection.ts): some ids, or all
 * the query matches but some; the row a range starts from; kept while scrolling, and through a refresh once the ids
 * that left the list are dropped (keepPresent).
 */
import { computed, shallowRef } from 'vue';
import { recordIdOf } from '../../../shared/resource-fields';
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
import type { Row } from './list';
import { oneAtATime } from './one-at-a-time';

/** What the selection reads of its list. */
export interface SelectionSource {
  /** Rows the list's query matches. */
  total: () => number;
  /** The row at an index, or undefined while its page is not here. */
  rowAt: (index: number) => Row | undefined;
  /** Reads the pages of rows first..last. */
  show: (first: number, last: number) => Promise<void>;
  /** Every id the query matches now, in the list's order. */
  matchingIds: () => Promise<RowId[]>;
  /** The query's generation: a read made for an older one is dropped. */
  generation: () => number;
}

export function listSelection(source: SelectionSource) {
  const selection = shallowRef<Selection>(NOTHING_SELECTED);
  /** The row a Shift-click or Shift+arrow extends a range from (the row last toggled). */
  let anchor: number | null = null;
  const selected = computed(() => selectedCount(selection.value, source.total()));

  /**
   * After a refresh: rows that left the list leave the selection (unless the query changed meanwhile). Only
   * listed ids need it (all matching with no exception is the query's, whatever it holds now); refreshes that
   * come while the ids are read (a sync, a bulk edit being sent) are answered by one more read, not one each.
   */
  const prune = oneAtATime(async () => {
    const gen = source.generation();
    // Not read: the selection stays as it was; the next refresh prunes it.
    const ids = await source.matchingIds().catch(() => null);
    if (ids && gen === source.generation()) selection.value = keptAmong(selection.value, ids);
  });
  function keepPresent(): Promise<void> {
    const current = selection.value;
    if (current.mode === 'some' ? current.ids.size === 0 : current.except.size === 0) return Promise.resolve();
    return prune();
  }

  const idAt = (index: number): RowId | undefined => {
    const row = source.rowAt(index);
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
    if (range.some((i) => source.rowAt(i) === undefined)) await source.show(range[0]!, range.at(-1)!);
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
    return selectedAmong(current, await source.matchingIds());
  }

  return {
    selection: computed(() => selection.value),
    selected,
    allSelected: computed(() => selection.value.mode === 'all' && selected.value === source.total() && selected.value > 0),
    keepPresent,
    isRowSelected,
    toggleAt,
    extendTo,
    selectAll,
    clearSelection,
    selectedIds,
  };
}
