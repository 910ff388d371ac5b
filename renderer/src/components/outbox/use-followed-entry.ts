/** One add-order entry followed by its id: read once, then kept current from outbox.changed until its scope ends. */
import { shallowRef } from 'vue';
import type { OutboxEntry } from '../../../../shared/outbox/entry';
import { desk } from '../../bridge';
import { useDeskEvent } from '../../composables/desk-event';

export function useFollowedOrder(id: number) {
  const entry = shallowRef<OutboxEntry | null>(null);
  useDeskEvent('outbox.changed', ({ entries }) => {
    entry.value = entries.find((changed) => changed.id === id) ?? entry.value;
  });
  void desk()
    .call('outbox.list', { kind: 'add-order' })
    .then((all) => (entry.value ??= all.find((e) => e.id === id) ?? null))
    // Not read: the entry is followed from its next change instead (the confirmation waits for it).
    .catch(() => undefined);
  return entry;
}
