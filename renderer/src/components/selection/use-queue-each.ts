/**
 * A selection action that queues one edit per selected record (outbox.enqueueAll, one transaction): reads the
 * records when its dialog opens (their names are shown first), and queues the edits the records give.
 */
import { ref, shallowRef, watch, type Ref } from 'vue';
import type { LinkTarget } from '../../../../shared/resource-fields';
import type { Mutation } from '../../../../shared/outbox/schemas';
import { desk } from '../../bridge';
import { useErrorWords } from '../../composables/error-words';
import type { Row } from '../../stores/list';
import { selectedRecords } from './selected-records';
import type { RowId } from './selection';

export function useQueueEach(resource: LinkTarget, ids: () => readonly RowId[], open: Ref<boolean>, mutationOf: (row: Row) => Mutation | null) {
  const { say } = useErrorWords();
  const rows = shallowRef<Row[] | null>(null);
  const busy = ref(false);
  const problem = ref<string | null>(null);

  watch(
    [open, ids],
    async ([isOpen]) => {
      rows.value = null;
      problem.value = null;
      if (!isOpen) return;
      try {
        rows.value = (await selectedRecords(resource, ids())).filter((row) => mutationOf(row) !== null);
      } catch (error) {
        rows.value = [];
        problem.value = say(error);
      }
    },
    { immediate: true },
  );

  /** Queues the edits; the number queued, or null when nothing was (the problem says why). */
  async function queue(): Promise<number | null> {
    if (!rows.value?.length) return null;
    busy.value = true;
    problem.value = null;
    try {
      const mutations = rows.value.map(mutationOf).filter((m): m is Mutation => m !== null);
      const entries = await desk().call('outbox.enqueueAll', { mutations });
      open.value = false;
      return entries.length;
    } catch (error) {
      problem.value = say(error);
      return null;
    } finally {
      busy.value = false;
    }
  }

  return { rows, busy, problem, queue };
}
