/** The shell's stores, through electron-store (conf underneath): the app's settings, validated like the engine's, and the window's state. */
import Store from 'electron-store';
import { DEFAULT_SETTINGS, type Settings } from '../../shared/contract.js';
import { ValidatedSettings, type SettingsStore } from '../core/settings-store.js';
import type { WindowState } from './window-bounds.js';

export function electronSettingsStore(): SettingsStore {
  return new ValidatedSettings(new Store<Settings>({ name: 'settings', defaults: DEFAULT_SETTINGS, configFileMode: 0o600 }));
}

/** The main window's last size, position and maximized state (read back through restoreWindowState). */
export interface WindowStateStore {
  get(): unknown;
  set(state: WindowState): void;
}

export function windowStateStore(): WindowStateStore {
  const store = new Store<{ window?: WindowState }>({ name: 'window-state', configFileMode: 0o600 });
  return { get: () => store.get('window'), set: (state) => store.set('window', state) };
}

/** What the shell remembers for itself: whether it said once that closing the window keeps the app running. */
export interface ShellFlags {
  get(flag: 'trayNoticeShown'): boolean;
  set(flag: 'trayNoticeShown', value: boolean): void;
}

export function shellFlagsStore(): ShellFlags {
  const store = new Store<{ trayNoticeShown?: boolean }>({ name: 'shell-state', configFileMode: 0o600 });
  return { get: (flag) => store.get(flag) === true, set: (flag, value) => store.set(flag, value) };
}
