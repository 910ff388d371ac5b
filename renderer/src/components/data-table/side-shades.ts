/**
 * Columns out of sight on either side (a narrow window, the detail pane open): the table's edge says so with a
 * shade, and the table scrolls sideways to them (a wheel, its scrollbar, or the header row's arrows). Read only
 * when the sideways position or the size changes, not on every vertical scroll.
 */
import { nextTick, onBeforeUnmount, onMounted, ref, watch, type Ref, type WatchSource } from 'vue';

/** scroller: the grid; width: the rows' width (a column resized measures again). */
export function useSideShades(scroller: Ref<HTMLElement | null>, width: WatchSource) {
  const hiddenLeft = ref(false);
  const hiddenRight = ref(false);
  let lastLeft = -1;
  function measure(force = false): void {
    const el = scroller.value;
    if (!el || (!force && el.scrollLeft === lastLeft)) return;
    lastLeft = el.scrollLeft;
    hiddenLeft.value = el.scrollLeft > 0;
    hiddenRight.value = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
  }
  let sides: ResizeObserver | null = null;
  onMounted(() => {
    sides = new ResizeObserver(() => measure(true));
    if (scroller.value) sides.observe(scroller.value);
  });
  onBeforeUnmount(() => sides?.disconnect());
  watch(width, () => void nextTick(() => measure(true)));
  /** onScroll: the grid's scroll listener. */
  return { hiddenLeft, hiddenRight, onScroll: () => measure() };
}
