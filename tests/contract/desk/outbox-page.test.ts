/**
 * The outbox as a screen reads it (outbox.page) and hears it (outbox.changed), on a real Desk with its own
 * outbox file, nothing sent (no background replay): windows newest first with the total and the counts by
 * state read by SQL, filters by state and kind, the entries a window's queued ones wait for, windows read again
 * after entries came and left; and one change event per write, however many entries it queued.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayloads } from '../../../shared/contract.js';
import type { Desk } from '../../../electron/core/desk/index.js';
import type { Mutation } from '../../../shared/outbox/schemas.js';
import { PENDING_STATES } from '../../../shared/outbox/states.js';
import { deskOnSandbox } from './sandbox-desk.js';

let desk: Desk;
let close: () => Promise<void>;
const changes: EventPayloads['outbox.changed'][] = [];
const dataChanges: EventPayloads['data.changed'][] = [];

/** 250 edits of 50 contacts, five each: every contact's later edits wait for its first. */
const BATCH = 250;
const edits: Mutation[] = Array.from({ length: BATCH }, (_, i) => ({ kind: 'update-contact', params: { contactid: 1000 + (i % 50), city: `City ${i}` } }));
const ids = (entries: readonly { id: number }[]) => entries.map((e) => e.id);

beforeAll(async () => {
  ({ desk, close } = await deskOnSandbox('desk-outbox-page-'));
  desk.on('outbox.changed', (payload) => changes.push(payload));
  desk.on('data.changed', (payload) => dataChanges.push(payload));
}, 60_000);

afterAll(() => close?.());

describe('outbox.changed', () => {
  it('is told once for a batch of N queued in one go, with the counts and kinds and without the N entries', async () => {
    const before = dataChanges.length;
    const entries = await desk.call('outbox.enqueueAll', { mutations: edits });
    expect(entries).toHaveLength(BATCH);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ changed: BATCH, kinds: ['update-contact'], entries: [] });
    expect(changes[0]!.counts.queued).toBe(BATCH);
    expect(dataChanges.slice(before)).toEqual([{ resources: ['contacts'] }]);
  });

  it('names the entries of a small write', async () => {
    const entry = await desk.call('outbox.enqueue', { kind: 'delete-contact', params: { contactid: 2000 } });
    expect(changes).toHaveLength(2);
    expect(changes[1]).toMatchObject({ changed: 1, kinds: ['delete-contact'], counts: { queued: BATCH + 1 } });
    expect(ids(changes[1]!.entries)).toEqual([entry.id]);
    expect(changes[1]!.entries[0]!.record).toMatchObject({ resource: 'contacts', id: 2000 });
  });
});

describe('outbox.page', () => {
  it('reads the outbox newest first, a window at a time, with the total and the counts', async () => {
    const all = await desk.call('outbox.list');
    expect(all).toHaveLength(BATCH + 1);
    const windows = [];
    for (let offset = 0; offset < all.length; offset += 100) windows.push(await desk.call('outbox.page', { offset, limit: 100 }));
    expect(windows.map((w) => w.entries.length)).toEqual([100, 100, 51]);
    expect(windows.flatMap((w) => ids(w.entries))).toEqual(ids(all));
    for (const w of windows) {
      expect(w.total).toBe(BATCH + 1);
      expect(w.counts).toMatchObject({ queued: BATCH + 1, sending: 0, failed: 0, needs_review: 0, done: 0, cancelled: 0 });
    }
    expect(windows[0]!.entries[0]).toMatchObject({ kind: 'delete-contact', record: { resource: 'contacts', id: 2000 } });
    expect(await desk.call('outbox.page', { offset: BATCH + 1, limit: 100 })).toMatchObject({ entries: [], total: BATCH + 1 });
  });

  it('names the entries its queued ones wait for when they are not in the window', async () => {
    const { entries, waitedOn } = await desk.call('outbox.page', { offset: 0, limit: 20 });
    // Oldest first, the first 50 are each contact's first edit: the one its later edits wait for.
    const oldest = ids(await desk.call('outbox.list', { kind: 'update-contact' })).reverse();
    const firstOf = (contactid: unknown) => oldest[(contactid as number) - 1000]!;
    const waiting = entries.filter((e) => e.kind === 'update-contact');
    expect(waiting).toHaveLength(19);
    for (const e of waiting) expect(e.waitingFor).toMatch(new RegExp(`^waiting for #${firstOf(e.params.contactid)} `));
    expect(ids(waitedOn).sort((a, b) => a - b)).toEqual(waiting.map((e) => firstOf(e.params.contactid)).sort((a, b) => a - b));
    expect(waitedOn.every((e) => e.record?.resource === 'contacts')).toBe(true);
  });

  it('filters by state and by kind, its total counting only what the filter matches', async () => {
    const updates = await desk.call('outbox.list', { kind: 'update-contact' });
    const discarded = [updates[0]!.id, updates[10]!.id, updates[20]!.id];
    for (const id of discarded) await desk.call('outbox.discard', { id });
    const cancelled = await desk.call('outbox.page', { states: ['cancelled'], offset: 0, limit: 100 });
    expect(cancelled).toMatchObject({ total: 3, counts: { cancelled: 3, queued: BATCH + 1 - 3 } });
    expect(ids(cancelled.entries)).toEqual([...discarded].sort((a, b) => b - a));
    const deletes = await desk.call('outbox.page', { kind: 'delete-contact', offset: 0, limit: 100 });
    expect(deletes.total).toBe(1);
    expect(deletes.entries.map((e) => e.kind)).toEqual(['delete-contact']);
    const pendingUpdates = await desk.call('outbox.page', { states: [...PENDING_STATES], kind: 'update-contact', offset: 0, limit: 500 });
    expect(pendingUpdates.total).toBe(BATCH - 3);
    expect(ids(pendingUpdates.entries)).not.toEqual(expect.arrayContaining(discarded));
  });

  it('gives the queue as it is now to a window read after an entry came and one left', async () => {
    const states = [...PENDING_STATES];
    const first = await desk.call('outbox.page', { states, offset: 0, limit: 100 });
    // One leaves the pending entries (discarded), one comes at the top.
    await desk.call('outbox.discard', { id: first.entries[50]!.id });
    const added = await desk.call('outbox.enqueue', { kind: 'delete-contact', params: { contactid: 2001 } });
    const again = await desk.call('outbox.page', { states, offset: 0, limit: 100 });
    const next = await desk.call('outbox.page', { states, offset: 100, limit: 100 });
    expect(again.total).toBe(first.total);
    expect(again.entries[0]!.id).toBe(added.id);
    expect(ids(again.entries)).not.toContain(first.entries[50]!.id);
    const now = await desk.call('outbox.list', { states });
    expect([...ids(again.entries), ...ids(next.entries)]).toEqual(ids(now).slice(0, 200));
  });

  it('refuses a window too large or a negative offset, in words', async () => {
    await expect(desk.call('outbox.page', { offset: 0, limit: 501 })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(desk.call('outbox.page', { offset: -1, limit: 10 })).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
