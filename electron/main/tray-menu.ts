/**
 * The tray icon's menu (Windows and Linux, where the app keeps syncing after its window is closed): Open, Sync
 * now, the outbox's state in a line that opens it, and Quit. A template of plain data, tested without Electron.
 */
import type { MenuItemConstructorOptions } from 'electron';
import type { ShellWords } from './shell-words.js';

export interface TrayState {
  /** Edits queued or being sent. */
  waiting: number;
  /** Edits that wait for the person (failed, needing review, changed on the provider). */
  needsYou: number;
}

export interface TrayActions {
  open(): void;
  sync(): void;
  outbox(): void;
  quit(): void;
}

type TrayWords = ShellWords['tray'];

export function trayMenuTemplate(appName: string, state: TrayState, actions: TrayActions, words: TrayWords): MenuItemConstructorOptions[] {
  return [
    { label: words.open(appName), click: () => actions.open() },
    { label: words.syncNow, click: () => actions.sync() },
    { label: words.outbox(state), click: () => actions.outbox() },
    { type: 'separator' },
    { label: words.quit(appName), click: () => actions.quit() },
  ];
}

/** The tray icon's tooltip: the app's name and, when something needs the person, how many. */
export function trayToolTip(appName: string, { needsYou }: TrayState, words: TrayWords): string {
  return needsYou > 0 ? `${appName} — ${words.needsYou(needsYou)}` : appName;
}
