/**
 * settings.*: the app's settings; a new sync interval applies to the open session at once, and every window
 * hears of the change (settings.changed) to show a new language or theme without a reload. The issuer's logo is a
 * file in the data folder of its own (issuer-logo.ts).
 */
import type { HandlersOf } from './handlers.js';
import { readLogo, writeLogo } from './issuer-logo.js';
import type { DeskState } from './state.js';

export function settingsHandlers(state: DeskState): HandlersOf<'settings'> {
  return {
    'settings.get': () => state.settings.get(),
    'settings.set': (patch) => {
      const next = state.settings.set(patch);
      state.applyLogLevel();
      state.session?.setSyncInterval(next.syncIntervalMinutes);
      state.emit('settings.changed', next);
      return next;
    },
    'settings.logo': () => readLogo(state.options.dataDir),
    'settings.setLogo': ({ logo }) => writeLogo(state.options.dataDir, logo),
  };
}
