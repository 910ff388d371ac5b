/**
 * The stand-in's `app`: the lifecycle Electron documents (ready; before-quit, the windows closed, will-quit,
 * quit, each preventable where Electron's is; window-all-closed when the last window closes outside a quit),
 * paths under the test's data folder, and the single-instance lock: held through a socket in the data folder
 * (as Electron's ProcessSingleton does on Linux), a second launch hands its arguments to the first
 * ('second-instance') and is told it has no lock.
 */
import { EventEmitter } from 'node:events';
import { existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { record } from './control.js';

type Preventable = { preventDefault(): void; readonly defaultPrevented: boolean };

function preventable(): Preventable {
  let prevented = false;
  return {
    preventDefault: () => void (prevented = true),
    get defaultPrevented() {
      return prevented;
    },
  };
}

/** What the app needs of its windows, without importing them (browser-window.ts imports this file). */
export interface AppWindows {
  all(): { close(): Promise<boolean> }[];
  shutdown(): Promise<void>;
}

const PACKAGE = JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as { name: string; productName?: string; version: string };

class StandinApp extends EventEmitter {
  readonly name = PACKAGE.productName ?? PACKAGE.name;
  readonly isPackaged = false;
  readonly commandLine = { appendSwitch: () => undefined, hasSwitch: () => false };
  private ready = false;
  private quitting = false;
  private exiting = false;
  private lockServer: Server | null = null;
  private pendingHandOver: Promise<void> | null = null;
  private windows: AppWindows | null = null;
  private readonly paths = new Map<string, string>();
  private badge = 0;

  constructor() {
    super();
    // Electron's userData on Linux: $XDG_CONFIG_HOME (or ~/.config) and the app's name, made private as
    // Chromium makes its directories on POSIX (0700).
    const userData = join(process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), this.name);
    mkdirSync(userData, { recursive: true, mode: 0o700 });
    this.paths.set('userData', userData);
    this.paths.set('home', homedir());
    this.paths.set('documents', join(homedir(), 'Documents'));
    this.paths.set('downloads', join(homedir(), 'Downloads'));
    this.paths.set('temp', process.env.TMPDIR ?? '/tmp');
    this.paths.set('logs', join(userData, 'logs'));
    // Electron is ready once its browser process has started: here, on the next turn.
    setImmediate(() => {
      this.ready = true;
      this.emit('ready', preventable(), {});
      record({ type: 'app-ready' });
    });
  }

  bindWindows(windows: AppWindows): void {
    this.windows = windows;
  }

  getName(): string {
    return this.name;
  }

  getVersion(): string {
    return PACKAGE.version;
  }

  getLocale(): string {
    return 'en-US';
  }

  getAppPath(): string {
    return resolve('.');
  }

  getPath(name: string): string {
    const path = this.paths.get(name);
    if (!path) throw new Error(`Failed to get '${name}' path`);
    return path;
  }

  setPath(name: string, path: string): void {
    this.paths.set(name, path);
  }

  isReady(): boolean {
    return this.ready;
  }

  whenReady(): Promise<void> {
    return this.ready ? Promise.resolve() : new Promise((done) => this.once('ready', () => done()));
  }

  setAppUserModelId(id: string): void {
    record({ type: 'app-user-model-id', id });
  }

  focus(): void {
    record({ type: 'app-focus' });
  }

  /** The dock's (macOS) or launcher's (Linux) badge. */
  setBadgeCount(count: number): boolean {
    this.badge = count;
    record({ type: 'badge', count });
    return true;
  }

  getBadgeCount(): number {
    return this.badge;
  }

  setLoginItemSettings(settings: Record<string, unknown>): void {
    record({ type: 'login-item', settings });
  }

  setAsDefaultProtocolClient(scheme: string): boolean {
    record({ type: 'protocol-client', scheme });
    return true;
  }

  /** Electron's lock is per user data folder: a socket there, answered by the instance that holds it. */
  requestSingleInstanceLock(): boolean {
    const socket = join(this.getPath('userData'), 'SingletonSocket');
    const holderAlive = existsSync(socket) && this.handOverTo(socket);
    if (holderAlive) return false;
    if (existsSync(socket)) unlinkSync(socket);
    this.lockServer = createServer((connection) => {
      let text = '';
      connection.on('data', (chunk) => (text += chunk));
      connection.on('end', () => {
        const { argv, workingDirectory } = JSON.parse(text) as { argv: string[]; workingDirectory: string };
        record({ type: 'second-instance', argv });
        this.emit('second-instance', preventable(), argv, workingDirectory, {});
      });
    });
    this.lockServer.listen(socket);
    this.lockServer.unref();
    writeFileSync(join(this.getPath('userData'), 'SingletonPid'), String(process.pid), { mode: 0o600 });
    return true;
  }

  /** Sends this launch's arguments to the holder of the lock; false when nobody holds it any more. */
  private handOverTo(socket: string): boolean {
    const holder = readFileSync(join(this.getPath('userData'), 'SingletonPid'), 'utf8');
    try {
      process.kill(Number(holder), 0);
    } catch {
      return false;
    }
    this.pendingHandOver = new Promise((done) => {
      const connection = connect(socket, () => connection.end(JSON.stringify({ argv: process.argv, workingDirectory: process.cwd() })));
      connection.on('close', () => done());
      connection.on('error', () => done());
    });
    return true;
  }

  hasSingleInstanceLock(): boolean {
    return this.lockServer !== null;
  }

  /** Electron's order: before-quit; every window asked to close; will-quit; quit; exit. */
  quit(): void {
    if (this.quitting) return;
    this.quitting = true;
    void this.runQuit().finally(() => (this.quitting = false));
  }

  private async runQuit(): Promise<void> {
    const beforeQuit = preventable();
    this.emit('before-quit', beforeQuit);
    if (beforeQuit.defaultPrevented) return record({ type: 'quit-prevented', by: 'before-quit' });
    for (const window of this.windows?.all() ?? []) {
      if (!(await window.close())) return record({ type: 'quit-prevented', by: 'window close' });
    }
    const willQuit = preventable();
    record({ type: 'will-quit' });
    this.emit('will-quit', willQuit);
    if (willQuit.defaultPrevented) return record({ type: 'quit-prevented', by: 'will-quit' });
    this.emit('quit', preventable(), 0);
    record({ type: 'quit' });
    await this.exitProcess(0);
  }

  exit(code = 0): void {
    record({ type: 'exit', code });
    void this.exitProcess(code);
  }

  /** The last window closed outside a quit: the app's listener decides; with none, Electron quits. */
  lastWindowClosed(): void {
    if (this.quitting) return;
    if (this.listenerCount('window-all-closed') > 0) this.emit('window-all-closed');
    else this.quit();
  }

  private async exitProcess(code: number): Promise<void> {
    if (this.exiting) return;
    this.exiting = true;
    await this.pendingHandOver;
    await this.windows?.shutdown();
    this.lockServer?.close();
    process.exit(code);
  }
}

export const app = new StandinApp();
