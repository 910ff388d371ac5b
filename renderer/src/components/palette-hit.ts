/**
 * A search hit's details as the lists show the same values: statuses in the reader's words, dates and times in
 * the reader's language, amounts in the account's currency, "expires …" / "last reply …" in their words, the field
 * a record was found by with its name ("City: Reggio Emilia"). The
 * engine sends each detail as a value and what it is (shared/queries.ts's HitDetail); this words them.
 */
import { useI18n } from 'vue-i18n';
import type { HitDetail } from '../../../shared/queries';
import { useCodeWord } from '../composables/code-word';
import { useFormat } from '../composables/format';

const SEPARATOR = ' · ';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function useHitText() {
  const { t, te } = useI18n();
  const format = useFormat();
  const codeWord = useCodeWord();

  /** A day, or a moment (a ticket's last reply has its time). */
  const when = (value: string): string => (DATE.test(value) ? format.date(value) : format.dateTime(value));

  function detail({ kind, value, field }: HitDetail): string {
    switch (kind) {
      case 'status':
        return codeWord('status', value);
      case 'date':
        return when(value);
      case 'amount':
        return format.amount(value);
      case 'expires':
        return t('dashboard.palette.expires', { when: when(value) });
      case 'lastReply':
        return t('dashboard.palette.lastReply', { when: when(value) });
      case 'field':
        return t('dashboard.palette.foundBy', { field: te(`lists.field.${field}`) ? t(`lists.field.${field}`) : (field ?? ''), value });
      case 'text':
        return value;
    }
  }

  return (details: readonly HitDetail[]): string => details.map(detail).join(SEPARATOR);
}
