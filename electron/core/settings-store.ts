/** The app's settings, validated, in a conf file (`settings.json` of the data folder; electron-store in the shell). */
import Conf from 'conf';
import { DEFAULT_SETTINGS, SettingsSchema, type Settings } from '../../shared/contract.js';
import { PRIVATE_FILE_MODE } from './storage/private-files.js';

export interface SettingsStore {
  get(): Settings;
  set(patch: Partial<Settings>): Settings;
}

/** What conf and electron-store (built on conf) both offer. */
interface SettingsFile {
  readonly store: unknown;
  set(value: Settings): void;
}

export class ValidatedSettings implements SettingsStore {
  constructor(private readonly file: SettingsFile) {}

  get(): Settings {
    // A hand-edited file with a bad value falls back to the defaults for that value rather than failing.
    const parsed = SettingsSchema.partial().safeParse(this.file.store);
    return { ...DEFAULT_SETTINGS, ...(parsed.success ? parsed.data : {}) };
  }

  set(patch: Partial<Settings>): Settings {
    const next = SettingsSchema.parse({ ...this.get(), ...patch });
    this.file.set(next);
    return next;
  }
}

export function fileSettingsStore(dataDir: string): SettingsStore {
  return new ValidatedSettings(new Conf<Settings>({ cwd: dataDir, configName: 'settings', projectName: 'reseller-desk', defaults: DEFAULT_SETTINGS, configFileMode: PRIVATE_FILE_MODE }));
}
