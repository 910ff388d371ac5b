/**
 * The Outbox's rows in view: a virtual list over the table's bodies (one per entry, measured as drawn: an opened
 * entry or one that waits for the person is taller), with spacers above and below, each row with its words said
 * once; the rows in view tell the store which pages to read, so an outbox of thousands opens as fast as one of ten.
 */
import { useVirtualizer } from '@tanstack/vue-virtual';
import { computed, ref, watch, type ComponentPublicInstance } from 'vue';
import type { OutboxEntry } from '../../../../shared/outbox/entry';
import { useOutboxStore } from '../../stores/outbox';

/** what: the entry named as the lists name its record; why: why it has not gone. */
export function useOutboxRows(what: (entry: OutboxEntry) => string, why: (entry: OutboxEntry) => string) {
  const outbox = useOutboxStore();
  /** An entry's row: --row-height and its border (an opened entry is measured as drawn). */
  const ROW_HEIGHT = 31;
  const scroller = ref<HTMLElement | null>(null);
  const virtualizer = useVirtualizer(
    computed(() => ({
      count: outbox.total ?? 0,
      getScrollElement: () => scroller.value,
      estimateSize: () => ROW_HEIGHT,
      // By position: the virtualizer keys all 5,000 rows each time it measures, and only the drawn ones are here.
      getItemKey: (index: number) => index,
      overscan: 8,
      // The window's size until the list's own is measured: the first render already has rows to draw.
      initialRect: { width: window.innerWidth, height: window.innerHeight },
    })),
  );
  /**
   * The rows in view, each with its words said once (a row shows them in two or three places); an entry whose page
   * is on its way is drawn empty, at its height, until it is here.
   */
  const visible = computed(() =>
    virtualizer.value.getVirtualItems().map((item) => {
      const entry = outbox.entryAt(item.index);
      return { index: item.index, entry, words: entry ? what(entry) : '', reason: entry ? why(entry) : '' };
    }),
  );
  const padTop = computed(() => virtualizer.value.getVirtualItems()[0]?.start ?? 0);
  const padBottom = computed(() => virtualizer.value.getTotalSize() - (virtualizer.value.getVirtualItems().at(-1)?.end ?? 0));
  function measure(el: Element | ComponentPublicInstance | null): void {
    if (el instanceof Element) virtualizer.value.measureElement(el);
  }
  // The rows in view tell the store which pages to read; a page whose read fails is read again at the next scroll or change.
  watch(
    () => {
      const items = virtualizer.value.getVirtualItems();
      return [items[0]?.index ?? 0, items.at(-1)?.index ?? 0] as const;
    },
    ([first, last]) => void outbox.show(first, last).catch(() => undefined),
  );
  return { scroller, visible, padTop, padBottom, measure };
}
