import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileSettingsStore } from '../../electron/core/settings-store.js';
import { DEFAULT_SETTINGS } from '../../shared/contract.js';

let dir: string;
const fresh = () => (dir = mkdtempSync(join(tmpdir(), 'rd-settings-')));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('settings store', () => {
  it('starts from the defaults and keeps a valid change across reopening', () => {
    const settings = fileSettingsStore(fresh());
    expect(settings.get()).toEqual(DEFAULT_SETTINGS);
    expect(settings.set({ syncIntervalMinutes: 5 })).toEqual({ ...DEFAULT_SETTINGS, syncIntervalMinutes: 5 });
    expect(fileSettingsStore(dir).get().syncIntervalMinutes).toBe(5);
  });

  it('refuses an invalid value and keeps the previous one', () => {
    const settings = fileSettingsStore(fresh());
    expect(() => settings.set({ syncIntervalMinutes: -1 })).toThrow();
    expect(settings.get().syncIntervalMinutes).toBe(DEFAULT_SETTINGS.syncIntervalMinutes);
  });

  it('falls back to the defaults when the file was edited into something invalid', () => {
    writeFileSync(join(fresh(), 'settings.json'), JSON.stringify({ syncIntervalMinutes: 'often' }));
    expect(fileSettingsStore(dir).get()).toEqual(DEFAULT_SETTINGS);
  });
});
