/** Settings in the Electron shell: electron-store (conf underneath, like the engine's FileSettingsStore). */
import Store from 'electron-store';
import { DEFAULT_SETTINGS, SettingsSchema, type Settings } from '../../shared/contract.js';
import type { SettingsStore } from '../core/settings-store.js';

export class ElectronSettingsStore implements SettingsStore {
  private readonly store = new Store<Settings>({ name: 'settings', defaults: DEFAULT_SETTINGS });

  get(): Settings {
    const parsed = SettingsSchema.partial().safeParse(this.store.store);
    return { ...DEFAULT_SETTINGS, ...(parsed.success ? parsed.data : {}) };
  }

  set(patch: Partial<Settings>): Settings {
    const next = SettingsSchema.parse({ ...this.get(), ...patch });
    this.store.set(next);
    return next;
  }
}
