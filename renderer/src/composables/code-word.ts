/** A provider's code in words (lists.words.<set>): a status, a product type, a priority; a code with no word shows as it is. */
import { useI18n } from 'vue-i18n';
import type { WordSet } from '../../../shared/resource-fields';

interface Translator {
  t(key: string): string;
  te(key: string): boolean;
}

export function codeWordWith({ t, te }: Translator, set: WordSet | undefined, value: unknown): string {
  // Most fields have no word set: they cost a table cell nothing here.
  if (!set) return String(value);
  const key = `lists.words.${set}.${String(value)}`;
  return te(key) ? t(key) : String(value);
}

export function useCodeWord(): (set: WordSet | undefined, value: unknown) => string {
  const { t, te } = useI18n();
  return (set, value) => codeWordWith({ t, te }, set, value);
}
