/** outbox.* and contacts.bulkUpdate: queueing edits (replayed at once in the background) and managing the queue. */
import { BULK_LIMIT } from '../../../shared/contract.js';
import type { DraftKey } from '../../../shared/outbox/drafts.js';
import { waitedOnId } from '../../../shared/outbox/entry.js';
import { isLocalId, type LocalId } from '../../../shared/outbox/local-ids.js';
import type { Mutation } from '../../../shared/outbox/schemas.js';
import { collectPages } from '../export/csv.js';
import { DeskError } from '../desk-error.js';
import type { HandlersOf, ParsedInput } from './handlers.js';
import { withRecord, withRecords } from './entry-records.js';
import { overlaidList } from './overlaid-list.js';
import { recoverAccountOutbox } from './outbox-recovery.js';
import type { DeskState } from './state.js';

export function outboxHandlers(state: DeskState): HandlersOf<'outbox', 'contacts.bulkUpdate' | 'contacts.bulkPreview'> {
  const enqueue = async (mutation: Mutation, draft?: DraftKey) => {
    const entry = await state.current.outbox.enqueue(mutation, { draft });
    if (state.background) state.current.replayAfterReply();
    return entry;
  };
  return {
    'outbox.enqueue': async ({ draft, ...mutation }) => withRecord(state.current, await enqueue(mutation, draft)),
    'outbox.enqueueAll': ({ mutations }) => {
      // One transaction: a refused edit (its kind's schema) queues none of them.
      const entries = state.current.outbox.enqueueAll(mutations);
      if (state.background) state.current.replayAfterReply();
      return withRecords(state.current, entries);
    },
    'contacts.bulkUpdate': async ({ contactIds, shown, changes, draft }) => {
      const ids = contactIds ?? shownContacts(state, shown!).sending;
      if (ids.length > BULK_LIMIT) throw new DeskError('refused', `The list shows ${ids.length} contacts; one change reaches at most ${BULK_LIMIT} at a time: narrow the list first.`);
      const entries = [];
      // Checked as an update-contact for each contact, by the outbox.
      for (const contactid of ids) entries.push(await enqueue({ kind: 'update-contact', params: { ...changes, contactid } }));
      if (draft) state.current.outbox.drafts.drop(draft);
      return withRecords(state.current, entries);
    },
    'contacts.bulkPreview': ({ shown }) => {
      const { sending, skippedDeleting } = shownContacts(state, shown);
      return { sending: sending.length, skippedDeleting };
    },
    'outbox.list': (input) => withRecords(state.current, state.current.outbox.list(input ?? {}).reverse()),
    'outbox.page': ({ offset, limit, ...filter }) => {
      const { outbox } = state.current;
      const page = outbox.page(filter, { offset, limit });
      const inPage = new Set(page.entries.map((e) => e.id));
      const waitedOn = [...new Set(page.entries.map(waitedOnId))].filter((id): id is number => id !== null && !inPage.has(id));
      return { ...page, entries: withRecords(state.current, page.entries), waitedOn: withRecords(state.current, outbox.named(waitedOn)) };
    },
    'outbox.counts': () => state.current.outbox.counts(),
    'outbox.retry': ({ id }) => {
      const entry = state.current.outbox.retry(id);
      state.current.replayAfterReply();
      return withRecord(state.current, entry);
    },
    'outbox.discard': ({ id }) => withRecord(state.current, state.current.outbox.discard(id)),
    'outbox.resolve': ({ id, choice }) => {
      const entry = state.current.outbox.resolve(id, choice);
      // Kept: it goes now (checked once more against the provider first).
      state.current.replayAfterReply();
      return withRecord(state.current, entry);
    },
    'outbox.edit': async ({ id, params }) => {
      const entry = await state.current.outbox.edit(id, params);
      // An edited conflict entry is queued again: it goes, as a queued edit does.
      if (entry.state === 'queued' && state.background) state.current.replayAfterReply();
      return withRecord(state.current, entry);
    },
    'outbox.markApplied': ({ id, serverId }) => {
      const entry = state.current.outbox.markApplied(id, serverId ?? null);
      // Edits that waited on it may go now.
      state.current.replayAfterReply();
      return withRecord(state.current, entry);
    },
    'outbox.recover': ({ account }) => recoverAccountOutbox(state, account),
  };
}

/**
 * The contacts a Contacts list shows (the same view as data.list): those a change is queued for, and how many
 * it skips because their deletion is queued (an edit of a contact about to go would be lost with it).
 */
export function shownContacts(state: DeskState, shown: NonNullable<ParsedInput<'contacts.bulkUpdate'>['shown']>): { sending: (number | LocalId)[]; skippedDeleting: number } {
  const rows = collectPages((after) => overlaidList(state.current, { resource: 'contacts', ...shown, after, limit: 1000 }));
  const sending = rows
    .filter((row) => row.pending !== 'delete')
    .map((row) => row.id)
    .filter((id) => typeof id === 'number' || isLocalId(id));
  return { sending, skippedDeleting: rows.length - sending.length };
}

