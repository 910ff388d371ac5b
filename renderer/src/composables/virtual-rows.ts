/**
 * A long list drawn a window at a time (@tanstack/vue-virtual): the scroller element to bind (`ref="scroller"`),
 * the rows to draw (`items`, each with its index and offset), the space above the first (`offset`) and the height
 * of all (`totalSize`). Every virtual list of the renderer is wired through here.
 */
import { useVirtualizer } from '@tanstack/vue-virtual';
import { computed, ref } from 'vue';

export interface VirtualRowsOptions {
  /** Rows in the list (read again whenever it changes). */
  count: () => number;
  /** A row's height in pixels (an estimate when rows are measured as drawn). */
  rowHeight: number;
  /** Rows drawn beyond each edge of the view. */
  overscan: number;
  /** The view's size until the scroller's own is measured, so that the first render already has rows to draw. */
  initialRect?: { width: number; height: number };
  /** Room kept at the top when scrolling a row into view (a sticky header's height). */
  scrollPaddingStart?: number;
  /**
   * Rows keyed by their position: the virtualizer keys every row each time it measures, and only the drawn ones
   * matter (a list of thousands measured as drawn).
   */
  keyByPosition?: boolean;
}

/** The window's size: a list that fills the screen draws its first rows before it is measured. */
export const windowRect = () => ({ width: window.innerWidth, height: window.innerHeight });

export function useVirtualRows(options: VirtualRowsOptions) {
  const scroller = ref<HTMLElement | null>(null);
  const virtualizer = useVirtualizer(
    computed(() => ({
      count: options.count(),
      getScrollElement: () => scroller.value,
      estimateSize: () => options.rowHeight,
      overscan: options.overscan,
      ...(options.initialRect ? { initialRect: options.initialRect } : {}),
      ...(options.scrollPaddingStart ? { scrollPaddingStart: options.scrollPaddingStart } : {}),
      ...(options.keyByPosition ? { getItemKey: (index: number) => index } : {}),
    })),
  );
  const items = computed(() => virtualizer.value.getVirtualItems());
  /** Where the first drawn row starts. */
  const offset = computed(() => items.value[0]?.start ?? 0);
  const totalSize = computed(() => virtualizer.value.getTotalSize());
  return { scroller, virtualizer, items, offset, totalSize };
}
