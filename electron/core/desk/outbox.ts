/** outbox.* and contacts.bulkUpdate: queueing edits (replayed at once in the background) and managing the queue. */
import type { MutationKind } from '../../../shared/outbox/kinds.js';
import type { AnyMutationInput, Mutation } from '../../../shared/outbox/schemas.js';
import { collectPages } from '../export/csv.js';
import { DeskError } from '../desk-error.js';
import type { HandlersOf, ParsedInput } from './handlers.js';
import { withRecord, withRecords } from './entry-records.js';
import { overlaidList } from './overlaid-list.js';
import type { DeskState } from './state.js';

export function outboxHandlers(state: DeskState): HandlersOf<'outbox', 'contacts.bulkUpdate' | 'contacts.bulkPreview'> {
  const enqueue = async (kind: MutationKind, params: AnyMutationInput) => {
    const entry = await state.current.outbox.enqueue({ kind, params } as Mutation);
    if (state.background) void state.current.replay();
    return entry;
  };
  return {
    'outbox.enqueue': async ({ kind, params }) => withRecord(state.current, await enqueue(kind, params as AnyMutationInput)),
    'contacts.bulkUpdate': async ({ contactIds, shown, changes }) => {
      const ids = contactIds ?? shownContacts(state, shown!).sending;
      if (ids.length > MAX_BULK) throw new DeskError('refused', `The list shows ${ids.length} contacts; one change reaches at most ${MAX_BULK} at a time: narrow the list first.`);
      const entries = [];
      for (const contactid of ids) entries.push(await enqueue('update-contact', { ...changes, contactid } as AnyMutationInput));
      return withRecords(state.current, entries);
    },
    'contacts.bulkPreview': ({ shown }) => {
      const { sending, skippedDeleting } = shownContacts(state, shown);
      return { sending: sending.length, skippedDeleting };
    },
    'outbox.list': (input) => withRecords(state.current, state.current.outbox.list(input ?? {}).reverse()),
    'outbox.counts': () => state.current.outbox.counts(),
    'outbox.retry': ({ id }) => {
      const entry = state.current.outbox.retry(id);
      void state.current.replay();
      return withRecord(state.current, entry);
    },
    'outbox.edit': async ({ id, params }) => withRecord(state.current, await state.current.outbox.edit(id, params as AnyMutationInput)),
    'outbox.discard': ({ id }) => withRecord(state.current, state.current.outbox.discard(id)),
    'outbox.markApplied': ({ id, serverId }) => {
      const entry = state.current.outbox.markApplied(id, serverId ?? null);
      // Edits that waited on it may go now.
      void state.current.replay();
      return withRecord(state.current, entry);
    },
  };
}

/** As many contacts as contactIds may name. */
const MAX_BULK = 5000;

/**
 * The contacts a Contacts list shows (the same view as data.list): those a change is queued for, and how many
 * it skips because their deletion is queued (an edit of a contact about to go would be lost with it).
 */
function shownContacts(state: DeskState, shown: NonNullable<ParsedInput<'contacts.bulkUpdate'>['shown']>): { sending: (number | string)[]; skippedDeleting: number } {
  const rows = collectPages((after) => overlaidList(state.current, { resource: 'contacts', ...shown, after, limit: 1000 }));
  const sending = rows.filter((row) => row.pending !== 'delete').map((row) => row.id);
  return { sending, skippedDeleting: rows.length - sending.length };
}
