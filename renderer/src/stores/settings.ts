/**
 * The app's settings, kept by the engine (so the desktop shell and the web host share them), and their effect on
 * the page: the theme (theme.ts) and the language as vue-i18n's locale and <html lang>. A change saved in another
 * window or tab of the same host reaches the page as settings.changed and shows at once.
 */
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { Settings } from '../../../shared/contract';
import { desk } from '../bridge';
import { useDeskEvent } from '../composables/desk-event';
import { i18n, systemLocale, type Locale } from '../i18n';
import { showTheme } from '../theme';

export const useSettingsStore = defineStore('settings', () => {
  const settings = ref<Settings | null>(null);
  const locale = computed<Locale>(() => {
    const language = settings.value?.language ?? 'system';
    return language === 'system' ? systemLocale() : language;
  });

  async function load(): Promise<void> {
    settings.value = await desk().call('settings.get');
    apply();
  }

  useDeskEvent('settings.changed', (saved) => {
    settings.value = saved;
    apply();
  });

  /** Saves a change; the engine checks it, and a refusal comes back as a DeskCallError for the form. */
  async function update(patch: Partial<Settings>): Promise<void> {
    settings.value = await desk().call('settings.set', patch);
    apply();
  }

  function apply(): void {
    showTheme(settings.value?.theme ?? 'system');
    i18n.global.locale.value = locale.value;
    document.documentElement.lang = locale.value;
  }

  return { settings, locale, load, update };
});
