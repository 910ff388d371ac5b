/**
 * useRefresh, the renderer's one way of keeping a store current, over a fake bridge: it loads now and on each
 * trigger, data.changed only for the resources it watches, and its scope's end removes every listener; the
 * stores built on it (the one outbox store) drop their listeners when disposed. (On a real engine:
 * tests/components/listening.test.ts.)
 */
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { effectScope } from 'vue';
import type { OutboxEntry } from '../../../shared/outbox/entry';
import type { EntryState } from '../../../shared/outbox/states';
import { useOutboxStore } from '../../../renderer/src/stores/outbox';
import { useRefresh, type RefreshCause, type RefreshTrigger } from '../../../renderer/src/composables/refresh';
import { installFakeBridge } from './fake-bridge';

const counts = (some: Partial<Record<EntryState, number>>): Record<EntryState, number> => {
  const all: Record<EntryState, number> = { queued: 0, sending: 0, failed: 0, needs_review: 0, conflict: 0, done: 0, cancelled: 0 };
  return { ...all, ...some };
};

beforeEach(() => setActivePinia(createPinia()));

/** useRefresh in a scope of its own; the returned function ends the scope. */
function refreshing(triggers: readonly RefreshTrigger[], load: (cause: RefreshCause) => unknown): () => void {
  const scope = effectScope();
  scope.run(() => useRefresh(triggers, load));
  return () => scope.stop();
}

describe('useRefresh', () => {
  it('loads now, then on each event it names, and no longer once its scope ends', async () => {
    const bridge = installFakeBridge({});
    const causes: RefreshCause[] = [];
    const stop = refreshing(['accounts.changed'], (cause) => causes.push(cause));
    await vi.waitFor(() => expect(causes).toEqual([null]));
    bridge.emit('accounts.changed', { accounts: [], current: null });
    await vi.waitFor(() => expect(causes).toEqual([null, { event: 'accounts.changed', resources: [] }]));
    expect(bridge.listeners()).toBe(1);
    stop();
    expect(bridge.listeners()).toBe(0);
    bridge.emit('accounts.changed', { accounts: [], current: null });
    await Promise.resolve();
    expect(causes).toHaveLength(2);
  });

  it('reads again on data.changed only when it names a watched resource', async () => {
    const bridge = installFakeBridge({});
    const causes: RefreshCause[] = [];
    const stop = refreshing([{ changed: ['client'] }], (cause) => causes.push(cause));
    bridge.emit('data.changed', { resources: ['domains'] });
    bridge.emit('data.changed', { resources: ['domains', 'client'] });
    await vi.waitFor(() => expect(causes).toEqual([null, { event: 'data.changed', resources: ['domains', 'client'] }]));
    stop();
  });

  it('keeps listening after a load fails', async () => {
    const bridge = installFakeBridge({});
    let loads = 0;
    const stop = refreshing(['data.changed'], async () => {
      loads++;
      if (loads === 1) throw new Error('offline');
    });
    bridge.emit('data.changed', { resources: ['client'] });
    await vi.waitFor(() => expect(loads).toBe(2));
    stop();
  });
});

describe('the outbox store', () => {
  it('keeps its counts from first use, reads a window of entries only while a screen shows them, and drops its listeners when disposed', async () => {
    const entry: OutboxEntry = {
      id: 1, kind: 'delete-contact', params: { contactid: 9 }, result: null, localId: null, recordKey: 'contacts:9', state: 'queued',
      attempts: 0, lastError: null, waitingFor: null, createdAt: 0, updatedAt: 0, sentAt: null, nextAttemptAt: 0, base: null, conflict: null,
    };
    let stored = entry;
    const pageInputs: unknown[] = [];
    const bridge = installFakeBridge({
      'outbox.counts': () => counts({ failed: 1 }),
      'outbox.page': (input) => {
        pageInputs.push(input);
        return { entries: [stored], total: 1, counts: counts({ [stored.state]: 1 }), waitedOn: [] };
      },
    });
    const before = bridge.listeners();
    const outbox = useOutboxStore();
    await vi.waitFor(() => expect(outbox.attention).toBe(1));
    expect(bridge.calls).toEqual(['outbox.counts']);

    const sending = { ...entry, state: 'sending' as const };
    bridge.emit('outbox.changed', { entries: [sending], changed: 1, kinds: ['delete-contact'], counts: counts({ sending: 1 }) });
    expect(outbox.pending).toBe(1);
    // No screen shows the entries: none is read.
    expect(outbox.loaded).toBe(false);
    expect(bridge.calls).toEqual(['outbox.counts']);

    stored = sending;
    await outbox.open(['queued', 'sending']);
    expect(pageInputs).toEqual([{ states: ['queued', 'sending'], offset: 0, limit: 50 }]);
    expect(outbox.total).toBe(1);
    expect(outbox.entryAt(0)?.state).toBe('sending');

    // A change: the window in view is read again.
    stored = { ...entry, state: 'done' };
    bridge.emit('outbox.changed', { entries: [], changed: 2000, kinds: ['delete-contact'], counts: counts({ done: 1 }) });
    expect(outbox.pending).toBe(0);
    await vi.waitFor(() => expect(outbox.entryAt(0)?.state).toBe('done'));
    expect(pageInputs).toHaveLength(2);

    // Closed: nothing is read; opened again, the window kept is shown at once and read again.
    outbox.close();
    bridge.emit('outbox.changed', { entries: [], changed: 1, kinds: ['delete-contact'], counts: counts({ done: 1 }) });
    await Promise.resolve();
    expect(pageInputs).toHaveLength(2);
    // The kept window is read again after the next frame (node has no frames: one is a timer here).
    vi.stubGlobal('requestAnimationFrame', (paint: () => void) => setTimeout(paint, 0));
    const reopened = outbox.open(['queued', 'sending']);
    expect(outbox.entryAt(0)?.state).toBe('done');
    await reopened;
    expect(pageInputs).toHaveLength(3);

    vi.unstubAllGlobals();
    outbox.$dispose();
    expect(bridge.listeners()).toBe(before);
  });
});
