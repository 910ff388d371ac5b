/**
 * An edit queued with the background on is sent right after the call that queued it has been answered, not
 * before: the first sends write their entries as sending and tell every window, and a 2,000-edit bulk edit's
 * reply waited behind them.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Desk } from '../../../electron/core/desk/index.js';
import type { EntryState } from '../../../shared/outbox/states.js';
import { deskOnSandbox } from './sandbox-desk.js';

let desk: Desk;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ desk, close } = await deskOnSandbox('desk-replay-after-reply-', { background: true }));
}, 60_000);

afterAll(() => close?.());

it('answers outbox.enqueue before the edit is marked sending, then sends it', async () => {
  const told: { state: EntryState; answered: boolean }[] = [];
  let answered = false;
  const sent = new Promise<void>((resolve) =>
    desk.on('outbox.changed', ({ entries }) => {
      for (const entry of entries) told.push({ state: entry.state, answered });
      if (entries.some((entry) => entry.state !== 'queued')) resolve();
    }),
  );
  const entry = await desk.call('outbox.enqueue', { kind: 'update-contact', params: { contactid: 1, city: 'Rovereto' } });
  answered = true;
  expect(entry.state).toBe('queued');
  expect(told.filter((t) => t.state !== 'queued')).toEqual([]);
  await sent;
  expect(told.find((t) => t.state !== 'queued')).toEqual({ state: 'sending', answered: true });
});
