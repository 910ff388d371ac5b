/**
 * The window of pages the paged stores keep (stores/list.ts, stores/outbox.ts): the pages read so far by
 * number, those far from the rows shown dropped, and one reader at a time filling what is missing.
 */
import { shallowRef, triggerRef } from 'vue';

export function pageWindow<T>(pageSize: number, keepPages: number) {
  const pages = shallowRef(new Map<number, T[]>());
  let pump: Promise<void> | null = null;
  const pageOf = (index: number) => Math.floor(index / pageSize);
  return {
    pages,
    pageOf,
    /** Whether a page is within keepPages of the rows first..last. */
    isNear: (page: number, first: number, last: number) => page >= pageOf(first) - keepPages && page <= pageOf(last) + keepPages,
    /** Shows rows first..last: drops the far pages and runs `fill` unless it runs already (the promise ends with it). */
    show(first: number, last: number, fill: () => Promise<void>): Promise<void> {
      let dropped = false;
      for (const page of pages.value.keys()) {
        if (!this.isNear(page, first, last)) dropped = pages.value.delete(page) || dropped;
      }
      if (dropped) triggerRef(pages);
      pump ??= fill().finally(() => (pump = null));
      return pump;
    },
  };
}
