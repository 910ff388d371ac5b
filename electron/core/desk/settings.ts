/** settings.*: the app's settings; a new sync interval applies to the open session at once. */
import type { HandlersOf } from './handlers.js';
import type { DeskState } from './state.js';

export function settingsHandlers(state: DeskState): HandlersOf<'settings'> {
  return {
    'settings.get': () => state.settings.get(),
    'settings.set': (patch) => {
      const next = state.settings.set(patch);
      state.session?.setSyncInterval(next.syncIntervalMinutes);
      return next;
    },
  };
}
