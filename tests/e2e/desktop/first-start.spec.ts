/**
 * The desktop app's first start and a day's desktop moments, through the desktop stand-in: the built main
 * bundle in Node, the built preload under Electron's sandboxed-preload rules, the window a real Chromium page
 * under the CSP the main process sets. One app for the file's tests, in order, ending with a quit.
 */
import { readdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY_META } from '../../../shared/csp.js';
import { runFromPalette } from '../fixtures/palette.js';
import { DesktopApp, isAppUrl } from './fixtures/desktop-app.js';

test.describe.configure({ mode: 'serial' });

let desktop: DesktopApp;
let page: Page;
test.beforeAll(async () => {
  desktop = await DesktopApp.launch();
  page = await desktop.window();
});
test.afterAll(async () => {
  await desktop.close();
});

const heading = () => page.locator('#app h1');
const go = (hash: string) => page.evaluate((route) => (location.hash = route), hash);

test('opens on the demo account, with window.desk from the preload and nothing of Node in the page', async () => {
  await expect(page.getByRole('link', { name: 'Domains', exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(heading()).toBeVisible();
  expect(await page.evaluate(() => window.desk.host)).toBe('electron');
  const globals = await page.evaluate(() => ['require', 'process', 'module', 'ipcRenderer', 'Buffer'].map((name) => typeof (globalThis as Record<string, unknown>)[name]));
  expect(globals).toEqual(['undefined', 'undefined', 'undefined', 'undefined', 'undefined']);
  // What only the stand-in reports: the preload's run, the window's options, the menu as set.
  if (!desktop.standIn) return;
  expect(desktop.all('preload-error')).toEqual([]);
  expect(desktop.all('exposed').map((entry) => entry.key)).toEqual(['desk']);
  // The window as the shell made it: sandboxed, isolated, shown once drawn.
  const [created] = desktop.all('window-created');
  expect(created?.options).toMatchObject({ show: false, webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false } });
  expect(desktop.all('window-shown')).toHaveLength(1);
  // The first start's menu: File, Edit, View, Window, Help.
  const menu = desktop.all('application-menu').at(-1)?.menu as { label: string }[];
  expect(menu.map((item) => item.label.replace('&', ''))).toEqual(['File', 'Edit', 'View', 'windowMenu', 'help']);
});

test('the CSP the main process sets is the one in force, and the page’s own says the same', async () => {
  test.skip(!desktop.standIn, 'the headers the main process applied and the permissions it was asked are the stand-in’s records');
  const headers = desktop.all('headers').find((entry) => String(entry.url).endsWith('/out/renderer/index.html'));
  const header = (headers?.headers as Record<string, string[]>)['Content-Security-Policy']?.[0];
  const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  // One policy: the header is the main process's, the meta tag the same less what a meta tag cannot carry.
  expect(header).toBe(CONTENT_SECURITY_POLICY);
  expect(meta).toBe(CONTENT_SECURITY_POLICY_META);
  // In force: a request to anywhere else is refused by the page itself (connect-src), and reported.
  const refused = await page.evaluate(async () => {
    const violation = new Promise<string>((done) => document.addEventListener('securitypolicyviolation', (e) => done(e.violatedDirective), { once: true }));
    await fetch('https://example.com/').catch(() => undefined);
    return violation;
  });
  expect(refused).toBe('connect-src');
  // Only the clipboard's sanitized write is granted to the page.
  expect(desktop.all('permission').filter((entry) => entry.allowed).map((entry) => entry.permission)).toEqual(['clipboard-sanitized-write']);
});

test('window.desk is what Electron’s context bridge hands over: names outside the contract never reach IPC', async () => {
  const unknown = await page.evaluate(() => window.desk.invoke('vault.dump'));
  expect(unknown).toEqual({ ok: false, error: { code: 'not_found', message: 'No procedure named "vault.dump".' } });
  // A function's throw crosses as an Error with its message only.
  const thrown = await page.evaluate(() => {
    try {
      window.desk.on('ipc.anything', () => undefined);
      return null;
    } catch (error) {
      return { isError: error instanceof Error, message: (error as Error).message };
    }
  });
  expect(thrown).toEqual({ isError: true, message: 'No event named "ipc.anything".' });
  // A refusal from the engine crosses as a reply, its words kept.
  const refused = await page.evaluate(() => window.desk.invoke('accounts.select', { name: '' }));
  expect(refused.ok).toBe(false);
});

test('browse and search offline-first: a list, then a record found from the palette', async () => {
  await page.getByRole('link', { name: 'Domains', exact: true }).click();
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  const first = (await page.evaluate(() => window.desk.invoke('data.list', { resource: 'domains', limit: 1 }))) as { ok: true; value: { rows: { domainName: string }[] } };
  const name = first.value.rows[0]!.domainName;
  await runFromPalette(page, name, new RegExp(name.replace(/\./g, '\\.')));
  await expect(page.getByRole('region', { name: 'Details' }).getByRole('heading', { name })).toBeVisible();
});

test('a menu command reaches the page: File › New Ticket opens the form', async () => {
  desktop.command({ type: 'menu', path: ['File', 'New Ticket'] });
  await expect(page.getByRole('dialog', { name: 'New ticket' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a link in an announcement opens in the system browser, never in the window', async () => {
  const list = (await page.evaluate(() => window.desk.invoke('data.list', { resource: 'announcements', limit: 100 }))) as { ok: true; value: { rows: { id: number; announcement: string }[] } };
  const withLink = list.value.rows.find((row) => row.announcement.includes('https://status.hostingprovider.net'))!;
  await go(`#/announcements/${withLink.id}`);
  const before = desktop.records.length;
  await page.getByRole('region', { name: 'Details' }).getByRole('link', { name: 'status page' }).click();
  const opened = await desktop.waitFor('open-external', () => true, { after: before });
  expect(opened.url).toBe('https://status.hostingprovider.net/');
  if (desktop.standIn) expect(await desktop.waitFor('window-open', () => true, { after: before })).toMatchObject({ url: 'https://status.hostingprovider.net/', action: 'deny' });
  expect(isAppUrl(page.url())).toBe(true);
  // A navigation the page itself starts is stopped (will-navigate) and goes to the system browser too.
  const navigated = desktop.records.length;
  await page.evaluate(() => (location.href = 'https://example.com/elsewhere'));
  expect((await desktop.waitFor('open-external', () => true, { after: navigated })).url).toBe('https://example.com/elsewhere');
  expect(await desktop.waitFor('will-navigate', () => true, { after: navigated })).toMatchObject({ url: 'https://example.com/elsewhere' });
  await expect(heading()).toBeVisible();
  expect(isAppUrl(page.url())).toBe(true);
});

test('a second launch hands over to the first, which comes to the front, and exits', async () => {
  desktop.command({ type: 'minimize' });
  const before = desktop.records.length;
  const second = await DesktopApp.launchAndExit({ home: desktop.home });
  expect(second).toEqual({ code: 0, windows: 0 });
  await desktop.waitFor('second-instance', () => true, { after: before });
  await desktop.waitFor('window-restored', () => true, { after: before });
  await desktop.waitFor('window-focused', () => true, { after: before });
});

test('a renderer that dies leaves a page that says so, with Reload, and the app comes back', async () => {
  desktop.command({ type: 'crash' });
  await desktop.waitFor('render-process-gone');
  const failed = await desktop.window((url) => url.endsWith('/out/renderer/window-failed.html#crashed'));
  await expect(failed.getByRole('heading', { name: 'The window stopped unexpectedly.' })).toBeVisible();
  await expect(failed.getByText('Your queued edits are safe')).toBeVisible();
  await failed.screenshot({ path: 'test-results/screens/desktop-window-failed.png' });
  await failed.getByRole('link', { name: 'Reload' }).click();
  page = await desktop.window((url) => url.includes('/out/renderer/index.html'), page);
  await expect(heading()).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => window.desk.host)).toBe('electron');
  expect(desktop.log).toContain("the window's page stopped (crashed");
});

test('quitting closes the engine within its deadline and the process exits', async () => {
  const { code, ms } = await desktop.quit();
  expect(code).toBe(0);
  expect(ms).toBeLessThan(5_000 + 2_000);
  if (!desktop.standIn) return;
  const order = desktop.records.map((entry) => entry.type).filter((type) => ['will-quit', 'quit', 'window-closed'].includes(type));
  // will-quit waits for the engine (prevented once), then comes again and the app quits.
  expect(order).toEqual(['window-closed', 'will-quit', 'will-quit', 'quit']);
  // The engine closed its databases: SQLite leaves no write-ahead log behind a clean close.
  const leftovers = readdirSync(desktop.userData, { recursive: true }).map(String).filter((name) => name.endsWith('-wal') && !name.includes('demo-provider'));
  expect(leftovers).toEqual([]);
});
