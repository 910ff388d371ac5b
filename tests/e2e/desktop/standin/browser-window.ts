/**
 * The stand-in's BrowserWindow and webContents, each window a real Chromium page (Playwright, on a browser
 * launched for this process with a DevTools port the test connects to):
 * - `loadFile` serves the file from disk through the page's route under a stand-in origin (file.localhost),
 *   with the headers the main process's onHeadersReceived gives, so that its CSP is the one in force;
 * - the **built** preload runs in the page before any page script, under Electron's sandboxed-preload rules
 *   (page-runtime.js); `ipcRenderer.invoke` reaches `ipcMain` with the sender's webContents and frame;
 * - a navigation the page starts asks `will-navigate` first (prevented: aborted); a new window the page asks
 *   for asks `setWindowOpenHandler` (denied: never opened);
 * - `printToPDF` is Chromium's own PDF; `render-process-gone`, `did-fail-load`, `did-finish-load`,
 *   `dom-ready`, `did-navigate-in-page` and `ready-to-show` come from the page's events.
 */
import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Frame, type Page, type Request, type Route } from '@playwright/test';
import { app } from './app.js';
import { onCommand, record } from './control.js';
import { ipcMain } from './ipc-main.js';
import { preloadScript } from './preload-script.js';
import { applyHeadersReceived, defaultSession, grantedPermissions } from './session.js';
import { setFocusedWindowSource } from './shell-parts.js';

/** Where a loaded file appears to the page: a stand-in for file:// that a route can answer with headers. */
const FILE_ORIGIN = 'http://file.localhost';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/**
 * Files the test has made unreadable (STANDIN_UNREADABLE, paths from the project folder, comma-separated): a
 * damaged install. The test's repair-files command makes them readable again.
 */
const unreadable = new Set((process.env.STANDIN_UNREADABLE ?? '').split(',').filter(Boolean).map((path) => resolve(path)));
onCommand('repair-files', () => unreadable.clear());

const toPageUrl = (fileUrl: string): string => `${FILE_ORIGIN}${fileUrl.slice('file://'.length)}`;
const toFileUrl = (pageUrl: string): string => (pageUrl.startsWith(`${FILE_ORIGIN}/`) ? `file://${pageUrl.slice(FILE_ORIGIN.length)}` : pageUrl);

let browser: Promise<BrowserContext> | null = null;
const windows = new Set<StandinBrowserWindow>();
let focused: StandinBrowserWindow | null = null;
const focusWindow = (window: StandinBrowserWindow) => (focused = window);

/** One browser per process, started with the first window; its DevTools address goes to the test. */
function launchedBrowser(): Promise<BrowserContext> {
  browser ??= (async () => {
    const profile = mkdtempSync(join(tmpdir(), 'rd-standin-browser-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: [...CHROMIUM_ARGS, '--remote-debugging-port=0'],
      viewport: { width: 1440, height: 900 },
    });
    await context.route('**/*', (route) => answer(route));
    const port = readFileSync(join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0];
    record({ type: 'browser', cdp: `http://127.0.0.1:${port}` });
    return context;
  })();
  return browser;
}

/** Every request of every page: the window's navigation rules, then the file or the network, then the headers. */
async function answer(route: Route): Promise<void> {
  const request = route.request();
  const frame = frameOfRequest(request);
  // A navigation whose frame does not exist yet is a new window's: the page asked to open one.
  if (!frame) return openedWindow(route);
  const window = [...windows].find((w) => w.webContents.page === frame.page());
  if (window && request.isNavigationRequest() && frame === frame.page().mainFrame() && !window.webContents.takeExpectedNavigation(request.url())) {
    if (window.webContents.askWillNavigate(toFileUrl(request.url()))) return route.abort('aborted');
  }
  const url = request.url();
  let status = 200;
  let body: Buffer;
  let headers: Record<string, string[] | string>;
  if (url.startsWith(`${FILE_ORIGIN}/`)) {
    const path = fileURLToPath(toFileUrl(url.split(/[?#]/)[0]!));
    try {
      if (unreadable.has(path)) throw new Error(`${path} is unreadable (the test's damaged install)`);
      body = await readFile(path);
    } catch {
      return route.abort('failed');
    }
    headers = { 'Content-Type': [MIME[extname(path)] ?? 'application/octet-stream'] };
  } else {
    try {
      const response = await route.fetch();
      status = response.status();
      body = await response.body();
      headers = response.headers();
    } catch {
      return route.abort('failed');
    }
  }
  const applied = await applyHeadersReceived({ url: toFileUrl(url), method: request.method(), resourceType: request.resourceType(), statusCode: status, responseHeaders: headers });
  if (applied === null) return route.abort('blockedbyclient');
  const flat = Object.fromEntries(Object.entries(applied).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]));
  await route.fulfill({ status, body, headers: flat });
}

function frameOfRequest(request: Request): Frame | null {
  try {
    return request.frame();
  } catch {
    return null;
  }
}

/**
 * A window the page asked for (a link with target=_blank, window.open): the handler of the window it came from
 * decides, before anything loads in it (a link opened without opener names no window: the focused one asked).
 * The stand-in opens no second window: Chromium's popup page is closed as soon as it appears (watchPopups).
 */
async function openedWindow(route: Route): Promise<void> {
  const window = focused ?? [...windows][0];
  const decision = window?.webContents.askWindowOpen(route.request().url()) ?? { action: 'deny' };
  if (decision.action === 'allow') record({ type: 'standin-error', message: 'a window the app allowed to open: the stand-in opens none' });
  await route.abort('blockedbyclient');
}

/** What Electron's WebFrameMain gives the app: one object per frame, compared by identity. */
const frames = new WeakMap<Frame, { url: string; top: unknown; name: string }>();
function frameOf(frame: Frame): unknown {
  let main = frames.get(frame);
  if (!main) {
    main = { url: frame.url(), top: null, name: frame.name() };
    frames.set(frame, main);
  }
  return main;
}

let nextId = 1;

class StandinWebContents extends EventEmitter {
  readonly id = nextId++;
  page: Page | null = null;
  private readonly ready: Promise<Page>;
  private windowOpenHandler: ((details: { url: string; frameName: string; features: string; disposition: string }) => { action: string }) | null = null;
  private readonly expectedNavigations = new Set<string>();
  private deliveries: Promise<unknown> = Promise.resolve();
  private destroyed = false;
  private readonly deliverName = `__standinDeliver${Math.random().toString(36).slice(2)}`;

  constructor(
    private readonly owner: StandinBrowserWindow,
    private readonly preloadPath: string | undefined,
  ) {
    super();
    this.ready = this.openPage();
  }

  get mainFrame(): unknown {
    return this.page ? frameOf(this.page.mainFrame()) : null;
  }

  /** A page for this window: its bridge to ipcMain, the preload before any page script, the permissions decided. */
  private async openPage(): Promise<Page> {
    const context = await launchedBrowser();
    const page = await context.newPage();
    const binding = `__standinIpc${Math.random().toString(36).slice(2)}`;
    await page.exposeBinding(binding, async (source, message: { type: string; channel?: string; args?: unknown[]; key?: string; message?: string; params?: unknown }) => {
      if (message.type === 'invoke') {
        const event = { sender: this, senderFrame: frameOf(source.frame), processId: 1, frameId: 1 };
        return ipcMain.invoke(event, message.channel!, message.args ?? []);
      }
      if (message.type === 'send') ipcMain.emit(message.channel!, { sender: this, senderFrame: frameOf(source.frame) }, ...(message.args ?? []));
      else if (message.type === 'context-menu') this.emit('context-menu', {}, message.params);
      else record({ type: message.type, key: message.key, message: message.message });
      return null;
    });
    if (this.preloadPath) await page.addInitScript({ content: preloadScript(this.preloadPath, binding, this.deliverName) });
    const permissions = await grantedPermissions(this, FILE_ORIGIN);
    await context.grantPermissions(permissions, { origin: FILE_ORIGIN });
    page.on('domcontentloaded', () => {
      this.emit('dom-ready', {});
      this.owner.firstPaint();
    });
    page.on('load', () => this.emit('did-finish-load', {}));
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      const previous = frames.get(frame)?.url ?? '';
      frames.set(frame, { url: frame.url(), top: null, name: frame.name() });
      if (previous.split('#')[0] === frame.url().split('#')[0] && previous !== frame.url()) this.emit('did-navigate-in-page', {}, toFileUrl(frame.url()), true);
    });
    page.on('crash', () => {
      record({ type: 'render-process-gone' });
      this.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
    });
    page.on('popup', (popup) => void popup.close());
    page.on('console', (message) => record({ type: 'console', level: message.type(), text: message.text() }));
    this.page = page;
    return page;
  }

  /** After a crash the page is gone: the next load gets a new one, as Electron starts a new renderer. */
  private async livePage(): Promise<Page> {
    const page = await this.ready;
    if (!page.isClosed() && !this.crashed) return page;
    await page.close().catch(() => undefined);
    this.crashed = false;
    return this.openPage();
  }

  private crashed = false;

  markCrashed(): void {
    this.crashed = true;
  }

  async loadURL(url: string): Promise<void> {
    const page = await this.livePage();
    const pageUrl = url.startsWith('file://') ? toPageUrl(url) : url;
    this.expectedNavigations.add(pageUrl.split('#')[0]!);
    try {
      await page.goto(pageUrl, { waitUntil: 'load' });
    } catch (error) {
      const description = error instanceof Error ? error.message.split('\n')[0]! : String(error);
      this.emit('did-fail-load', {}, -2, description, url, true);
      throw new Error(`ERR_FAILED (-2) loading '${url}': ${description}`);
    }
  }

  loadFile(path: string, options: { query?: Record<string, string>; hash?: string } = {}): Promise<void> {
    const url = pathToFileURL(resolve(path));
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
    if (options.hash) url.hash = options.hash;
    return this.loadURL(url.href);
  }

  reload(): void {
    const url = this.getURL();
    if (url) void this.loadURL(url);
  }

  getURL(): string {
    return this.page && !this.page.isClosed() ? toFileUrl(this.page.url()) : '';
  }

  /** The navigation our own loadURL started is not the page's: it does not ask will-navigate. */
  takeExpectedNavigation(url: string): boolean {
    return this.expectedNavigations.delete(url.split('#')[0]!);
  }

  askWillNavigate(url: string): boolean {
    let prevented = false;
    this.emit('will-navigate', { preventDefault: () => (prevented = true), url }, url);
    record({ type: 'will-navigate', url, prevented });
    return prevented;
  }

  setWindowOpenHandler(handler: StandinWebContents['windowOpenHandler']): void {
    this.windowOpenHandler = handler;
  }

  askWindowOpen(url: string): { action: string } {
    const decision = this.windowOpenHandler?.({ url, frameName: '', features: '', disposition: 'foreground-tab' }) ?? { action: 'allow' };
    record({ type: 'window-open', url, action: decision.action });
    return decision;
  }

  /** Main → page, in order, with structured-clone semantics; a page not ready to hear it misses it, as in Electron. */
  send(channel: string, ...args: unknown[]): void {
    const cloned = structuredClone(args);
    const page = this.page;
    if (!page || this.destroyed) return;
    this.deliveries = this.deliveries.then(() =>
      page
        .evaluate(
          ([name, c, a]) => {
            const deliver: unknown = Reflect.get(window, name);
            if (typeof deliver === 'function') deliver(c, a);
          },
          [this.deliverName, channel, cloned] as const,
        )
        // A page that is navigating or gone misses the message, as an Electron page does.
        .catch(() => undefined),
    );
  }

  async printToPDF(options: { pageSize?: string; printBackground?: boolean; landscape?: boolean }): Promise<Buffer> {
    const page = await this.livePage();
    return page.pdf({ format: options.pageSize ?? 'Letter', printBackground: options.printBackground ?? false, landscape: options.landscape ?? false });
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  isCrashed(): boolean {
    return this.crashed;
  }

  openDevTools(): void {
    record({ type: 'devtools' });
  }

  readonly session = defaultSession;

  replaceMisspelling(word: string): void {
    record({ type: 'replace-misspelling', word });
  }

  async destroy(): Promise<void> {
    this.destroyed = true;
    const page = await this.ready.catch(() => null);
    await page?.close().catch(() => undefined);
  }
}

interface WindowOptions {
  width?: number;
  height?: number;
  x?: number;
  y?: number;
  show?: boolean;
  title?: string;
  webPreferences?: { preload?: string; sandbox?: boolean; contextIsolation?: boolean; nodeIntegration?: boolean };
}

export class StandinBrowserWindow extends EventEmitter {
  readonly webContents: StandinWebContents;
  private visible: boolean;
  private minimized = false;
  private maximized = false;
  private shownOnce = false;
  private bounds: { x: number; y: number; width: number; height: number };

  constructor(readonly options: WindowOptions = {}) {
    super();
    if (!app.isReady()) throw new Error('Cannot create BrowserWindow before app is ready');
    const prefs = options.webPreferences ?? {};
    // The stand-in runs only what Electron would run sandboxed and isolated: it has no Node in the page.
    if (prefs.sandbox === false || prefs.contextIsolation === false || prefs.nodeIntegration === true) {
      throw new Error('The desktop stand-in runs sandboxed, isolated windows only (sandbox: true, contextIsolation: true, nodeIntegration: false).');
    }
    this.visible = options.show ?? true;
    this.bounds = { x: options.x ?? 0, y: options.y ?? 0, width: options.width ?? 800, height: options.height ?? 600 };
    this.webContents = new StandinWebContents(this, prefs.preload);
    this.webContents.on('render-process-gone', () => this.webContents.markCrashed());
    windows.add(this);
    record({ type: 'window-created', id: this.webContents.id, options: { ...options, webPreferences: { ...prefs } } });
    if (this.visible) this.focus();
  }

  /**
   * The taskbar button's overlay icon, which Electron draws on Windows and ignores elsewhere: recorded with the
   * image's pixels, on every platform.
   */
  setOverlayIcon(image: { getSize(): { width: number; height: number }; toBitmap(): Buffer; scaleFactor: number } | null, description: string): void {
    const icon = image ? { ...image.getSize(), scaleFactor: image.scaleFactor, bitmap: image.toBitmap().toString('base64') } : null;
    record({ type: 'overlay-icon', id: this.webContents.id, icon, description });
  }

  static getAllWindows(): StandinBrowserWindow[] {
    return [...windows];
  }

  static getFocusedWindow(): StandinBrowserWindow | null {
    return focused;
  }

  static fromWebContents(contents: unknown): StandinBrowserWindow | null {
    return [...windows].find((w) => w.webContents === contents) ?? null;
  }

  /** Electron emits ready-to-show once, when the page has first been drawn. */
  firstPaint(): void {
    if (this.shownOnce) return;
    this.shownOnce = true;
    this.emit('ready-to-show');
  }

  loadFile(path: string, options?: { query?: Record<string, string>; hash?: string }): Promise<void> {
    return this.webContents.loadFile(path, options);
  }

  loadURL(url: string): Promise<void> {
    return this.webContents.loadURL(url);
  }

  show(): void {
    this.visible = true;
    record({ type: 'window-shown', id: this.webContents.id });
    this.focus();
  }

  focus(): void {
    focusWindow(this);
    record({ type: 'window-focused', id: this.webContents.id });
    this.emit('focus');
  }

  blur(): void {
    if (focused === this) focused = null;
    this.emit('blur');
  }

  isFocused(): boolean {
    return focused === this;
  }

  isVisible(): boolean {
    return this.visible;
  }

  minimize(): void {
    this.minimized = true;
    this.blur();
  }

  isMinimized(): boolean {
    return this.minimized;
  }

  restore(): void {
    this.minimized = false;
    record({ type: 'window-restored', id: this.webContents.id });
  }

  maximize(): void {
    this.maximized = true;
  }

  isMaximized(): boolean {
    return this.maximized;
  }

  getBounds() {
    return { ...this.bounds };
  }

  getNormalBounds() {
    return { ...this.bounds };
  }

  setTitle(title: string): void {
    this.options.title = title;
  }

  isDestroyed(): boolean {
    return this.webContents.isDestroyed();
  }

  /** As a person's click on the close button: 'close' may prevent it; else the window goes, then 'closed'. */
  async close(): Promise<boolean> {
    if (this.isDestroyed()) return true;
    let prevented = false;
    this.emit('close', { preventDefault: () => (prevented = true) });
    if (prevented) return false;
    await this.destroy();
    return true;
  }

  async destroy(): Promise<void> {
    windows.delete(this);
    if (focused === this) focused = null;
    await this.webContents.destroy();
    this.emit('closed');
    record({ type: 'window-closed', id: this.webContents.id });
    if (windows.size === 0) app.lastWindowClosed();
  }
}

setFocusedWindowSource(() => focused);
app.bindWindows({
  all: () => [...windows],
  async shutdown() {
    const context = await browser?.catch(() => null);
    await context?.close().catch(() => undefined);
  },
});

/** The test takes the focus away (the person is in another app) or gives it back, or minimizes the window. */
onCommand('focus', ({ focused: on }) => {
  const window = focused ?? [...windows][0];
  if (!window) return;
  if (on) window.focus();
  else window.blur();
  record({ type: 'focus-changed', focused: on });
});
onCommand('minimize', () => [...windows][0]?.minimize());
/** The person closes the window (its close button). */
onCommand('close-window', () => void [...windows][0]?.close());
/** The renderer dies (as webContents.forcefullyCrashRenderer does in Electron): Chromium's own crash of the page. */
onCommand('crash', () => {
  const page = [...windows][0]?.webContents.page;
  if (!page) return;
  // The crash ends the page before DevTools answers: not awaited.
  void page
    .context()
    .newCDPSession(page)
    .then((cdp) => cdp.send('Page.crash'))
    .catch(() => undefined);
});
onCommand('quit', () => app.quit());
