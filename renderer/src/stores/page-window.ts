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

/** How a store reads its pages (fillPages). */
export interface PageFill<R> {
  /** Bumped by the store when its query changes: a reply to an older one is dropped. */
  generation: () => number;
  /** The page to read next, or null when the rows wanted are all here. */
  next: () => number | null;
  read: (page: number) => Promise<R>;
  keep: (page: number, result: R) => void;
  /** A read failed (for the current query): the fill ends here. Without it, the failure is thrown. */
  failed?: (failure: unknown) => void;
  /** A read is on its way (true) or ended (false), for the current query. */
  busy?: (busy: boolean) => void;
}

/** Reads the pages `next` names, one after another (a page may need the one before's cursor), until none is left. */
export async function fillPages<R>(fill: PageFill<R>): Promise<void> {
  for (;;) {
    const gen = fill.generation();
    const page = fill.next();
    if (page === null) return;
    fill.busy?.(true);
    try {
      const result = await fill.read(page);
      if (gen !== fill.generation()) continue;
      fill.keep(page, result);
    } catch (failure) {
      if (gen !== fill.generation()) continue;
      if (!fill.failed) throw failure;
      fill.failed(failure);
      return;
    } finally {
      if (gen === fill.generation()) fill.busy?.(false);
    }
  }
}
