/** outbox.* and contacts.bulkUpdate: queueing edits (replayed at once in the background) and managing the queue. */
import type { MutationKind } from '../../../shared/outbox/kinds.js';
import type { AnyMutationInput, Mutation } from '../../../shared/outbox/schemas.js';
import type { HandlersOf } from './handlers.js';
import type { DeskState } from './state.js';

export function outboxHandlers(state: DeskState): HandlersOf<'outbox', 'contacts.bulkUpdate'> {
  const enqueue = async (kind: MutationKind, params: AnyMutationInput) => {
    const entry = await state.current.outbox.enqueue({ kind, params } as Mutation);
    if (state.background) void state.current.replay();
    return entry;
  };
  return {
    'outbox.enqueue': ({ kind, params }) => enqueue(kind, params as AnyMutationInput),
    'contacts.bulkUpdate': async ({ contactIds, changes }) => {
      const entries = [];
      for (const contactid of contactIds) entries.push(await enqueue('update-contact', { ...changes, contactid } as AnyMutationInput));
      return entries;
    },
    'outbox.list': (input) => state.current.outbox.list(input ?? {}).reverse(),
    'outbox.counts': () => state.current.outbox.counts(),
    'outbox.retry': ({ id }) => {
      const entry = state.current.outbox.retry(id);
      void state.current.replay();
      return entry;
    },
    'outbox.edit': ({ id, params }) => state.current.outbox.edit(id, params as AnyMutationInput),
    'outbox.discard': ({ id }) => state.current.outbox.discard(id),
    'outbox.markApplied': ({ id, serverId }) => {
      const entry = state.current.outbox.markApplied(id, serverId ?? null);
      // Edits that waited on it may go now.
      void state.current.replay();
      return entry;
    },
  };
}
