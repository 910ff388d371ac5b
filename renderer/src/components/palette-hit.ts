/**
 * A search hit's subtitle as the lists show the same values: dates and times in the reader's language, amounts
 * in the account's currency, "expires …" / "last reply …" in their words. The engine sends the subtitle as its
 * parts joined by " · " (electron/core/resources/columns.ts's `joined`); each part is formatted on its own.
 */
import { useI18n } from 'vue-i18n';
import { useFormat } from '../composables/format';

const SEPARATOR = ' · ';
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/;
const AMOUNT = /^-?\d+\.\d{2}$/;
/** Parts the engine words in English, with the value after them. */
const WORDED = [
  { prefix: 'expires ', key: 'dashboard.palette.expires' },
  { prefix: 'last reply ', key: 'dashboard.palette.lastReply' },
] as const;

export function useHitText() {
  const { t } = useI18n();
  const format = useFormat();

  function value(text: string): string {
    if (DATE.test(text)) return format.date(text);
    if (DATE_TIME.test(text)) return format.dateTime(text);
    if (AMOUNT.test(text)) return format.amount(text);
    return text;
  }

  function part(text: string): string {
    const worded = WORDED.find(({ prefix }) => text.startsWith(prefix));
    return worded ? t(worded.key, { when: value(text.slice(worded.prefix.length)) }) : value(text);
  }

  return (subtitle: string): string => subtitle.split(SEPARATOR).map(part).join(SEPARATOR);
}
