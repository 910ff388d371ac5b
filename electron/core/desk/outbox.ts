/** outbox.* and contacts.bulkUpdate: queueing edits (replayed at once in the background) and managing the queue. */
import type { MutationKind } from '../../../shared/outbox/kinds.js';
import type { AnyMutationInput, Mutation } from '../../../shared/outbox/schemas.js';
import { collectPages } from '../export/csv.js';
import { DeskError } from '../desk-error.js';
import type { HandlersOf, ParsedInput } from './handlers.js';
import { overlaidList } from './overlaid-list.js';
import { recoverAccountOutbox } from './outbox-recovery.js';
import type { DeskState } from './state.js';

export function outboxHandlers(state: DeskState): HandlersOf<'outbox', 'contacts.bulkUpdate'> {
  const enqueue = async (kind: MutationKind, params: AnyMutationInput) => {
    const entry = await state.current.outbox.enqueue({ kind, params } as Mutation);
    if (state.background) replayInBackground(state);
    return entry;
  };
  return {
    'outbox.enqueue': ({ kind, params }) => enqueue(kind, params as AnyMutationInput),
    'contacts.bulkUpdate': async ({ contactIds, shown, changes }) => {
      const ids = contactIds ?? shownContactIds(state, shown!);
      if (ids.length > MAX_BULK) throw new DeskError('refused', `The list shows ${ids.length} contacts; one change reaches at most ${MAX_BULK} at a time: narrow the list first.`);
      const entries = [];
      for (const contactid of ids) entries.push(await enqueue('update-contact', { ...changes, contactid } as AnyMutationInput));
      return entries;
    },
    'outbox.list': (input) => state.current.outbox.list(input ?? {}).reverse(),
    'outbox.counts': () => state.current.outbox.counts(),
    'outbox.retry': ({ id }) => {
      const entry = state.current.outbox.retry(id);
      replayInBackground(state);
      return entry;
    },
    'outbox.edit': ({ id, params }) => state.current.outbox.edit(id, params as AnyMutationInput),
    'outbox.discard': ({ id }) => state.current.outbox.discard(id),
    'outbox.markApplied': ({ id, serverId }) => {
      const entry = state.current.outbox.markApplied(id, serverId ?? null);
      // Edits that waited on it may go now.
      replayInBackground(state);
      return entry;
    },
    'outbox.recover': ({ account }) => recoverAccountOutbox(state, account),
  };
}

function replayInBackground(state: DeskState): void {
  state.current.inBackground(state.current.replay(), 'sending the queued edits');
}

/** As many contacts as contactIds may name. */
const MAX_BULK = 5000;

/** The contacts a Contacts list shows (the same view as data.list), but those whose deletion is queued. */
function shownContactIds(state: DeskState, shown: NonNullable<ParsedInput<'contacts.bulkUpdate'>['shown']>): (number | string)[] {
  return collectPages((after) => overlaidList(state.current, { resource: 'contacts', ...shown, after, limit: 1000 }))
    .filter((row) => row.pending !== 'delete')
    .map((row) => row.id);
}
