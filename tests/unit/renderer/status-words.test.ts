/**
 * A provider's status in words (lists.words.status, through useCodeWord's codeWordWith): every status the app colours has its
 * words in English (the provider's own) and in Italian, so an Italian screen does not show "Active" or
 * "Customer-Reply"; a status the app does not know shows as the provider sent it.
 */
import { createI18n } from 'vue-i18n';
import { describe, expect, it } from 'vitest';
import { en } from '../../../renderer/src/i18n/en';
import { it as italian } from '../../../renderer/src/i18n/it';
import { codeWordWith } from '../../../renderer/src/composables/code-word';
import type { WordSet } from '../../../shared/resource-fields';
import { KNOWN_STATUSES } from '../../../renderer/src/components/data-table/status-tone';

/** The words of a code in `locale`, as the screens' useCodeWord gives them. */
function codeWordIn(locale: 'en' | 'it') {
  const { t, te } = createI18n({ legacy: false, locale, fallbackLocale: 'en', messages: { en, it: italian } }).global;
  return (set: WordSet, value: unknown) => codeWordWith({ t: (key) => t(key), te: (key) => te(key, locale) }, set, value);
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
