/**
 * Why there is no keychain, as the connect form and Settings say it: every cause the engine gives
 * (KeychainFallback) has its own sentence in English and in Italian, and none is the keychain library's message.
 */
import { createI18n } from 'vue-i18n';
import { describe, expect, it } from 'vitest';
import { en } from '../../../renderer/src/i18n/en';
import { it as italian } from '../../../renderer/src/i18n/it';
import { KEYCHAIN_FALLBACK_WORDS } from '../../../renderer/src/composables/keychain-fallback';

describe('a memory vault, in words', () => {
  for (const locale of ['en', 'it'] as const) {
    it(`has a sentence of its own per cause in ${locale}`, () => {
      const { t, te } = createI18n({ legacy: false, locale, fallbackLocale: [], messages: { en, it: italian } }).global;
      const sentences = Object.values(KEYCHAIN_FALLBACK_WORDS).map((key) => {
        expect(te(key, locale), key).toBe(true);
        return t(key);
      });
      expect(new Set(sentences).size).toBe(sentences.length);
      for (const sentence of sentences) expect(sentence).not.toMatch(/platform storage|DBus|AccessDenied|ms\b/);
      expect(t('settings.accounts.vaultMemory', { why: sentences[0] })).toContain(sentences[0]);
    });
  }
});
