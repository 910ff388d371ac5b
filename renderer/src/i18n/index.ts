/**
 * Every string the renderer shows, in one place per language (vue-i18n, composition mode). Each area of the app
 * has its own message file per language, merged here; English is the fallback.
 */
import { createI18n } from 'vue-i18n';
import { en } from './en';
import { it } from './it';

export const LOCALES = ['en', 'it'] as const;
export type Locale = (typeof LOCALES)[number];

export function systemLocale(): Locale {
  const lang = navigator.language.slice(0, 2);
  return (LOCALES as readonly string[]).includes(lang) ? (lang as Locale) : 'en';
}

export const i18n = createI18n({
  legacy: false,
  locale: systemLocale(),
  fallbackLocale: 'en',
  messages: { en, it },
  // Numbers and dates are formatted with Intl directly (composables/format.ts), per the chosen locale.
});
