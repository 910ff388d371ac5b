/**
 * Numbers a person types, read in their language's format (shared/typed-number.ts): the separators to read
 * with, and why a text cannot be read, in words with an example written as the language writes it.
 */
import { computed } from 'vue';
import { useI18n } from 'vue-i18n';
import { separatorsOf, type TypedNumberProblem } from '../../../shared/typed-number';

export type TypedKind = 'amount' | 'rate';

export function useTypedNumbers() {
  const { locale, t } = useI18n();
  const separators = computed(() => separatorsOf(locale.value));
  const examples = computed(() => ({
    amount: new Intl.NumberFormat(locale.value, { minimumFractionDigits: 2, useGrouping: 'always' }).format(1250.5),
    rate: new Intl.NumberFormat(locale.value).format(5.5),
  }));
  /** Why the text cannot be read, e.g. "cannot be read in English: write it as 1,250.50". */
  function problemWords(problem: TypedNumberProblem, kind: TypedKind): string {
    return t(`forms.typed.${problem}`, { example: examples.value[kind], places: kind === 'amount' ? 2 : 4 });
  }
  /** An empty amount field's placeholder: 0.00, or 0,00. */
  const zero = computed(() => new Intl.NumberFormat(locale.value, { minimumFractionDigits: 2 }).format(0));
  return { separators, problemWords, zero };
}
