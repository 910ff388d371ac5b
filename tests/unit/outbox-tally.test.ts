/** The outbox's counts as the screens, the sidebar, the tray and the dock say them: each entry in one bucket. */
import { describe, expect, it } from 'vitest';
import { ENTRY_STATES, OUTBOX_TABS, outboxTally, PENDING_STATES, tabCount, type EntryState, type OutboxTab } from '../../shared/outbox/states.js';

const countsOf = (states: Partial<Record<EntryState, number>>) =>
  Object.fromEntries(ENTRY_STATES.map((state) => [state, states[state] ?? 0])) as Record<EntryState, number>;
const tabs = Object.keys(OUTBOX_TABS) as OutboxTab[];

describe('outbox counts', () => {
  it('one failed edit is "Failed 1", needs the person, and is not also pending', () => {
    const counts = countsOf({ failed: 1 });
    expect(Object.fromEntries(tabs.map((tab) => [tab, tabCount(tab, counts)]))).toEqual({
      pending: 0, conflict: 0, failed: 1, needs_review: 0, done: 0, cancelled: 0,
    });
    expect(outboxTally(counts)).toEqual({ waiting: 0, needsYou: 1, open: 1 });
  });

  it('puts every state in exactly one tab, so the tabs add up to the whole outbox', () => {
    for (const state of ENTRY_STATES) {
      expect(tabs.filter((tab) => (OUTBOX_TABS[tab] as readonly EntryState[]).includes(state)), state).toHaveLength(1);
    }
    const counts = countsOf({ queued: 3, sending: 1, failed: 2, needs_review: 4, conflict: 5, done: 7, cancelled: 6 });
    expect(tabs.reduce((sum, tab) => sum + tabCount(tab, counts), 0)).toBe(28);
    expect(tabCount('pending', counts)).toBe(4);
  });

  it('splits the open edits into waiting and needing the person, which add up to what the overlay shows', () => {
    const counts = countsOf({ queued: 3, sending: 1, failed: 2, needs_review: 4, conflict: 5, done: 7, cancelled: 6 });
    const tally = outboxTally(counts);
    expect(tally).toEqual({ waiting: 4, needsYou: 11, open: 15 });
    expect(tally.open).toBe(PENDING_STATES.reduce((sum, state) => sum + counts[state], 0));
  });
});
