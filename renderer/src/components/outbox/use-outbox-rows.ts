/**
 * The Outbox's rows in view: a virtual list over the table's bodies (one per entry, measured as drawn: an opened
 * entry or one that waits for the person is taller), with spacers above and below, each row with its words said
 * once; the rows in view tell the store which pages to read, so an outbox of thousands opens as fast as one of ten.
 */
import { computed, watch, type ComponentPublicInstance } from 'vue';
import type { OutboxEntry } from '../../../../shared/outbox/entry';
import { useVirtualRows, windowRect } from '../../composables/virtual-rows';
import { useOutboxStore } from '../../stores/outbox';

/** what: the entry named as the lists name its record; why: why it has not gone. */
export function useOutboxRows(what: (entry: OutboxEntry) => string, why: (entry: OutboxEntry) => string) {
  const outbox = useOutboxStore();
  /** An entry's row: --row-height and its border (an opened entry is measured as drawn). */
  const ROW_HEIGHT = 31;
  const { scroller, virtualizer, items, offset, totalSize } = useVirtualRows({
    count: () => outbox.total ?? 0,
    rowHeight: ROW_HEIGHT,
    overscan: 8,
    initialRect: windowRect(),
    keyByPosition: true,
  });
  /**
   * The rows in view, each with its words said once (a row shows them in two or three places); an entry whose page
   * is on its way is drawn empty, at its height, until it is here.
   */
  const visible = computed(() =>
    items.value.map((item) => {
      const entry = outbox.entryAt(item.index);
      return { index: item.index, entry, words: entry ? what(entry) : '', reason: entry ? why(entry) : '' };
    }),
  );
  const padTop = offset;
  const padBottom = computed(() => totalSize.value - (items.value.at(-1)?.end ?? 0));
  function measure(el: Element | ComponentPublicInstance | null): void {
    if (el instanceof Element) virtualizer.value.measureElement(el);
  }
  // The rows in view tell the store which pages to read; a page whose read fails is read again at the next scroll or change.
  watch(
    () => [items.value[0]?.index ?? 0, items.value.at(-1)?.index ?? 0] as const,
    ([first, last]) => void outbox.show(first, last).catch(() => undefined),
  );
  return { scroller, visible, padTop, padBottom, measure };
}
