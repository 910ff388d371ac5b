/** The app's settings, validated, in `settings.json` of the data folder (conf: the library under electron-store). */
import Conf from 'conf';
import { DEFAULT_SETTINGS, SettingsSchema, type Settings } from '../../shared/contract.js';

export interface SettingsStore {
  get(): Settings;
  set(patch: Partial<Settings>): Settings;
}

export class FileSettingsStore implements SettingsStore {
  private readonly conf: Conf<Settings>;

  constructor(dataDir: string) {
    this.conf = new Conf<Settings>({ cwd: dataDir, configName: 'settings', projectName: 'reseller-desk', defaults: DEFAULT_SETTINGS });
  }

  get(): Settings {
    // A hand-edited file with a bad value falls back to the defaults for that value rather than failing.
    const parsed = SettingsSchema.partial().safeParse(this.conf.store);
    return { ...DEFAULT_SETTINGS, ...(parsed.success ? parsed.data : {}) };
  }

  set(patch: Partial<Settings>): Settings {
    const next = SettingsSchema.parse({ ...this.get(), ...patch });
    this.conf.set(next);
    return next;
  }
}
