/**
 * A provider's status in words (lists.words.status, through useCodeWord's cachedCodeWord): every status the app colours has its
 * words in English (the provider's own) and in Italian, so an Italian screen does not show "Active" or
 * "Customer-Reply"; a status the app does not know shows as the provider sent it.
 */
import { createI18n } from 'vue-i18n';
import { describe, expect, it } from 'vitest';
import { en } from '../../../renderer/src/i18n/en';
import { it as italian } from '../../../renderer/src/i18n/it';
import { cachedCodeWord } from '../../../renderer/src/composables/code-word';
import type { WordSet } from '../../../shared/resource-fields';
import { KNOWN_STATUSES } from '../../../renderer/src/components/data-table/status-tone';

/** The words of a code in `locale`, as the screens' useCodeWord gives them. */
function codeWordIn(locale: 'en' | 'it') {
  const { t, te } = createI18n({ legacy: false, locale, fallbackLocale: 'en', messages: { en, it: italian } }).global;
  return (set: WordSet, value: unknown) => cachedCodeWord({ t: (key) => t(key), te: (key) => te(key, locale) }, locale, set, value);
}

const providerSpelling = (lower: string) => Object.keys(en.lists.words.status).find((key) => key.toLowerCase() === lower);

describe('a status in words', () => {
  it('every status the app colours has words, the provider’s own in English', () => {
    const missing = KNOWN_STATUSES.filter((status) => providerSpelling(status) === undefined);
    expect(missing).toEqual([]);
    for (const [status, words] of Object.entries(en.lists.words.status)) expect(words).toBe(status);
  });

  it('reads in Italian, and a status the app does not know stays as the provider sent it', () => {
    const italianWord = codeWordIn('it');
    expect(italianWord('status', 'Active')).toBe('Attivo');
    expect(italianWord('status', 'Customer-Reply')).toBe('Risposta cliente');
    expect(italianWord('status', 'Pending Transfer')).toBe('Trasferimento in attesa');
    expect(italianWord('status', 'Under Review')).toBe('Under Review');
    for (const status of KNOWN_STATUSES) expect(italianWord('status', providerSpelling(status))).not.toBe(providerSpelling(status));
    expect(codeWordIn('en')('status', 'Customer-Reply')).toBe('Customer-Reply');
  });
});

describe('words looked up once per language', () => {
  it('asks the messages once for a code, and again for another language', () => {
    const asked: string[] = [];
    const translator = (locale: string) => ({
      t: (key: string) => `${locale}:${key}`,
      te: (key: string) => (asked.push(`${locale}:${key}`), true),
    });
    // A locale of this test's own, so that no other test's lookups are in the cache.
    const first = cachedCodeWord(translator('xx'), 'xx', 'status', 'Active');
    expect(cachedCodeWord(translator('xx'), 'xx', 'status', 'Active')).toBe(first);
    expect(first).toBe('xx:lists.words.status.Active');
    expect(cachedCodeWord(translator('yy'), 'yy', 'status', 'Active')).toBe('yy:lists.words.status.Active');
    expect(cachedCodeWord(translator('xx'), 'xx', 'priority', 'Active')).toBe('xx:lists.words.priority.Active');
    expect(asked).toEqual(['xx:lists.words.status.Active', 'yy:lists.words.status.Active', 'xx:lists.words.priority.Active']);
    // A field with no word set shows its value, and asks nothing.
    expect(cachedCodeWord(translator('xx'), 'xx', undefined, 42)).toBe('42');
    expect(asked).toHaveLength(3);
  });
});
