/**
 * The tray icon's menu (Windows and Linux, where the app keeps syncing after its window is closed): Open, Sync
 * now, the outbox's state in a line that opens it, and Quit. A template of plain data, tested without Electron.
 */
import type { MenuItemConstructorOptions } from 'electron';

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

/** The outbox's line: what needs the person first, then what is still to be sent. */
export function outboxLine({ waiting, needsYou }: TrayState): string {
  const edits = (n: number) => (n === 1 ? '1 edit' : `${n} edits`);
  const needs = `${edits(needsYou)} ${needsYou === 1 ? 'needs' : 'need'} you`;
  if (needsYou > 0 && waiting > 0) return `Outbox: ${needs}, ${waiting} to send`;
  if (needsYou > 0) return `Outbox: ${needs}`;
  if (waiting > 0) return `Outbox: ${edits(waiting)} to send`;
  return 'Outbox: nothing to send';
}

export function trayMenuTemplate(appName: string, state: TrayState, actions: TrayActions): MenuItemConstructorOptions[] {
  return [
    { label: `Open ${appName}`, click: () => actions.open() },
    { label: 'Sync Now', click: () => actions.sync() },
    { label: outboxLine(state), click: () => actions.outbox() },
    { type: 'separator' },
    { label: `Quit ${appName}`, click: () => actions.quit() },
  ];
}

/** The tray icon's tooltip: the app's name and, when something needs the person, how many. */
export function trayToolTip(appName: string, { needsYou }: TrayState): string {
  return needsYou > 0 ? `${appName} — ${outboxLine({ waiting: 0, needsYou }).replace('Outbox: ', '')}` : appName;
}
