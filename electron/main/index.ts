/**
 * The composition root of the desktop app: the engine (Desk) on the user's data folder, the window, IPC, menu,
 * notifications, the tray while the window is closed, and resellerdesk:// links.
 */
import { app, BrowserWindow, dialog, ipcMain, Menu, Notification, session, shell } from 'electron';
import type { AppCommand } from '../../shared/contract.js';
import { DEEP_LINK_SCHEME, deepLinkIn, deepLinkTo } from '../../shared/deep-link.js';
import type { SyncSummary } from '../../shared/sync.js';
import { Desk } from '../core/desk/index.js';
import { LogFile } from '../core/log/log-file.js';
import { systemProxy } from '../core/network/proxy-route.js';
import { openVault } from '../core/vault/index.js';
import { startDemoProvider } from '../demo-provider.js';
import { settleWithin } from '../../shared/settle-within.js';
import { appMenuTemplate } from './app-menu.js';
import { Background } from './background.js';
import { linkCommand } from './deep-links.js';
import { outboxIdle } from './outbox-idle.js';
import { SHELL_WORDS, shellLanguage, type ShellLanguage } from './shell-words.js';
import { Updates } from './updates.js';
import { exportDiagnostics } from './export-diagnostics.js';
import { DeskBinding } from './ipc.js';
import { savePdf } from './print-pdf.js';
import { electronSettingsStore, shellFlagsStore, windowStateStore } from './settings.js';
import { syncNotifications } from './sync-notifications.js';
import { createMainWindow, enforceContentSecurityPolicy } from './window.js';

/** How long quitting waits for the engine to close: the outbox is synchronous=FULL, so nothing queued is lost by not waiting longer. */
const QUIT_DEADLINE_MS = 5_000;

/** The data folder's log file: the shell's own lines and the engine's (its level follows the settings). */
const logFile = new LogFile(app.getPath('userData'));
const log = (line: string) => {
  console.error(`reseller-desk: ${line}`);
  logFile.write('warn', line);
};

/** The language of the shell's own words, from the Language setting (read at start, followed on change). */
let language: ShellLanguage = 'en';
const words = () => SHELL_WORDS[language];

let desk: Desk | null = null;
let binding: DeskBinding | null = null;
let background: Background | null = null;
let updates: Updates | null = null;
/** An update feed named for this run: the app then updates itself even unpackaged (to try a build against a local feed). */
const UPDATE_FEED = process.env.RESELLER_DESK_UPDATE_FEED ?? null;
const windowState = windowStateStore();
/** A link that came before the engine was ready (macOS's open-url at launch, a link among the arguments). */
let pendingLink: string | null = deepLinkIn(process.argv);

function openWindow(bound: DeskBinding): BrowserWindow {
  const window = createMainWindow(windowState, log, words);
  const detach = bound.attach(window);
  background?.badgeWindow(window);
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

/** Shows the record a resellerdesk:// link names (or just the window, with a word in the log, if it names none). */
async function openLink(url: string, engine: Desk): Promise<void> {
  const command = await linkCommand(url, engine).catch(() => null);
  if (command) return sendCommand(command);
  log(`the link ${url} names no record of this account`);
  frontWindow();
}

/** A sync's notable changes, as system notifications, while the user is in another app. */
async function notifyAbout(summary: SyncSummary, engine: Desk): Promise<void> {
  if (!Notification.isSupported() || BrowserWindow.getFocusedWindow() !== null) return;
  const { notifyKinds } = await engine.call('settings.get');
  for (const planned of syncNotifications(summary, notifyKinds, words().notifications)) {
    const notification = new Notification({ title: planned.title, body: planned.body });
    // A record opens as a resellerdesk:// link would open it: one route for both.
    const open = planned.open;
    notification.on('click', () => {
      if (open?.command === 'open-record') void openLink(deepLinkTo(open.resource, open.id), engine);
      else if (open) sendCommand(open);
      else frontWindow();
    });
    notification.show();
  }
}

async function start(): Promise<void> {
  enforceContentSecurityPolicy(session.defaultSession);
  const vault = await openVault();
  const engine = await Desk.open({
    dataDir: app.getPath('userData'),
    vault,
    settings: electronSettingsStore(),
    startDemoProvider,
    // The system's proxy for each provider address, PAC scripts included.
    proxy: systemProxy((url) => session.defaultSession.resolveProxy(url)),
    logFile,
  });
  desk = engine;
  binding = new DeskBinding(engine, ipcMain, { 'print.savePdf': savePdf });
  engine.on('sync.summary', (summary) => void notifyAbout(summary, engine));
  background = new Background(
    {
      open: () => void frontWindow(),
      sync: () => void engine.call('sync.run').catch((error: unknown) => log(`sync from the tray: ${(error as Error).message}`)),
      outbox: () => sendCommand({ command: 'outbox' }),
      quit: () => app.quit(),
    },
    shellFlagsStore(),
    log,
    words,
  );
  const shellBackground = background;
  const settings = await engine.call('settings.get');
  language = shellLanguage(settings.language, app.getLocale());
  shellBackground.apply(settings);
  engine.on('settings.changed', (changed) => {
    language = shellLanguage(changed.language, app.getLocale());
    shellBackground.apply(changed);
  });
  engine.on('outbox.changed', ({ counts }) => shellBackground.showOutbox(counts));
  if (Updates.enabled(UPDATE_FEED)) updates = new Updates({ log, whenIdle: () => outboxIdle(engine), feedUrl: UPDATE_FEED, words });
  const appUpdates = updates;
  /** The menu in the language now chosen: set at start and again when the Language setting changes. */
  const setMenu = () =>
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        appMenuTemplate({
          appName: app.name,
          platform: process.platform,
          development: !app.isPackaged,
          command: (command) => sendCommand({ command }),
          openDataFolder: () => void shell.openPath(app.getPath('userData')),
          exportDiagnostics: () => void exportDiagnostics(engine).catch((error: unknown) => log(`exporting diagnostics: ${(error as Error).message}`)),
          checkForUpdates: appUpdates ? () => void appUpdates.check(true) : null,
          words: words().menu,
        }),
      ),
    );
  setMenu();
  engine.on('settings.changed', setMenu);
  // With no account set up, the app opens on the bundled sandbox provider's demo account.
  if ((await engine.call('accounts.list')).length === 0) await engine.call('accounts.demo');
  shellBackground.showOutbox(await engine.call('outbox.counts'));
  updates?.start();
  // Reviewed for Electronegativity's PROTOCOL_HANDLER_JS_CHECK: a link is parsed by shared/deep-link.ts into a
  // resource and a record, and only chooses which record the window shows; nothing else is read from it.
  if (app.isPackaged) app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME); // eng-disable PROTOCOL_HANDLER_JS_CHECK
  // Started at login with the tray on: syncing, without a window until the person opens one.
  const hidden = process.argv.includes('--hidden') && background.keepsRunning && process.platform !== 'darwin';
  if (!hidden) openWindow(binding);
  if (pendingLink) void openLink(pendingLink, engine);
  pendingLink = null;
}

// Windows shows an app's notifications under its AppUserModelID: the installer's (build/electron-builder.yml appId).
if (process.platform === 'win32') app.setAppUserModelId('app.resellerdesk.desktop');

// One instance per user: a second launch focuses the existing window.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', (_event, argv) => {
    const link = deepLinkIn(argv);
    if (link && desk) void openLink(link, desk);
    else frontWindow();
  });
  // macOS hands links to the running app (or to the app it starts) here.
  app.on('open-url', (event, url) => {
    event.preventDefault();
    if (desk) void openLink(url, desk);
    else pendingLink = url;
  });

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

  // Closing the last window keeps the app syncing in the tray (Windows, Linux) or the dock (macOS).
  app.on('window-all-closed', () => {
    if (!background?.keepsRunning) return app.quit();
    background.windowClosed();
  });

  app.on('will-quit', (event) => {
    if (!desk) return;
    event.preventDefault();
    const closing = desk;
    desk = null;
    binding?.dispose();
    binding = null;
    background?.dispose();
    background = null;
    updates?.dispose();
    updates = null;
    void settleWithin(closing.dispose(), QUIT_DEADLINE_MS)
      .then((settled) => {
        if (settled === 'timed-out') log(`the engine did not close within ${QUIT_DEADLINE_MS / 1000} s; quitting anyway (queued edits are on disk)`);
      })
      .finally(() => app.quit());
  });
}
