/**
 * The application menu: the usual roles (Edit, View with zoom and full screen, Window, Help) and the app's own
 * items, each with an accelerator, which ask the renderer to act (an app.command event). A template of plain
 * data, so it is tested without Electron.
 */
import type { MenuItemConstructorOptions } from 'electron';
import type { APP_COMMANDS } from '../../shared/contract.js';
import type { ShellWords } from './shell-words.js';

export type MenuCommand = (typeof APP_COMMANDS)[number];

export interface AppMenuOptions {
  appName: string;
  platform: NodeJS.Platform;
  /** Development builds add reload and the developer tools to View. */
  development: boolean;
  command(command: MenuCommand): void;
  openDataFolder(): void;
  /** Help › Export Diagnostics…: the diagnostics bundle, saved where the person chooses. */
  exportDiagnostics(): void;
  /** Present where the app updates itself (a packaged build, or a feed named for the run). */
  checkForUpdates: (() => void) | null;
  /** The app's own items' words (the OS words the roles: Copy, Paste, Quit…). */
  words: ShellWords['menu'];
}

export function appMenuTemplate(options: AppMenuOptions): MenuItemConstructorOptions[] {
  const { appName, platform, development, command, words } = options;
  const mac = platform === 'darwin';
  const item = (label: string, accelerator: string, name: MenuCommand): MenuItemConstructorOptions => ({
    label,
    accelerator,
    click: () => command(name),
  });
  const checkForUpdates: MenuItemConstructorOptions[] = options.checkForUpdates
    ? [{ label: words.checkForUpdates, click: () => options.checkForUpdates?.() }]
    : [];
  const preferences = item(mac ? words.settings : words.preferences, 'CmdOrCtrl+,', 'preferences');

  const appMenu: MenuItemConstructorOptions = {
    label: appName,
    submenu: [
      { role: 'about' },
      ...checkForUpdates,
      { type: 'separator' },
      preferences,
      { type: 'separator' },
      { role: 'services' },
      { type: 'separator' },
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      { type: 'separator' },
      { role: 'quit' },
    ],
  };
  const file: MenuItemConstructorOptions = {
    label: words.file,
    submenu: [
      item(words.newTicket, 'CmdOrCtrl+N', 'new-ticket'),
      item(words.newContact, 'CmdOrCtrl+Shift+N', 'new-contact'),
      { type: 'separator' },
      item(words.syncNow, 'CmdOrCtrl+R', 'sync'),
      item(words.outbox, 'CmdOrCtrl+Shift+O', 'outbox'),
      item(words.billing, 'CmdOrCtrl+Shift+B', 'billing'),
      ...(mac ? [] : [{ type: 'separator' } as const, preferences, { type: 'separator' } as const, { role: 'quit' } as const]),
    ],
  };
  const edit: MenuItemConstructorOptions = {
    label: words.edit,
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'pasteAndMatchStyle' },
      { role: 'delete' },
      { role: 'selectAll' },
      { type: 'separator' },
      item(words.search, 'CmdOrCtrl+K', 'search'),
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: words.view,
    submenu: [
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
      // Reload would lose the page's state and CmdOrCtrl+R is Sync Now: for development only.
      ...(development ? [{ type: 'separator' } as const, { role: 'forceReload' } as const, { role: 'toggleDevTools' } as const] : []),
    ],
  };
  const help: MenuItemConstructorOptions = {
    role: 'help',
    submenu: [
      ...(mac ? [] : checkForUpdates),
      { label: words.openDataFolder, click: () => options.openDataFolder() },
      { label: words.exportDiagnostics, click: () => options.exportDiagnostics() },
      ...(mac ? [] : [{ role: 'about' } as const]),
    ],
  };
  return [...(mac ? [appMenu] : []), file, edit, view, { role: 'windowMenu' }, help];
}
