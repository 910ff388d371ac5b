/** Settings in the Electron shell: electron-store (conf underneath), validated like the engine's. */
import Store from 'electron-store';
import { DEFAULT_SETTINGS, type Settings } from '../../shared/contract.js';
import { ValidatedSettings, type SettingsStore } from '../core/settings-store.js';

export function electronSettingsStore(): SettingsStore {
  return new ValidatedSettings(new Store<Settings>({ name: 'settings', defaults: DEFAULT_SETTINGS }));
}
