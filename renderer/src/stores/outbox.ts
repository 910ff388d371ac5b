/**
 * The outbox: its counts by state (the sidebar's badge, kept current from the first use) and, while the Outbox
 * screen shows it, a window of its entries read page by page (outbox.page) as the screen's list scrolls, like
 * the lists' store (stores/list.ts): pages far from what is shown are dropped, so the queue's size does not
 * matter, and the window is kept while no screen shows it (going back is instant; it is read again then). Pages are read by offset (a queue's entries are numbered, newest first): a scroll to the middle reads
 * that page, not every page before it. The engine's `outbox.changed` carries the counts; the window in view is
 * read again, once however many writes came meanwhile. The actions are the engine's (retry, discard, mark applied, keep mine / take theirs).
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef, triggerRef } from 'vue';
import type { ConflictChoice } from '../../../shared/outbox/conflict';
import type { OutboxEntry } from '../../../shared/outbox/entry';
import { ENTRY_STATES, outboxTally, type EntryState } from '../../../shared/outbox/states';
import { desk } from '../bridge';
import { fillPages, pageWindow } from './page-window';
import { useDeskEvent } from '../composables/desk-event';
import { useRefresh } from '../composables/refresh';

export const OUTBOX_PAGE_SIZE = 50;
/** Pages kept on either side of the entries the screen shows. */
const KEEP_PAGES = 6;

const noCounts = (): Record<EntryState, number> => Object.fromEntries(ENTRY_STATES.map((s) => [s, 0])) as Record<EntryState, number>;

/** Resolves once the next frame has been painted. */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

export const useOutboxStore = defineStore('outbox', () => {
  const counts = ref<Record<EntryState, number>>(noCounts());
  const tally = computed(() => outboxTally(counts.value));
  /** Edits whose intent is not settled (what the lists show as pending, the sidebar's badge). */
  const pending = computed(() => tally.value.open);
  /** Edits on their way (queued or being sent), not those that need the user. */
  const waiting = computed(() => tally.value.waiting);
  /** Edits that need the user. */
  const attention = computed(() => tally.value.needsYou);

  /** The states the screen shows (or last showed); null before it first opens. */
  let states: readonly EntryState[] | null = null;
  /** A screen shows the entries now: changes are read as they come (else when it opens again). */
  let showing = false;
  /** How many entries the screen's states hold; null until its first page is here. */
  const total = ref<number | null>(null);
  const paged = pageWindow<OutboxEntry>(OUTBOX_PAGE_SIZE, KEEP_PAGES);
  const { pages, pageOf } = paged;
  /** Entries that shown ones wait for, read with their pages (to name them). */
  const waitedOn = shallowRef(new Map<number, OutboxEntry>());
  /** Bumped by every new filter, so replies to an old one are dropped. */
  let generation = 0;
  let wanted: [number, number] = [0, OUTBOX_PAGE_SIZE - 1];
  /** Pages read again after a change: the window stays on screen until they are here. */
  let stale = new Set<number>();
  const loaded = computed(() => total.value !== null);

  async function loadCounts(): Promise<void> {
    counts.value = await desk().call('outbox.counts');
  }

  /** The entry at an index of the screen's list, or undefined while its page is not here. */
  function entryAt(index: number): OutboxEntry | undefined {
    return pages.value.get(pageOf(index))?.[index % OUTBOX_PAGE_SIZE];
  }

  /** An entry the screen has (shown, or waited for by one shown), by id. */
  function entryById(id: number): OutboxEntry | undefined {
    for (const entries of pages.value.values()) {
      const found = entries.find((e) => e.id === id);
      if (found) return found;
    }
    return waitedOn.value.get(id);
  }

  /** The screen shows entries first..last: read their pages and drop the far ones. */
  function show(first: number, last: number): Promise<void> {
    wanted = [first, last];
    return paged.show(first, last, fill);
  }

  /** Reads the wanted pages not here (or stale) one after another, until there are none. */
  function fill(): Promise<void> {
    return fillPages({
      generation: () => generation,
      next: () => (states === null || !showing ? null : neededPage()),
      read(page) {
        stale.delete(page);
        return desk().call('outbox.page', { states: [...(states ?? [])], offset: page * OUTBOX_PAGE_SIZE, limit: OUTBOX_PAGE_SIZE });
      },
      keep(page, read) {
        total.value = read.total;
        counts.value = read.counts;
        pages.value.set(page, read.entries);
        triggerRef(pages);
        if (read.waitedOn.length > 0) waitedOn.value = new Map([...waitedOn.value, ...read.waitedOn.map((e) => [e.id, e] as const)]);
      },
    });
  }

  /** The first wanted page missing or stale (null when all are here, or the list ends before). */
  function neededPage(): number | null {
    const [first, last] = wanted;
    const lastPage = total.value === null ? 0 : Math.max(0, pageOf(total.value - 1));
    for (let page = pageOf(first); page <= Math.min(pageOf(last), lastPage); page++) {
      if (!pages.value.has(page) || stale.has(page)) return page;
    }
    return null;
  }

  /**
   * The screen opens, or shows other states: their entries from the top. The window the screen last showed of
   * the same states is kept (drawn at once, as the lists are) and read again.
   */
  function open(shown: readonly EntryState[]): Promise<void> {
    const same = states !== null && shown.join() === states.join();
    showing = true;
    // The kept window is painted first; its pages are read again after that frame.
    if (same) return afterPaint().then(refresh);
    generation++;
    states = shown;
    total.value = null;
    pages.value = new Map();
    waitedOn.value = new Map();
    stale = new Set();
    wanted = [0, wanted[1] - wanted[0]];
    return show(...wanted);
  }

  /** No screen shows the entries: nothing is read for them until one opens again. */
  function close(): void {
    showing = false;
  }

  /** The outbox changed: the pages in view are read again (the entries on screen stay until they are). */
  function refresh(): Promise<void> {
    stale = new Set(pages.value.keys());
    return showing ? show(...wanted) : Promise.resolve();
  }

  /** Another account: nothing of the last one's window is kept. */
  function forget(): void {
    generation++;
    states = null;
    total.value = null;
    pages.value = new Map();
    waitedOn.value = new Map();
  }

  useRefresh(['accounts.changed'], (cause) => {
    const shown = states;
    if (cause !== null) forget();
    return shown !== null && showing ? open(shown) : loadCounts();
  });
  useDeskEvent('outbox.changed', ({ entries, counts: next }) => {
    counts.value = next;
    for (const entry of entries) put(entry);
    // The counts and entries above came with the event; a window not read again shows them until the next change.
    void refresh().catch(() => undefined);
  });

  /** The engine's answer replaces the entry it is about where the screen shows it. */
  function put(entry: OutboxEntry): void {
    for (const [page, entries] of pages.value) {
      const index = entries.findIndex((e) => e.id === entry.id);
      if (index === -1) continue;
      pages.value.set(page, entries.map((e, i) => (i === index ? entry : e)));
      triggerRef(pages);
      return;
    }
  }

  const retry = async (id: number) => put(await desk().call('outbox.retry', { id }));
  const discard = async (id: number) => put(await desk().call('outbox.discard', { id }));
  /** Settles an entry the provider's change holds: mine sends it over theirs, theirs drops what conflicts. */
  const resolve = async (id: number, choice: ConflictChoice) => put(await desk().call('outbox.resolve', { id, choice }));
  const markApplied = async (id: number, serverId?: number) =>
    put(await desk().call('outbox.markApplied', serverId === undefined ? { id } : { id, serverId }));

  return {
    counts,
    pending,
    waiting,
    attention,
    total: computed(() => total.value),
    loaded,
    entryAt,
    entryById,
    open,
    close,
    show,
    put,
    retry,
    discard,
    resolve,
    markApplied,
  };
});
