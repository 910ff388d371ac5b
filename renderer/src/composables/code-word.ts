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

/**
 * Each language's words already looked up, by set and code. A list scrolled fast words every status cell of every
 * row drawn, at every frame; vue-i18n's lookup made the most of the table's script time there. The messages are
 * fixed for the app's life, so a word, once found, stays true for its language.
 */
const wordsByLocale = new Map<string, Map<string, string>>();

/** codeWordWith, looked up once per language, set and code. */
export function cachedCodeWord(translator: Translator, locale: string, set: WordSet | undefined, value: unknown): string {
  if (!set) return String(value);
  let words = wordsByLocale.get(locale);
  if (!words) wordsByLocale.set(locale, (words = new Map()));
  const key = `${set}.${String(value)}`;
  let word = words.get(key);
  if (word === undefined) words.set(key, (word = codeWordWith(translator, set, value)));
  return word;
}

export function useCodeWord(): (set: WordSet | undefined, value: unknown) => string {
  const { t, te, locale } = useI18n();
  // Reading the locale makes a render that words a code depend on it: a change of language draws it again.
  return (set, value) => cachedCodeWord({ t, te }, locale.value, set, value);
}
