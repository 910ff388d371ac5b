/** outbox.* and contacts.bulkUpdate: queueing edits (replayed at once in the background) and managing the queue. */
import { BULK_LIMIT } from '../../../shared/contract.js';
import type { DraftKey } from '../../../shared/outbox/drafts.js';
import { isLocalId, type LocalId } from '../../../shared/outbox/local-ids.js';
import type { Mutation } from '../../../shared/outbox/schemas.js';
import { collectPages } from '../export/csv.js';
import { DeskError } from '../desk-error.js';
import type { HandlersOf, ParsedInput } from './handlers.js';
import { overlaidList } from './overlaid-list.js';
import type { DeskState } from './state.js';

export function outboxHandlers(state: DeskState): HandlersOf<'outbox', 'contacts.bulkUpdate'> {
  const enqueue = async (mutation: Mutation, draft?: DraftKey) => {
    const entry = await state.current.outbox.enqueue(mutation, { draft });
    if (state.background) void state.current.replay();
    return entry;
  };
  return {
    'outbox.enqueue': ({ draft, ...mutation }) => enqueue(mutation, draft),
    'contacts.bulkUpdate': async ({ contactIds, shown, changes, draft }) => {
      const ids = contactIds ?? shownContactIds(state, shown!);
      if (ids.length > BULK_LIMIT) throw new DeskError('refused', `The list shows ${ids.length} contacts; one change reaches at most ${BULK_LIMIT} at a time: narrow the list first.`);
      const entries = [];
      // Checked as an update-contact for each contact, by the outbox.
      for (const contactid of ids) entries.push(await enqueue({ kind: 'update-contact', params: { ...changes, contactid } }));
      if (draft) state.current.outbox.drafts.drop(draft);
      return entries;
    },
    'outbox.list': (input) => state.current.outbox.list(input ?? {}).reverse(),
    'outbox.counts': () => state.current.outbox.counts(),
    'outbox.retry': ({ id }) => {
      const entry = state.current.outbox.retry(id);
      void state.current.replay();
      return entry;
    },
    'outbox.edit': ({ id, params }) => state.current.outbox.edit(id, params),
    'outbox.discard': ({ id }) => state.current.outbox.discard(id),
    'outbox.markApplied': ({ id, serverId }) => {
      const entry = state.current.outbox.markApplied(id, serverId ?? null);
      // Edits that waited on it may go now.
      void state.current.replay();
      return entry;
    },
  };
}

/** The contacts a Contacts list shows (the same view as data.list), but those whose deletion is queued. */
function shownContactIds(state: DeskState, shown: NonNullable<ParsedInput<'contacts.bulkUpdate'>['shown']>): (number | LocalId)[] {
  return collectPages((after) => overlaidList(state.current, { resource: 'contacts', ...shown, after, limit: 1000 }))
    .filter((row) => row.pending !== 'delete')
    .map((row) => row.id)
    .filter((id) => typeof id === 'number' || isLocalId(id));
}

