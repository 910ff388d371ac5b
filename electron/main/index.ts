/** The composition root of the desktop app: the engine (Desk) on the user's data folder, one window, IPC. */
import { app, BrowserWindow } from 'electron';
import { Desk } from '../core/desk.js';
import { openVault } from '../core/vault/index.js';
import { startDemoProvider } from '../demo-provider.js';
import { bindDesk } from './ipc.js';
import { electronSettingsStore } from './settings.js';
import { createMainWindow } from './window.js';

let desk: Desk | null = null;

async function openWindow(engine: Desk): Promise<void> {
  const window = createMainWindow();
  const unbind = bindDesk(engine, window);
  window.on('closed', unbind);
}

async function start(): Promise<void> {
  const vault = await openVault();
  desk = await Desk.open({ dataDir: app.getPath('userData'), vault, settings: electronSettingsStore(), startDemoProvider });
  // With no account set up, the app opens on the bundled sandbox provider's demo account.
  if (desk.accounts.list().length === 0) await desk.call('accounts.demo');
  await openWindow(desk);
}

// One instance per user: a second launch focuses the existing window.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    const [win] = BrowserWindow.getAllWindows();
    if (win) {
      if (win.isMinimized()) win.restore();
      win.focus();
    }
  });

  void app.whenReady().then(async () => {
    await start();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0 && desk) void openWindow(desk);
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  app.on('will-quit', (event) => {
    if (!desk) return;
    event.preventDefault();
    const closing = desk;
    desk = null;
    void closing.close().finally(() => app.quit());
  });
}
