// A main process for the stand-in's own spec (standin.spec.ts): one window whose preload tries what Electron's
// sandbox refuses, and an ipcMain handler that answers with values of every kind the spec crosses.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { app, BrowserWindow, ipcMain } from 'electron';

class Account {
  constructor() {
    this.name = 'Main';
  }
  get secret() {
    return 'never crosses';
  }
}

ipcMain.handle('probe:echo', (event, value) => ({ value, trusted: event.senderFrame === BrowserWindow.getAllWindows()[0]?.webContents.mainFrame }));
ipcMain.handle('probe:throws', () => {
  throw new Error('refused by the main process');
});
ipcMain.handle('probe:function', () => () => 1);
ipcMain.handle('probe:instance', () => new Account());
// A package that requires electron (CommonJS) gets the same app as this import.
ipcMain.handle('probe:one-electron', () => createRequire(import.meta.url)('electron').app === app);

await app.whenReady();
const window = new BrowserWindow({ show: true, webPreferences: { preload: join(import.meta.dirname, 'preload.cjs'), sandbox: true, contextIsolation: true } });
await window.loadFile(join(import.meta.dirname, 'page.html'));
