/**
 * A run whose sign-in fails for a transient reason ends there: the session sends no grant again until the next
 * run, so each request left would fail at once without I/O, and a run that went on looped through the queue on
 * microtasks alone (with short backoffs, forever: the soak hung with the event loop starved).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openOutbox, Replayer, type Outbox } from '../../electron/core/outbox/index.js';
import { apiError, FakeClient, manualClock, outboxFile } from './outbox-fixtures.js';

let outbox: Outbox;
let client: FakeClient;
let clock: ReturnType<typeof manualClock>;

beforeEach(() => {
  clock = manualClock();
  outbox = openOutbox(outboxFile(), { now: clock.now });
  client = new FakeClient();
});
afterEach(() => outbox.dispose());

describe('a failed sign-in during a run', () => {
  it('ends the run at the first request it failed; the next run sends the rest', async () => {
    for (const id of [1, 2, 3, 4, 5, 6, 7, 8]) await outbox.enqueue({ kind: 'update-contact', params: { contactid: id, city: 'X' } });
    // The first request's grant failed (a 500 at the token endpoint). The fake would answer the rest; a real
    // session fails them all at once until the next run.
    client.script('updateContact', apiError('server', 'token'));
    const replayer = new Replayer(outbox, client, { concurrency: 1, backoff: { baseMs: 1, maxMs: 1 } });

    const first = await replayer.run();
    expect(client.callsOf('updateContact')).toHaveLength(1);
    expect(first).toMatchObject({ sent: 1, paused: null });
    expect(first.nextDueAt).not.toBeNull();
    expect(outbox.counts()).toMatchObject({ queued: 8, done: 0 });

    clock.advance(10);
    const second = await replayer.run();
    expect(second).toMatchObject({ sent: 8, nextDueAt: null });
    expect(outbox.counts()).toMatchObject({ queued: 0, done: 8 });
  });
});
