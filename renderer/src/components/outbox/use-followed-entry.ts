/** One add-order entry followed by its id: read once, then kept current from outbox.changed until its scope ends. */
import { onScopeDispose, shallowRef } from 'vue';
import type { OutboxEntry } from '../../../../shared/outbox/entry';
import { desk } from '../../bridge';

export function useFollowedOrder(id: number) {
  const entry = shallowRef<OutboxEntry | null>(null);
  onScopeDispose(
    desk().on('outbox.changed', ({ entries }) => {
      entry.value = entries.find((changed) => changed.id === id) ?? entry.value;
    }),
  );
  void desk()
    .call('outbox.list', { kind: 'add-order' })
    .then((all) => (entry.value ??= all.find((e) => e.id === id) ?? null))
    .catch(() => undefined);
  return entry;
}
