/**
 * The life of an entry (Replicache/Linear: queued → sending → done / failed / needs_review).
 *
 * - queued: waiting to be sent (maybe after a backoff, maybe behind another entry).
 * - sending: the request may have reached the server and no answer has been recorded. Written before the
 *   request goes out; found after a crash or a lost reply, it is checked against the server before any resend.
 * - done: the server confirmed it. failed: the provider refused it (edit and retry). needs_review: the outbox
 *   cannot tell on its own what happened or what to do; the user decides: send again (retry), it went through
 *   (mark applied: done, with the server id of what a create made when the user knows it), or discard.
 * - conflict: the provider changed the record since the edit was made on it (conflict.ts): the entry waits
 *   for the person: keep mine (send it over theirs), take theirs (drop what conflicts), edit, or discard.
 * - cancelled: discarded by the user. done and cancelled are final; rows are never deleted.
 */

export const ENTRY_STATES = ['queued', 'sending', 'done', 'failed', 'needs_review', 'conflict', 'cancelled'] as const;
export type EntryState = (typeof ENTRY_STATES)[number];

/** States of entries on their way to the provider, with nothing for the person to do. */
export const WAITING_STATES: readonly EntryState[] = ['queued', 'sending'];

/** States of entries that wait for the person (the sidebar's and the dock's badge, the tray's count). */
export const ATTENTION_STATES: readonly EntryState[] = ['failed', 'needs_review', 'conflict'];

type StateCounts = Readonly<Record<EntryState, number>>;
const sumOf = (states: readonly EntryState[], counts: StateCounts) => states.reduce((sum, state) => sum + (counts[state] ?? 0), 0);

export function attentionCount(counts: StateCounts): number {
  return sumOf(ATTENTION_STATES, counts);
}

/**
 * The outbox's counts as every front end says them (the Outbox screen's tabs, the sidebar's badge, the tray, the
 * dock): each entry in exactly one bucket. A failed entry needs the person; it is not also "waiting to be sent".
 */
export interface OutboxTally {
  /** Queued or being sent. */
  waiting: number;
  /** Failed, needing review, or changed on the provider. */
  needsYou: number;
  /** Both: every entry whose intent is not settled (PENDING_STATES). */
  open: number;
}

export function outboxTally(counts: StateCounts): OutboxTally {
  const waiting = sumOf(WAITING_STATES, counts);
  const needsYou = attentionCount(counts);
  return { waiting, needsYou, open: waiting + needsYou };
}

/**
 * The Outbox screen's tabs and the states each shows: every state in exactly one tab, so the tabs' counts add up
 * to the whole outbox and one entry is never counted twice. "Pending" is what is still on its way.
 */
export const OUTBOX_TABS = {
  pending: WAITING_STATES,
  conflict: ['conflict'],
  failed: ['failed'],
  needs_review: ['needs_review'],
  done: ['done'],
  cancelled: ['cancelled'],
} as const satisfies Record<string, readonly EntryState[]>;
export type OutboxTab = keyof typeof OUTBOX_TABS;

export function tabCount(tab: OutboxTab, counts: StateCounts): number {
  return sumOf(OUTBOX_TABS[tab], counts);
}

/** States of entries whose intent is not settled: what the overlay lays over the mirror. */
export const PENDING_STATES: readonly EntryState[] = ['queued', 'sending', 'failed', 'needs_review', 'conflict'];

const NEXT: Record<EntryState, readonly EntryState[]> = {
  // queued → done: every value it would send is the provider's already (nothing to send).
  queued: ['queued', 'sending', 'needs_review', 'conflict', 'done', 'cancelled'],
  // sending → conflict: the fields that did not conflict went; those that did wait.
  sending: ['sending', 'queued', 'done', 'failed', 'needs_review', 'conflict'],
  failed: ['failed', 'queued', 'needs_review', 'cancelled'],
  needs_review: ['needs_review', 'queued', 'done', 'cancelled'],
  conflict: ['conflict', 'queued', 'cancelled'],
  done: [],
  cancelled: [],
};

export function canMove(from: EntryState, to: EntryState): boolean {
  return NEXT[from].includes(to);
}

/**
 * What the user may do with an entry in each state: fix (edit it in its form and send again: the provider
 * refused it, or the provider changed it meanwhile), retry (send again as it is), mark applied (it went through:
 * the user checked), resolve (keep mine or take theirs, after a change on the provider), discard. The engine
 * refuses anything else; front ends offer exactly these.
 */
export const ENTRY_ACTIONS = ['fix', 'retry', 'markApplied', 'resolve', 'discard'] as const;
export type EntryAction = (typeof ENTRY_ACTIONS)[number];

const ALLOWED: Record<EntryState, readonly EntryAction[]> = {
  queued: ['discard'],
  sending: [],
  failed: ['fix', 'retry', 'discard'],
  needs_review: ['markApplied', 'retry', 'discard'],
  conflict: ['resolve', 'fix', 'discard'],
  done: [],
  cancelled: [],
};

export function allows(state: EntryState, action: EntryAction): boolean {
  return ALLOWED[state].includes(action);
}

/** The states an action is allowed in, in a few words for a refusal ("failed or needs review"). */
export function statesAllowing(action: EntryAction): string {
  const names = ENTRY_STATES.filter((state) => allows(state, action)).map((state) => state.replace('_', ' '));
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names.join('');
}

/** Params may be replaced while the entry may still be sent and is not on its way. */
export const EDITABLE_STATES: readonly EntryState[] = ['queued', 'failed', 'needs_review', 'conflict'];

/** A request the outbox refuses: unknown entry, or an action its state does not allow. */
export class OutboxError extends Error {
  override readonly name = 'OutboxError';

  constructor(
    readonly code: 'not_found' | 'refused',
    message: string,
  ) {
    super(message);
  }
}
