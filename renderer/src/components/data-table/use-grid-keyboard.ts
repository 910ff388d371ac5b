/**
 * The grid's keys on its rows. One row at a time is the tab stop; ↑/↓, Page Up/Down and Home/End move it (↑ from
 * the first row reaches the header), Enter opens it, Esc closes the detail. The selection's keys: Space toggles the
 * row, Shift+↑/↓ extend a range, Ctrl/Cmd+A selects every row the list matches, Esc clears a selection. Rows are
 * virtual and their elements recycled as the list scrolls, so while a row has the focus the active row takes it
 * back after each draw (`followActive`): a key pressed after a scroll acts from the row it shows.
 */
import { nextTick, watch, type Ref, type WatchSource } from 'vue';
import type { Row } from '../../stores/list';

/** What the keys ask the grid's parent (DataTable's events of the same names). */
export interface GridKeyEmit {
  (event: 'select', index: number): void;
  (event: 'open', row: Row): void;
  (event: 'close'): void;
  (event: 'toggle', index: number, row: Row | undefined): void;
  (event: 'extend', from: number, to: number): void;
  (event: 'selectAll'): void;
  (event: 'clearSelection'): void;
}

export interface GridKeyboardOptions {
  scroller: Ref<HTMLElement | null>;
  /** Rows in the list. */
  count: () => number;
  /** The row that is the tab stop (the parent keeps it). */
  activeIndex: () => number;
  rowAt: (index: number) => Row | undefined;
  /** Rows in the selection. */
  checkedCount: () => number;
  scrollToIndex: (index: number) => void;
  /** The rows drawn: after each draw, the active row takes the focus back. */
  drawn: WatchSource;
  /** Rows in a page (Page Up/Down), given the scroller's height. */
  pageRows: (height: number | undefined) => number;
  /** ↑ on the first row. */
  focusHeader: () => void;
  emit: GridKeyEmit;
}

export function useGridKeyboard(options: GridKeyboardOptions) {
  const { scroller, emit } = options;

  function rowElement(index: number): HTMLElement | null {
    return scroller.value?.querySelector<HTMLElement>(`[data-index="${index}"]`) ?? null;
  }

  const clamp = (index: number) => Math.max(0, Math.min(options.count() - 1, index));

  /** A key moved the active row before it was drawn: it takes the focus once the virtualizer has drawn it. */
  let focusWanted = false;

  /** Moves the tab stop to a row, scrolling it into view, and focuses it once it is rendered. */
  async function moveTo(index: number): Promise<void> {
    if (options.count() === 0) return;
    const target = clamp(index);
    emit('select', target);
    options.scrollToIndex(target);
    await nextTick();
    const element = rowElement(target);
    focusWanted = !element;
    element?.focus({ preventScroll: true });
  }

  /**
   * While a row has the focus, the active row holds it: drawn row elements are recycled as the list scrolls, so the
   * focused element can come to show another row (and a key pressed there would act from the wrong one).
   */
  function followActive(): void {
    const focused = document.activeElement;
    const onARow = focused instanceof HTMLElement && focused.getAttribute('role') === 'row' && !!scroller.value?.contains(focused);
    // The focus left the rows (a field, a dialog, the header): a late draw does not take it back.
    if (!onARow && focused !== document.body) focusWanted = false;
    if (!onARow && !focusWanted) return;
    const element = rowElement(options.activeIndex());
    if (!element) return;
    focusWanted = false;
    if (element !== focused) element.focus({ preventScroll: true });
  }
  watch(options.drawn, followActive, { flush: 'post' });

  /** The selection's keys on a row: Space, Shift+↑/↓, Ctrl/Cmd+A, and Esc while something is selected. */
  function onSelectionKey(event: KeyboardEvent): boolean {
    const active = options.activeIndex();
    if (event.key === ' ' && !event.ctrlKey && !event.metaKey) emit('toggle', active, options.rowAt(active));
    else if (event.shiftKey && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      const target = clamp(active + (event.key === 'ArrowDown' ? 1 : -1));
      emit('extend', active, target);
      void moveTo(target);
    } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') emit('selectAll');
    else if (event.key === 'Escape' && options.checkedCount() > 0) emit('clearSelection');
    else return false;
    event.preventDefault();
    return true;
  }

  /** A key on a row (the grid hears its header's keys too: those are the header's own). */
  function onRowKeydown(event: KeyboardEvent): void {
    if ((event.target as HTMLElement).getAttribute('role') !== 'row') return;
    if (onSelectionKey(event)) return;
    const active = options.activeIndex();
    if (event.key === 'ArrowUp' && active === 0) {
      event.preventDefault();
      options.focusHeader();
      return;
    }
    const page = () => options.pageRows(scroller.value?.clientHeight);
    const keys: Record<string, () => number | 'open' | 'close'> = {
      ArrowDown: () => active + 1,
      ArrowUp: () => active - 1,
      PageDown: () => active + page(),
      PageUp: () => active - page(),
      Home: () => 0,
      End: () => options.count() - 1,
      Enter: () => 'open',
      Escape: () => 'close',
    };
    const action = keys[event.key]?.();
    if (action === undefined) return;
    event.preventDefault();
    if (action === 'open') {
      const row = options.rowAt(active);
      if (row) emit('open', row);
    } else if (action === 'close') emit('close');
    else void moveTo(action);
  }

  return { moveTo, onRowKeydown };
}
