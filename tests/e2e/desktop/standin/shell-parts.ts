/**
 * The stand-in's Menu, Notification, dialog, shell and screen: each records what the app asked of the
 * operating system (for the test to assert) and refuses what Electron refuses (a menu item with no label,
 * role or type; an unknown role; the screen before the app is ready). The test clicks menu items and
 * notifications and answers dialogs through the control channel.
 */
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { app } from './app.js';
import { onCommand, record } from './control.js';

interface Template {
  label?: string;
  role?: string;
  type?: string;
  accelerator?: string;
  enabled?: boolean;
  submenu?: Template[] | StandinMenu;
  click?: (item: unknown, window: unknown, event: unknown) => void;
}

/** Electron's menu item roles (docs/api/menu-item.md). */
const ROLES = new Set(
  (
    'undo redo cut copy paste pasteAndMatchStyle delete selectAll reload forceReload toggleDevTools resetZoom zoomIn zoomOut ' +
    'toggleSpellChecker togglefullscreen window minimize close help about services hide hideOthers unhide quit ' +
    'showSubstitutions toggleSmartQuotes toggleSmartDashes toggleTextReplacement startSpeaking stopSpeaking zoom front ' +
    'appMenu fileMenu editMenu viewMenu shareMenu recentDocuments toggleTabBar selectNextTab selectPreviousTab showAllTabs ' +
    'mergeAllWindows clearRecentDocuments moveTabToNewWindow windowMenu'
  ).split(' '),
);

class StandinMenu {
  constructor(readonly items: Template[]) {}

  static buildFromTemplate(template: Template[]): StandinMenu {
    const check = (items: Template[]): void => {
      for (const item of items) {
        if (item.label === undefined && item.role === undefined && item.type === undefined) {
          throw new TypeError('Invalid template for MenuItem: must have at least one of label, role or type');
        }
        if (item.role !== undefined && !ROLES.has(item.role)) throw new Error(`Invalid role: ${item.role}`);
        if (Array.isArray(item.submenu)) check(item.submenu);
      }
    };
    check(template);
    return new StandinMenu(template);
  }

  static setApplicationMenu(menu: StandinMenu | null): void {
    applicationMenu = menu;
    record({ type: 'application-menu', menu: menu ? outline(menu.items) : null });
  }

  /** A menu shown where the pointer is (the right-click menu): recorded, and clicked by the test's command. */
  popup(): void {
    showPopup(this);
  }

  static getApplicationMenu(): StandinMenu | null {
    return applicationMenu;
  }
}

let applicationMenu: StandinMenu | null = null;
let poppedUp: StandinMenu | null = null;
function showPopup(menu: StandinMenu): void {
  poppedUp = menu;
  record({ type: 'context-menu', menu: outline(menu.items) });
}

/** A menu as the test reads it: each item's label (or role, or type), accelerator, whether enabled, submenu. */
export function outline(items: Template[]): unknown[] {
  return items.map((item) => ({
    label: item.label ?? item.role ?? item.type,
    accelerator: item.accelerator,
    enabled: item.enabled ?? true,
    submenu: Array.isArray(item.submenu) ? outline(item.submenu) : undefined,
  }));
}

/** A click on the item labelled `label` of `menu` (a role's item, e.g. 'copy', by its role). */
export function clickItem(menu: StandinMenu | null, label: string, kind: string): void {
  const found = menu?.items.find((item) => (item.label ?? item.role) === label);
  if (!found?.click) return record({ type: 'standin-error', message: `no ${kind} item ${label} with a click` });
  record({ type: `${kind}-click`, label });
  found.click(found, focusedWindow(), {});
}

onCommand('context-menu-click', ({ label }) => clickItem(poppedUp, label, 'context-menu'));
/** What a person's click on File › Sync Now does: the item's click, with the focused window. */
onCommand('menu', ({ path }) => {
  let items = applicationMenu?.items ?? [];
  let found: Template | undefined;
  for (const label of path) {
    found = items.find((item) => item.label?.replace(/&/g, '') === label || item.role === label);
    items = Array.isArray(found?.submenu) ? found.submenu : [];
  }
  if (!found?.click) return record({ type: 'standin-error', message: `no menu item ${path.join(' › ')} with a click` });
  record({ type: 'menu-click', path });
  found.click(found, focusedWindow(), {});
});

let focusedWindow: () => unknown = () => null;
export function setFocusedWindowSource(source: () => unknown): void {
  focusedWindow = source;
}

const notifications: StandinNotification[] = [];

class StandinNotification extends EventEmitter {
  static isSupported(): boolean {
    return true;
  }

  constructor(readonly options: { title?: string; body?: string }) {
    super();
  }

  show(): void {
    notifications.push(this);
    record({ type: 'notification', index: notifications.length - 1, title: this.options.title ?? '', body: this.options.body ?? '' });
  }

  close(): void {
    this.emit('close', {});
  }
}

onCommand('notification-click', ({ index }) => {
  const notification = notifications[index];
  if (!notification) return record({ type: 'standin-error', message: `no notification ${index}` });
  notification.emit('click', {});
});

const answers = new Map<string, Record<string, unknown>[]>();
onCommand('dialog-answer', ({ kind, answer }) => answers.set(kind, [...(answers.get(kind) ?? []), answer]));
const nextAnswer = (kind: string, otherwise: Record<string, unknown>) => answers.get(kind)?.shift() ?? otherwise;

/** `dialog.showXxx(window?, options)`: the window argument is optional, as in Electron. */
const optionsOf = (args: unknown[]) => (args.length > 1 ? args[1] : args[0]) as Record<string, unknown>;

export const dialog = {
  async showSaveDialog(...args: unknown[]) {
    record({ type: 'dialog', kind: 'save', options: optionsOf(args) });
    return nextAnswer('save', { canceled: true, filePath: '' });
  },
  async showOpenDialog(...args: unknown[]) {
    record({ type: 'dialog', kind: 'open', options: optionsOf(args) });
    return nextAnswer('open', { canceled: true, filePaths: [] });
  },
  async showMessageBox(...args: unknown[]) {
    record({ type: 'dialog', kind: 'message', options: optionsOf(args) });
    return nextAnswer('message', { response: 0, checkboxChecked: false });
  },
  showErrorBox(title: string, content: string): void {
    record({ type: 'dialog', kind: 'error', title, content });
    console.error(`${title}: ${content}`);
  },
};

/** The system clipboard: what the app wrote, recorded. */
export const clipboard = {
  writeText(text: string): void {
    record({ type: 'clipboard', text });
  },
};

/**
 * Images: from a file, Electron gives an empty image for a file that is not there (no error); from raw pixels
 * (toBitmap's format: 4 bytes a pixel), it refuses a buffer too short for the size it is told.
 */
export const nativeImage = {
  createFromPath(path: string) {
    const exists = existsSync(path);
    return { path, isEmpty: () => !exists };
  },
  createFromBitmap(buffer: Buffer, options: { width: number; height: number; scaleFactor?: number }) {
    if (buffer.length < options.width * options.height * 4) throw new Error('invalid buffer size');
    const scaleFactor = options.scaleFactor ?? 1;
    const bitmap = Buffer.from(buffer);
    return {
      isEmpty: () => options.width === 0 || options.height === 0,
      getSize: () => ({ width: options.width / scaleFactor, height: options.height / scaleFactor }),
      toBitmap: () => Buffer.from(bitmap),
      scaleFactor,
    };
  },
};

/** The tray icon (Windows, Linux): its menu and tooltip recorded, its items clicked by the test's command. */
class StandinTray extends EventEmitter {
  private menu: StandinMenu | null = null;

  constructor(readonly image: { path: string; isEmpty(): boolean }) {
    super();
    trays.add(this);
    record({ type: 'tray-created', icon: image.path, empty: image.isEmpty() });
  }

  setToolTip(text: string): void {
    record({ type: 'tray-tooltip', text });
  }

  setContextMenu(menu: StandinMenu | null): void {
    this.menu = menu;
    record({ type: 'tray-menu', menu: menu ? outline(menu.items) : null });
  }

  click(label: string): void {
    clickItem(this.menu, label, 'tray');
  }

  destroy(): void {
    trays.delete(this);
    record({ type: 'tray-destroyed' });
  }
}

const trays = new Set<StandinTray>();
onCommand('tray-click', ({ label }) => [...trays][0]?.click(label));

export const shell = {
  async openExternal(url: string): Promise<void> {
    record({ type: 'open-external', url });
  },
  async openPath(path: string): Promise<string> {
    record({ type: 'open-path', path });
    return '';
  },
  showItemInFolder(path: string): void {
    record({ type: 'show-item-in-folder', path });
  },
};

const DISPLAY = { id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 }, workArea: { x: 0, y: 0, width: 1920, height: 1040 }, scaleFactor: 1 };

function readyScreen(): void {
  if (!app.isReady()) throw new Error("The 'screen' module can't be used before the app 'ready' event");
}

export const screen = {
  getAllDisplays() {
    readyScreen();
    return [DISPLAY];
  },
  getPrimaryDisplay() {
    readyScreen();
    return DISPLAY;
  },
};

export { StandinMenu as Menu, StandinNotification as Notification, StandinTray as Tray };
