/// <reference types="electron-vite/node" />
/**
 * The tray icon while the app runs without a window (Windows and Linux): its menu follows the outbox's counts.
 * macOS keeps the app in the dock instead, so there is no tray there.
 */
import { Menu, nativeImage, Tray } from 'electron';
import trayIconPath from '../../build/icons/32x32.png?asset';
import type { ShellWords } from './shell-words.js';
import { trayMenuTemplate, trayToolTip, type TrayActions, type TrayState } from './tray-menu.js';

export class DeskTray {
  private readonly tray: Tray;
  private state: TrayState = { waiting: 0, needsYou: 0 };

  constructor(
    private readonly appName: string,
    private readonly actions: TrayActions,
    private readonly words: () => ShellWords,
  ) {
    this.tray = new Tray(nativeImage.createFromPath(trayIconPath));
    // A click on the icon itself opens the window (Windows; most Linux trays show the menu instead).
    this.tray.on('click', () => actions.open());
    this.render();
  }

  show(state: TrayState): void {
    if (state.waiting === this.state.waiting && state.needsYou === this.state.needsYou) return;
    this.state = state;
    this.render();
  }

  dispose(): void {
    this.tray.destroy();
  }

  /** Drawn again in the language now chosen. */
  render(): void {
    const words = this.words().tray;
    this.tray.setToolTip(trayToolTip(this.appName, this.state, words));
    this.tray.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(this.appName, this.state, this.actions, words)));
  }
}
