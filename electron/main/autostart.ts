/** The Linux login entry of "Open at login": an XDG autostart file (electron/main/login-item.ts writes it). */
import { join } from 'node:path';
import { defaultDataDir } from '../core/data-dir.js';

export const AUTOSTART_FILE = 'reseller-desk.desktop';

/** Where a freedesktop session looks for programs to start at login. */
export function autostartDir(env: NodeJS.ProcessEnv = process.env): string {
  // The same base folder as the app's data folder on Linux ($XDG_CONFIG_HOME or ~/.config).
  return join(defaultDataDir(env, 'linux'), '..', 'autostart');
}

/** The autostart entry: the AppImage's own path when the app runs from one (its mount path changes each run). */
export function autostartEntry(appName: string, executable: string): string {
  return ['[Desktop Entry]', 'Type=Application', `Name=${appName}`, `Exec="${executable}" --hidden`, 'X-GNOME-Autostart-enabled=true', ''].join('\n');
}
