/**
 * The renderer's list store (renderer/src/stores/list.ts) against a fake host bridge installed with useBridge:
 * which pages it reads for the rows the table shows (and which it drops), that a reply to an older query never
 * replaces a newer one's rows, and that it reads its list again when the engine says the data changed.
 */
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CallReply, DeskHostBridge } from '../../../shared/bridge';
import type { ListInput } from '../../../shared/contract';
import { typedBridge, useBridge } from '../../../renderer/src/bridge';
import { PAGE_SIZE, useListStore } from '../../../renderer/src/stores/list';

interface Held {
  input: ListInput;
  answer(): void;
}

/**
 * A host with `total` domains named by their position (`d0`, `d1`…), the cursor being the next position. Calls
 * are answered at once unless `hold` is set: then each waits in `held` until answered.
 */
class FakeHost implements DeskHostBridge {
  readonly host = 'web' as const;
  readonly calls: ListInput[] = [];
  readonly held: Held[] = [];
  hold = false;
  /** The name of a row by its position; a test changes it to stand for changed data. */
  name = (i: number, input: ListInput) => `${input.text ?? 'd'}${i}`;
  private listeners = new Map<string, Set<(payload: unknown) => void>>();

  constructor(public total: number) {}

  invoke(name: string, raw?: unknown): Promise<CallReply> {
    // data.ids: every position the list holds now (ids are positions), read at once.
    if (name === 'data.ids') return Promise.resolve({ ok: true, value: Array.from({ length: this.total }, (_, i) => i) });
    if (name !== 'data.list') return Promise.resolve({ ok: false, error: { code: 'internal', message: `no ${name} here` } });
    const input = raw as ListInput;
    this.calls.push(input);
    const reply = (): CallReply => {
      const from = input.after === null || input.after === undefined ? 0 : Number(input.after);
      const to = Math.min(this.total, from + (input.limit ?? PAGE_SIZE));
      const rows = Array.from({ length: to - from }, (_, k) => ({ id: from + k, domainName: this.name(from + k, input), pending: null, pendingEntryIds: [] }));
      return { ok: true, value: { rows, total: this.total, nextCursor: to < this.total ? String(to) : null } };
    };
    if (!this.hold) return Promise.resolve(reply());
    return new Promise((resolve) => this.held.push({ input, answer: () => resolve(reply()) }));
  }

  on(event: string, listener: (payload: unknown) => void): () => void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener);
    this.listeners.set(event, set);
    return () => set.delete(listener);
  }

  emit(event: string, payload: unknown): void {
    for (const listener of this.listeners.get(event) ?? []) listener(payload);
  }

  /** The page each call read (0 for the first). */
  pagesRead(): number[] {
    return this.calls.map((c) => (c.after ? Number(c.after) / PAGE_SIZE : 0));
  }
}

/** Lets every answered call's continuation run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let host: FakeHost;
beforeEach(() => {
  setActivePinia(createPinia());
});

function domainsOf(total: number) {
  host = new FakeHost(total);
  useBridge(typedBridge(host));
  return useListStore('domains');
}

const name = (row: unknown) => (row as { domainName?: string } | undefined)?.domainName;

describe('the page window', () => {
  it('reads the first page on open, and nothing more for rows inside it', async () => {
    const store = domainsOf(1000);
    await store.open();
    expect(host.pagesRead()).toEqual([0]);
    expect(store.total).toBe(1000);
    expect(name(store.rowAt(0))).toBe('d0');
    await store.show(0, 40);
    await store.open();
    expect(host.pagesRead()).toEqual([0]);
  });

  it('walks the cursors to a far range, keeps the pages around it, and drops the far ones (their cursors kept)', async () => {
    const store = domainsOf(20 * PAGE_SIZE);
    await store.open();
    await store.show(19 * PAGE_SIZE + 10, 19 * PAGE_SIZE + 40);
    // Each page needs the one before's cursor: pages 1 to 19, one after another.
    expect(host.pagesRead()).toEqual(Array.from({ length: 20 }, (_, k) => k));
    expect(name(store.rowAt(19 * PAGE_SIZE + 10))).toBe(`d${19 * PAGE_SIZE + 10}`);
    // Six pages either side are kept; those further (the first too) were read for their cursor only.
    expect(store.rowAt(13 * PAGE_SIZE)).toBeDefined();
    expect(store.rowAt(12 * PAGE_SIZE)).toBeUndefined();
    expect(store.rowAt(0)).toBeUndefined();

    // Back to the top: the first page read again, the pages at the end dropped…
    await store.show(0, 30);
    expect(name(store.rowAt(0))).toBe('d0');
    expect(store.rowAt(19 * PAGE_SIZE)).toBeUndefined();
    // …and a page in the middle is read straight from its known cursor (then the one before it, whose last rows
    // are a scroll away: read ahead).
    host.calls.length = 0;
    await store.show(5 * PAGE_SIZE + 20, 5 * PAGE_SIZE + 50);
    expect(host.pagesRead()).toEqual([5, 4]);
  });

  it('reads the page next to the rows shown before they reach it, the shown page first', async () => {
    const store = domainsOf(10 * PAGE_SIZE);
    await store.open();
    // Rows in the first page's second half: the second page is read before a scroll shows its rows.
    await store.show(PAGE_SIZE - 60, PAGE_SIZE - 30);
    expect(host.pagesRead()).toEqual([0, 1]);
    expect(name(store.rowAt(PAGE_SIZE))).toBe(`d${PAGE_SIZE}`);
    // In the middle of a page, nothing more is read.
    host.calls.length = 0;
    await store.show(PAGE_SIZE + 60, PAGE_SIZE + 90);
    expect(host.pagesRead()).toEqual([]);
    // A jump to rows whose page is not here: that page first, then the one after (its cursor is the reply's).
    await store.show(2 * PAGE_SIZE + 150, 2 * PAGE_SIZE + 180);
    expect(host.pagesRead()).toEqual([2, 3]);
  });

  it('reads nothing past the end of the list', async () => {
    const store = domainsOf(250);
    await store.open();
    await store.show(0, 5000);
    expect(host.pagesRead()).toEqual([0, 1]);
    expect(name(store.rowAt(249))).toBe('d249');
    expect(store.rowAt(250)).toBeUndefined();
  });
});

describe('replies to an older query', () => {
  it('are dropped when a newer query is out: its rows and total never show', async () => {
    const store = domainsOf(500);
    host.hold = true;
    const first = store.setQuery({ filters: {}, text: 'old', sort: null });
    const second = store.setQuery({ filters: {}, text: 'new', sort: null });
    expect(host.held.map((h) => h.input.text)).toEqual(['old']);

    // The newer query's page is answered first (read once the older call is out of the way), the older one after.
    host.held.shift()!.answer();
    await settle();
    expect(store.total).toBeNull();
    expect(host.held.map((h) => h.input.text)).toEqual(['new']);
    host.total = 300;
    host.held.shift()!.answer();
    await Promise.all([first, second]);
    expect(store.total).toBe(300);
    expect(name(store.rowAt(0))).toBe('new0');
    expect(store.text).toBe('new');
  });

  it('an older query answered late does not replace the newer rows', async () => {
    const store = domainsOf(500);
    await store.setQuery({ filters: {}, text: 'a', sort: null });
    host.hold = true;
    void store.setQuery({ filters: {}, text: 'b', sort: null });
    void store.setQuery({ filters: {}, text: 'c', sort: null });
    // One page read at a time: b's is out; c's follows it.
    host.held.shift()!.answer();
    await settle();
    host.held.shift()!.answer();
    await settle();
    expect(host.calls.map((c) => c.text)).toEqual(['a', 'b', 'c']);
    expect(name(store.rowAt(0))).toBe('c0');
  });

  it('the same query again reads nothing', async () => {
    const store = domainsOf(500);
    await store.setQuery({ filters: { status: 'Active' }, text: 'x', sort: { field: 'expiryDate', dir: 'desc' } });
    await store.setQuery({ filters: { status: 'Active' }, text: 'x', sort: { field: 'expiryDate', dir: 'desc' } });
    expect(host.calls).toHaveLength(1);
    expect(host.calls[0]).toMatchObject({ resource: 'domains', filters: { status: 'Active' }, text: 'x', sort: { field: 'expiryDate', dir: 'desc' }, after: null });
  });
});

describe('data.changed', () => {
  it('reads the list again when its resource changed, keeping the rows on screen until the new ones come', async () => {
    const store = domainsOf(500);
    await store.open();
    await store.show(0, 30);
    host.calls.length = 0;
    host.name = (i) => `renewed${i}`;
    host.total = 501;
    host.hold = true;

    host.emit('data.changed', { resources: ['contacts'] });
    await settle();
    expect(host.calls).toHaveLength(0);

    host.emit('data.changed', { resources: ['domains', 'contacts'] });
    await settle();
    expect(host.pagesRead()).toEqual([0]);
    // While the new page is on its way, the old rows stay.
    expect(name(store.rowAt(0))).toBe('d0');
    host.held.shift()!.answer();
    await settle();
    expect(name(store.rowAt(0))).toBe('renewed0');
    expect(store.total).toBe(501);
  });

  it('does not read a list that was never opened', async () => {
    domainsOf(500);
    host.emit('data.changed', { resources: ['domains'] });
    await settle();
    expect(host.calls).toHaveLength(0);
  });
});

describe('the selection', () => {
  it('Ctrl+A selects every matching row by the query, without reading them; the ids are read only when an action asks', async () => {
    const store = domainsOf(2500);
    await store.show(0, 30);
    const reads = host.calls.length;
    store.selectAll();
    expect(store.selected).toBe(2500);
    expect(store.allSelected).toBe(true);
    expect(host.calls.length).toBe(reads);

    // One row unticked: all matching but one, and the ids an action gets are the list's, in its order, but that one.
    store.toggleAt(3);
    expect(store.selected).toBe(2499);
    expect(store.allSelected).toBe(false);
    const ids = await store.selectedIds();
    expect(ids).toHaveLength(2499);
    expect(ids.slice(0, 4)).toEqual([0, 1, 2, 4]);
    expect(ids.at(-1)).toBe(2499);
  });

  it('a click ticks the row it hit, even when a refresh has since put another row at that index', async () => {
    const store = domainsOf(100);
    await store.show(0, 30);
    const drawn = store.rowAt(5)!;
    // The row drawn at 5 is given, but the store's row at 5 is another one: the drawn one is ticked.
    store.toggleAt(5, store.rowAt(7)!);
    expect(store.isRowSelected(store.rowAt(7)!)).toBe(true);
    expect(store.isRowSelected(drawn)).toBe(false);
    expect(store.selected).toBe(1);
  });

  it('a Shift range reaches rows whose pages were dropped, reading them first', async () => {
    const store = domainsOf(5000);
    await store.show(0, 30);
    store.toggleAt(2);
    // Scrolled far down: the first pages are dropped.
    await store.show(4000, 4030);
    expect(store.rowAt(2)).toBeUndefined();
    await store.extendTo(4010);
    expect(store.selected).toBe(4009);
    expect(store.isRowSelected(store.rowAt(4010)!)).toBe(true);
    expect(store.isRowSelected(store.rowAt(4011)!)).toBe(false);
  });

  it('without a row ticked first, a range starts at the active row; a range from an unticked row unticks', async () => {
    const store = domainsOf(100);
    await store.show(0, 30);
    await store.extendTo(7, 5);
    expect(await store.selectedIds()).toEqual([5, 6, 7]);
    store.toggleAt(6);
    await store.extendTo(7);
    expect(await store.selectedIds()).toEqual([5]);
  });

  it('survives a refresh, dropping the rows that left the list; a new query clears it', async () => {
    const store = domainsOf(50);
    await store.show(0, 30);
    for (const i of [1, 2, 20]) store.toggleAt(i);
    expect(store.selected).toBe(3);
    // Row 20 is gone after a sync.
    host.total = 20;
    host.emit('data.changed', { resources: ['domains'] });
    await settle();
    await settle();
    expect(await store.selectedIds()).toEqual([1, 2]);
    expect(store.selected).toBe(2);

    await store.setQuery({ filters: {}, text: 'x', sort: null });
    expect(store.selected).toBe(0);
  });
});
