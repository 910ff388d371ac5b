/** The main window: sandboxed, isolated, under the renderer's CSP; it never navigates away and opens no windows. */
import { join } from 'node:path';
import { BrowserWindow, clipboard, Menu, screen, shell, type Session } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../../shared/csp.js';
import type { WindowStateStore } from './settings.js';
import { contextMenuTemplate } from './context-menu.js';
import { failureFragment, guardPageHealth, type PageFailure } from './page-health.js';
import type { ShellWords } from './shell-words.js';
import { MIN_SIZE, restoreWindowState } from './window-bounds.js';

function isSafeExternalUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** A link the user followed, in the system browser: http(s) only (never file:, smb:, custom schemes). */
function openInBrowser(url: string): void {
  // Reviewed for Electronegativity's OPEN_EXTERNAL_JS_CHECK: the one call, only after the scheme check above.
  if (isSafeExternalUrl(url)) void shell.openExternal(url); // eng-disable OPEN_EXTERNAL_JS_CHECK
}

/** Every response the window loads carries the CSP as a header too (the page's meta tag says the same). */
export function enforceContentSecurityPolicy(session: Session): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
  });
  // The page may write to the clipboard (copy buttons) and nothing else: no camera, location, page
  // notifications (the shell notifies on its behalf), …
  session.setPermissionRequestHandler((_contents, permission, callback) => callback(permission === 'clipboard-sanitized-write'));
}

export function createMainWindow(windowState: WindowStateStore, log: (line: string) => void, words: () => ShellWords): BrowserWindow {
  const state = restoreWindowState(windowState.get(), screen.getAllDisplays().map((display) => display.workArea));
  const win = new BrowserWindow({
    x: state.x,
    y: state.y,
    width: state.width,
    height: state.height,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    title: 'Reseller Desk',
    show: false,
    webPreferences: {
      // Reviewed for Electronegativity's PRELOAD_JS_CHECK: the preload exposes window.desk only (invoke and on,
      // restricted to the contract's names); the main process checks every sender and input again.
      preload: join(import.meta.dirname, '../preload/index.cjs'), // eng-disable PRELOAD_JS_CHECK
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      // A middle click would open a new window (denied below anyway): not even asked.
      disableBlinkFeatures: 'Auxclick',
    },
  });
  if (state.maximized) win.maximize();
  win.once('ready-to-show', () => win.show());
  win.on('close', () => windowState.set({ ...win.getNormalBounds(), maximized: win.isMaximized() }));

  // The app's routes change without navigating; a link that would navigate opens in the system browser.
  win.webContents.on('will-navigate', (event, url) => {
    event.preventDefault();
    openInBrowser(url);
  });
  win.webContents.setWindowOpenHandler(({ url }) => {
    openInBrowser(url);
    return { action: 'deny' };
  });
  win.webContents.on('will-attach-webview', (event) => event.preventDefault());
  win.webContents.on('context-menu', (_event, params) => {
    const template = contextMenuTemplate(params, {
      copyLink: (url) => clipboard.writeText(url),
      replaceMisspelling: (word) => win.webContents.replaceMisspelling(word),
      addToDictionary: (word) => win.webContents.session.addWordToSpellCheckerDictionary(word),
    }, words().contextMenu);
    if (template.length > 0) Menu.buildFromTemplate(template).popup({ window: win });
  });

  const rendererFile = (name: string) => join(import.meta.dirname, '../renderer', name);
  // A failed load is answered by did-fail-load (page-health.ts), not by the promise.
  const loads = {
    app() {
      const devServerUrl = process.env.ELECTRON_RENDERER_URL;
      (devServerUrl ? win.loadURL(devServerUrl) : win.loadFile(rendererFile('index.html'))).catch(() => undefined);
    },
    failure(failure: PageFailure) {
      win.loadFile(rendererFile('window-failed.html'), { hash: failureFragment(failure, words().language) }).catch(() => undefined);
    },
  };
  guardPageHealth(win, loads, log);
  loads.app();
  return win;
}
