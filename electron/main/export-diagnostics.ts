/**
 * Help › Export diagnostics… in the desktop app: the engine's diagnostics bundle (core/diagnostics/collect.ts,
 * with this app's and Electron's versions) written where the person chooses in the system's save dialog.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { app, BrowserWindow, dialog } from 'electron';
import type { Desk } from '../core/desk/index.js';
import { PRIVATE_FILE_MODE } from '../core/storage/private-files.js';

export async function exportDiagnostics(engine: Desk): Promise<{ saved: string | null }> {
  const day = new Date().toISOString().slice(0, 10);
  const options = {
    title: 'Export Diagnostics',
    defaultPath: join(app.getPath('documents'), `reseller-desk-diagnostics-${day}.json`),
    filters: [{ name: 'JSON', extensions: ['json'] }],
  };
  const window = BrowserWindow.getFocusedWindow();
  const choice = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
  if (choice.canceled || !choice.filePath) return { saved: null };
  await writeFile(choice.filePath, engine.diagnostics({ app: app.getVersion(), electron: process.versions.electron ?? null }), { mode: PRIVATE_FILE_MODE });
  return { saved: choice.filePath };
}
