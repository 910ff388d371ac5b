/** A conflict in the app's words: its messages in the person's language, fields labelled as the forms label them. */
import { useI18n } from 'vue-i18n';
import type { EntryConflict } from '../../../../shared/outbox/conflict';
import { useFormat } from '../../composables/format';
import { conflictWords, type ConflictWords } from './conflict-words';
import { useEntryWords } from './entry-summary';

export function useConflictWords(): (conflict: EntryConflict) => ConflictWords {
  const { t, locale } = useI18n();
  const format = useFormat();
  const { labelOf } = useEntryWords();
  return (conflict) => conflictWords(conflict, { t, locale: locale.value, labelOf, bool: format.bool, date: format.date });
}
