/**
 * Search as you type without a timer: one data.search in flight at a time; text typed meanwhile is searched
 * as soon as it returns (only the latest), so the hits follow the box with no delay added.
 */
import { ref, shallowRef } from 'vue';
import type { OverlaidSearchHit } from '../../../shared/queries';
import { desk } from '../bridge';
import { useErrorWords } from '../composables/error-words';

export const PALETTE_HIT_LIMIT = 20;
/**
 * Records are searched from two characters: one letter's 20 best of thousands of matches say little, and
 * ranking all those matches costs the engine several times what two letters or a word cost.
 */
const MIN_SEARCH_LENGTH = 2;

/** Whether the palette searches records for this text (or only its commands). */
export const searchesRecords = (text: string): boolean => text.trim().length >= MIN_SEARCH_LENGTH;

export function usePaletteSearch() {
  const hits = shallowRef<OverlaidSearchHit[]>([]);
  /** The text the shown hits are for. */
  const hitsFor = ref('');
  const { say } = useErrorWords();
  const error = ref<string | null>(null);
  let wanted = '';
  let inFlight = false;

  async function pump(): Promise<void> {
    if (inFlight) return;
    inFlight = true;
    try {
      while (hitsFor.value !== wanted) {
        const text = wanted;
        if (!searchesRecords(text)) {
          hits.value = [];
          hitsFor.value = text;
          continue;
        }
        try {
          const found = await desk().call('data.search', { text, limit: PALETTE_HIT_LIMIT });
          error.value = null;
          hits.value = found;
        } catch (e) {
          error.value = say(e);
          hits.value = [];
        }
        hitsFor.value = text;
      }
    } finally {
      inFlight = false;
    }
  }

  function search(text: string): void {
    wanted = text;
    void pump();
  }

  return { hits, hitsFor, error, search };
}
