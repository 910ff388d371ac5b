/**
 * A list's selection as a value: some rows by id, or every row the list's query matches but a few. "All
 * matching" is kept as the query's selection, not as ids, so Ctrl+A on a list of 20,000 rows whose pages are
 * read on demand costs nothing until an action asks for the ids. Pure functions: the list store holds the value.
 */
import type { LocalId } from '../../../../shared/outbox/local-ids';

export type RowId = number | LocalId;

export type Selection = { mode: 'some'; ids: ReadonlySet<RowId> } | { mode: 'all'; except: ReadonlySet<RowId> };

export const NOTHING_SELECTED: Selection = { mode: 'some', ids: new Set() };
export const ALL_SELECTED: Selection = { mode: 'all', except: new Set() };

export function isSelected(selection: Selection, id: RowId): boolean {
  return selection.mode === 'some' ? selection.ids.has(id) : !selection.except.has(id);
}

/** How many rows are selected, of a list of `total` rows. */
export function selectedCount(selection: Selection, total: number): number {
  return selection.mode === 'some' ? selection.ids.size : Math.max(0, total - selection.except.size);
}

/** Sets the rows given to selected (`on`) or not, leaving the others as they are. */
export function setSelected(selection: Selection, ids: Iterable<RowId>, on: boolean): Selection {
  if (selection.mode === 'some') {
    const next = new Set(selection.ids);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    return { mode: 'some', ids: next };
  }
  const except = new Set(selection.except);
  for (const id of ids) {
    if (on) except.delete(id);
    else except.add(id);
  }
  return { mode: 'all', except };
}

export function toggled(selection: Selection, id: RowId): Selection {
  return setSelected(selection, [id], !isSelected(selection, id));
}

/** The indexes from one row to another, either way round, both included. */
export function rangeBetween(from: number, to: number): number[] {
  const [first, last] = from <= to ? [from, to] : [to, from];
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/** The selected ids among the ids a list's query matches now, in the list's order (vanished rows drop out). */
export function selectedAmong(selection: Selection, matching: readonly RowId[]): RowId[] {
  return matching.filter((id) => isSelected(selection, id));
}

/** The selection with the rows no longer in the list dropped (a refresh after a sync or a deletion). */
export function keptAmong(selection: Selection, matching: readonly RowId[]): Selection {
  const present = new Set(matching);
  if (selection.mode === 'some') return { mode: 'some', ids: new Set([...selection.ids].filter((id) => present.has(id))) };
  return { mode: 'all', except: new Set([...selection.except].filter((id) => present.has(id))) };
}

export function isEmpty(selection: Selection, total: number): boolean {
  return selectedCount(selection, total) === 0;
}
