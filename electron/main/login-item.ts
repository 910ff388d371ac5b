/**
 * "Open at login": macOS and Windows through Electron's login item settings; Linux, where Electron has none,
 * through an XDG autostart entry (~/.config/autostart), which every freedesktop session reads.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { app } from 'electron';
import { AUTOSTART_FILE, autostartDir, autostartEntry } from './autostart.js';

export function applyOpenAtLogin(openAtLogin: boolean): void {
  if (process.platform !== 'linux') {
    app.setLoginItemSettings({ openAtLogin, args: ['--hidden'] });
    return;
  }
  const file = join(autostartDir(), AUTOSTART_FILE);
  if (!openAtLogin) return rmSync(file, { force: true });
  mkdirSync(autostartDir(), { recursive: true });
  writeFileSync(file, autostartEntry(app.name, process.env.APPIMAGE ?? process.execPath), { mode: 0o644 });
}
