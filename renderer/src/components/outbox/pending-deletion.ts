/**
 * Undo of a deletion not sent yet: the pending delete entry of a record (one of its pendingEntryIds) is
 * discarded, and the record shows as it was.
 */
import { DELETE_KINDS } from '../../../../shared/outbox/definitions';
import { PENDING_STATES } from '../../../../shared/outbox/states';
import { desk } from '../../bridge';
import { useOutboxStore } from '../../stores/outbox';

export function usePendingDeletion() {
  const outbox = useOutboxStore();
  return async function undo(pendingEntryIds: readonly number[]): Promise<void> {
    const entries = await desk().call('outbox.list', { states: [...PENDING_STATES] });
    const deletion = entries.find((e) => DELETE_KINDS.includes(e.kind) && pendingEntryIds.includes(e.id));
    if (deletion) outbox.put(await desk().call('outbox.discard', { id: deletion.id }));
  };
}
