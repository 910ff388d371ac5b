/** The composition root of the desktop app: the engine (Desk) on the user's data folder, the window, IPC, menu, notifications. */
import { app, BrowserWindow, dialog, ipcMain, Menu, Notification, session, shell } from 'electron';
import type { AppCommand } from '../../shared/contract.js';
import type { SyncSummary } from '../../shared/sync.js';
import { Desk } from '../core/desk/index.js';
import { openVault } from '../core/vault/index.js';
import { startDemoProvider } from '../demo-provider.js';
import { settleWithin } from '../../shared/settle-within.js';
import { appMenuTemplate } from './app-menu.js';
import { DeskBinding } from './ipc.js';
import { savePdf } from './print-pdf.js';
import { electronSettingsStore, windowStateStore } from './settings.js';
import { syncNotifications } from './sync-notifications.js';
import { createMainWindow, enforceContentSecurityPolicy } from './window.js';

/** How long quitting waits for the engine to close: the outbox is synchronous=FULL, so nothing queued is lost by not waiting longer. */
const QUIT_DEADLINE_MS = 5_000;

const log = (line: string) => console.error(`reseller-desk: ${line}`);

let desk: Desk | null = null;
let binding: DeskBinding | null = null;
const windowState = windowStateStore();

function openWindow(bound: DeskBinding): BrowserWindow {
  const window = createMainWindow(windowState, log);
  const detach = bound.attach(window);
  window.on('closed', detach);
  return window;
}

/** The window to act in: the focused one, else the first, else a new one. */
function frontWindow(): BrowserWindow | null {
  const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0] ?? (binding ? openWindow(binding) : null);
  if (window?.isMinimized()) window.restore();
  window?.focus();
  return window;
}

function sendCommand(command: AppCommand): void {
  const hadWindow = BrowserWindow.getAllWindows().length > 0;
  const window = frontWindow();
  if (!window) return;
  // A window opened just now (macOS keeps the app without one) hears the command once its page is up.
  if (hadWindow) binding?.send('app.command', command);
  else window.webContents.once('did-finish-load', () => binding?.send('app.command', command));
}

/** A sync's notable changes, as system notifications, while the user is in another app. */
async function notifyAbout(summary: SyncSummary, engine: Desk): Promise<void> {
  if (!Notification.isSupported() || BrowserWindow.getFocusedWindow() !== null) return;
  const { notifyKinds } = await engine.call('settings.get');
  for (const planned of syncNotifications(summary, notifyKinds)) {
    const notification = new Notification({ title: planned.title, body: planned.body });
    notification.on('click', () => (planned.open ? sendCommand(planned.open) : frontWindow()));
    notification.show();
  }
}

async function start(): Promise<void> {
  enforceContentSecurityPolicy(session.defaultSession);
  const vault = await openVault();
  const engine = await Desk.open({ dataDir: app.getPath('userData'), vault, settings: electronSettingsStore(), startDemoProvider });
  desk = engine;
  binding = new DeskBinding(engine, ipcMain, { 'print.savePdf': savePdf });
  engine.on('sync.summary', (summary) => void notifyAbout(summary, engine));
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      appMenuTemplate({
        appName: app.name,
        platform: process.platform,
        development: !app.isPackaged,
        command: (command) => sendCommand({ command }),
        openDataFolder: () => void shell.openPath(app.getPath('userData')),
      }),
    ),
  );
  // With no account set up, the app opens on the bundled sandbox provider's demo account.
  if ((await engine.call('accounts.list')).length === 0) await engine.call('accounts.demo');
  openWindow(binding);
}

// Windows shows an app's notifications under its AppUserModelID: the installer's (build/electron-builder.yml appId).
if (process.platform === 'win32') app.setAppUserModelId('app.resellerdesk.desktop');

// One instance per user: a second launch focuses the existing window.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => void frontWindow());

  void app
    .whenReady()
    .then(async () => {
      await start();
      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0 && binding) openWindow(binding);
      });
    })
    .catch((error: unknown) => {
      dialog.showErrorBox('Reseller Desk could not start', error instanceof Error ? error.message : String(error));
      app.exit(1);
    });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  app.on('will-quit', (event) => {
    if (!desk) return;
    event.preventDefault();
    const closing = desk;
    desk = null;
    binding?.dispose();
    binding = null;
    void settleWithin(closing.close(), QUIT_DEADLINE_MS)
      .then((settled) => {
        if (settled === 'timed-out') log(`the engine did not close within ${QUIT_DEADLINE_MS / 1000} s; quitting anyway (queued edits are on disk)`);
      })
      .finally(() => app.quit());
  });
}
