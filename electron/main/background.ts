/**
 * The app while its window is closed (Windows and Linux; macOS keeps apps in the dock): the tray icon with the
 * outbox's state, the badge with what needs the person, "Open at login", and the one-time word that closing the
 * window did not quit. The engine keeps syncing and sending meanwhile: it lives in the main process.
 */
import { app, BrowserWindow, nativeImage, Notification } from 'electron';
import type { Settings } from '../../shared/contract.js';
import { outboxTally, type EntryState } from '../../shared/outbox/states.js';
import { BADGE_SCALE, BADGE_SIZE, drawBadge } from './badge-image.js';
import { applyOpenAtLogin } from './login-item.js';
import { newlyWaiting } from './newly-waiting.js';
import type { ShellFlags } from './settings.js';
import type { ShellWords } from './shell-words.js';
import { DeskTray } from './tray.js';
import type { TrayActions, TrayState } from './tray-menu.js';

export class Background {
  private tray: DeskTray | null = null;
  private state: TrayState = { waiting: 0, needsYou: 0 };
  private openAtLogin: boolean | null = null;
  /** Entries waiting because their record changed on the provider; null until the first count. */
  private changedOnProvider: number | null = null;

  constructor(
    private readonly actions: TrayActions,
    private readonly flags: ShellFlags,
    private readonly log: (line: string) => void,
    private readonly words: () => ShellWords,
  ) {}

  /** Whether closing the last window keeps the app running (in the tray, or in macOS's dock). */
  get keepsRunning(): boolean {
    return process.platform === 'darwin' || this.tray !== null;
  }

  /** The settings as saved: the tray shown or removed, the login item set. */
  apply(settings: Settings): void {
    const wantsTray = process.platform !== 'darwin' && settings.closeToTray;
    if (wantsTray && !this.tray) {
      this.tray = new DeskTray(app.name, this.actions, this.words);
      this.tray.show(this.state);
    } else if (wantsTray && this.tray) {
      // The language may have changed.
      this.tray.render();
    } else if (!wantsTray && this.tray) {
      this.tray.dispose();
      this.tray = null;
    }
    // The taskbar badge's words may be in another language now.
    for (const window of BrowserWindow.getAllWindows()) this.badgeWindow(window);
    if (settings.openAtLogin !== this.openAtLogin) {
      this.openAtLogin = settings.openAtLogin;
      try {
        applyOpenAtLogin(settings.openAtLogin);
      } catch (error) {
        this.log(`open at login could not be ${settings.openAtLogin ? 'set' : 'removed'}: ${(error as Error).message}`);
      }
    }
  }

  /** The outbox's counts: the tray's line and the badge (macOS's dock, Linux launchers that show one, Windows' taskbar). */
  showOutbox(counts: Readonly<Record<EntryState, number>>): void {
    const { waiting, needsYou } = outboxTally(counts);
    this.state = { waiting, needsYou };
    this.tray?.show(this.state);
    app.setBadgeCount(this.state.needsYou);
    for (const window of BrowserWindow.getAllWindows()) this.badgeWindow(window);
    const more = newlyWaiting(this.changedOnProvider, counts.conflict);
    this.changedOnProvider = counts.conflict;
    // The window says so itself (the outbox's badge) when the person is in it.
    if (more > 0 && BrowserWindow.getFocusedWindow() === null && Notification.isSupported()) {
      const words = this.words().waiting(more);
      const notification = new Notification(words);
      notification.on('click', () => this.actions.outbox());
      notification.show();
    }
  }

  /**
   * Windows has no badge count: a window's taskbar button shows the badge as an overlay icon, with the number in
   * words for a screen reader. Electron draws it on Windows and ignores it elsewhere (macOS and Linux show the
   * badge count), so it is set on every platform. A new window is given the badge as it opens.
   */
  badgeWindow(window: BrowserWindow): void {
    const pixels = drawBadge(this.state.needsYou);
    const image = pixels ? nativeImage.createFromBitmap(pixels, { width: BADGE_SIZE, height: BADGE_SIZE, scaleFactor: BADGE_SCALE }) : null;
    window.setOverlayIcon(image, pixels ? this.words().tray.needsYou(this.state.needsYou) : '');
  }

  /** The last window closed and the app goes on: said once, the first time. */
  windowClosed(): void {
    if (process.platform === 'darwin' || this.flags.get('trayNoticeShown')) return;
    this.flags.set('trayNoticeShown', true);
    if (!Notification.isSupported()) return;
    const words = this.words().stillRunning;
    new Notification({ title: words.title(app.name), body: words.body }).show();
  }

  dispose(): void {
    this.tray?.dispose();
    this.tray = null;
  }
}
