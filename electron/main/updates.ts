/**
 * Updates through electron-updater, from the feed electron-builder publishes to (build/electron-builder.yml,
 * `publish`: a generic HTTPS feed whose URL is set at build time): a check at start and every few hours, "Check
 * for Updates…" in the menu, the download in the background, and "Restart to Update" once it is ready — a
 * restart that waits for any edit being sent (the outbox is durable either way). Off in development unless a feed
 * is named for the run (RESELLER_DESK_UPDATE_FEED, to try a build against a local feed), and absent from the web
 * host and the command line.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { app, dialog } from 'electron';
import electronUpdater, { type UpdateInfo } from 'electron-updater';
import type { ShellWords } from './shell-words.js';
import { updateFailureWords } from './update-words.js';

const { autoUpdater } = electronUpdater;
const CHECK_EVERY_MS = 4 * 60 * 60 * 1000;

export interface UpdatesOptions {
  log(line: string): void;
  /** Resolves once no edit is being sent. */
  whenIdle(): Promise<void>;
  /** A feed for this run, when named (RESELLER_DESK_UPDATE_FEED). */
  feedUrl: string | null;
  words(): ShellWords;
}

export class Updates {
  private timer: ReturnType<typeof setInterval> | null = null;
  /** The person asked (the menu): tell them the outcome, even "nothing new". */
  private asked = false;

  constructor(private readonly options: UpdatesOptions) {}

  /** Whether this run updates itself: a packaged app, or one given a feed to try. */
  static enabled(feedUrl: string | null): boolean {
    return app.isPackaged || feedUrl !== null;
  }

  start(): void {
    const { log, feedUrl } = this.options;
    autoUpdater.logger = { info: (m: unknown) => log(`update: ${String(m)}`), warn: (m: unknown) => log(`update: ${String(m)}`), error: (m: unknown) => log(`update: ${String(m)}`), debug: () => undefined };
    autoUpdater.autoDownload = true;
    autoUpdater.autoInstallOnAppQuit = true;
    if (feedUrl) {
      // What electron-builder writes into a packaged app (resources/app-update.yml), for this feed (JSON is YAML).
      const config = join(app.getPath('userData'), 'update-feed.yml');
      writeFileSync(config, JSON.stringify({ provider: 'generic', url: feedUrl, updaterCacheDirName: 'reseller-desk-updater' }), { mode: 0o600 });
      autoUpdater.updateConfigPath = config;
      autoUpdater.forceDevUpdateConfig = true;
    }
    autoUpdater.on('update-downloaded', (info) => void this.offerRestart(info));
    autoUpdater.on('error', (error) => this.failed(error));
    void this.check(false);
    this.timer = setInterval(() => void this.check(false), CHECK_EVERY_MS);
  }

  /** A check: at start, every few hours, or asked from the menu (which says what it found). */
  async check(asked: boolean): Promise<void> {
    this.asked = asked;
    try {
      const result = await autoUpdater.checkForUpdates();
      // A failed download is said through the 'error' event: its promise is not left rejected unheard.
      result?.downloadPromise?.catch(() => undefined);
      if (!asked) return;
      const words = this.options.words().updates;
      const said = result?.isUpdateAvailable ? words.downloading(app.name, result.updateInfo.version) : words.upToDate(app.name, app.getVersion());
      await dialog.showMessageBox({ type: 'info', ...said });
    } catch (error) {
      this.failed(error);
    }
  }

  dispose(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private failed(error: unknown): void {
    const words = updateFailureWords(error);
    this.options.log(`update: ${words}`);
    if (!this.asked) return;
    this.asked = false;
    void dialog.showMessageBox({ type: 'warning', message: this.options.words().updates.failed, detail: words });
  }

  private async offerRestart(info: UpdateInfo): Promise<void> {
    const ready = this.options.words().updates.ready(app.name, info.version);
    const { response } = await dialog.showMessageBox({
      type: 'info',
      message: ready.message,
      detail: ready.detail,
      buttons: [ready.restart, ready.later],
      defaultId: 0,
      cancelId: 1,
    });
    if (response !== 0) return;
    await this.options.whenIdle();
    this.options.log(`update: restarting to install ${info.version}`);
    autoUpdater.quitAndInstall();
  }
}
