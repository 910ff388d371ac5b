/**
 * The renderer's half of shared/error-words.ts: any failure (a DeskCallError, a sync's or an entry's problem, a
 * kept message) said in the person's language, and its technical sentence for the Details disclosure.
 */
import { useI18n } from 'vue-i18n';
import { errorFactsOf, errorWords } from '../../../shared/error-words';

export function useErrorWords() {
  const { t } = useI18n();
  /** The sentence a person reads. */
  function say(error: unknown): string {
    const words = errorWords(errorFactsOf(error));
    return t(`errors.${words.key}`, words.params);
  }
  /** The technical sentence, or null when the sentence already says all of it. */
  function detail(error: unknown): string | null {
    const facts = errorFactsOf(error);
    return errorWords(facts).key === 'said' ? null : facts.detail;
  }
  return { say, detail };
}
