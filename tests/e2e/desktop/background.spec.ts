/**
 * The desktop app without its window (Windows and Linux): closing the window keeps it running in the tray, said
 * once; the engine keeps sending while the window is closed; the tray's menu and the badge follow the outbox
 * (what waits to be sent, what needs the person); Open brings the window back; "Open at login" writes and
 * removes the login entry; Quit from the tray ends the app. Through the stand-in on Linux, on a provider of the
 * spec's own whose connections the spec can refuse.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { invoke } from '../fixtures/page-bridge.js';
import { setFaults, type SandboxInfo } from '../fixtures/web-host.js';
import type { DesktopApp } from './fixtures/desktop-app.js';
import { desktopOnProvider } from './fixtures/desktop-on-provider.js';
import { drawMenu } from './fixtures/draw-surface.js';

test.skip(process.platform === 'darwin', 'macOS keeps the app in the dock, with no tray');
test.describe.configure({ mode: 'serial' });

let provider: SandboxInfo;
let desktop: DesktopApp;
let page: Page;
let close: (() => Promise<void>) | undefined;

test.beforeAll(async () => {
  ({ provider, desktop, page, close } = await desktopOnProvider('Desktop Tray', { sync: true }));
});
test.afterAll(() => close?.());

/** The tray menu's labels as last set. */
const trayLabels = () => (desktop.all('tray-menu').at(-1)?.menu as { label: string }[]).map((item) => item.label);
const outboxLine = (line: string) => desktop.waitFor('tray-menu', (entry) => (entry.menu as { label: string }[]).some((item) => item.label === line), { timeout: 60_000 });

test('a tray icon with Open, Sync Now, the outbox and Quit; the badge counts what needs the person', async ({ browser }) => {
  const [created] = desktop.all('tray-created');
  expect(created?.empty).toBe(false);
  expect(trayLabels()).toEqual(['Open Reseller Desk', 'Sync Now', 'Outbox: nothing to send', 'separator', 'Quit Reseller Desk']);
  // An edit the provider refuses needs the person: the badge and the tray say so.
  await invoke(page, 'outbox.enqueue', { kind: 'update-contact', params: { contactid: 999_999, city: 'Trento' } });
  await outboxLine('Outbox: 1 edit needs you');
  await desktop.waitFor('badge', (entry) => entry.count === 1);
  expect(desktop.all('tray-tooltip').at(-1)?.text).toBe('Reseller Desk — 1 edit needs you');
  await drawMenu(browser, desktop.all('tray-menu').at(-1)?.menu as { label: string }[], 'desktop-tray-menu');
});

test('closing the window keeps the app sending in the tray, said once', async () => {
  const contact = (await invoke(page, 'data.list', { resource: 'contacts', limit: 1 })).rows[0]!;
  await setFaults(provider, { reset: 1 });
  await invoke(page, 'outbox.enqueue', { kind: 'update-contact', params: { contactid: contact.id, city: 'Merano' } });
  await outboxLine('Outbox: 1 edit needs you, 1 to send');
  desktop.command({ type: 'close-window' });
  await desktop.waitFor('window-closed');
  expect(await desktop.runsAfter(1_500)).toBe(true);
  const notice = await desktop.waitFor('notification', (entry) => entry.title === 'Reseller Desk is still running');
  expect(String(notice.body)).toContain('tray');
  // The provider answers again while no window is open: the engine sends on its own.
  await setFaults(provider, { reset: 0 });
  await outboxLine('Outbox: 1 edit needs you');
});

test('Open from the tray brings the window back, and a second close says nothing again', async () => {
  const before = desktop.records.length;
  desktop.command({ type: 'tray-click', label: 'Open Reseller Desk' });
  await desktop.waitFor('window-created', () => true, { after: before });
  page = await desktop.window(undefined, page);
  await expect(page.locator('#app h1')).toBeVisible({ timeout: 30_000 });
  desktop.command({ type: 'close-window' });
  await desktop.waitFor('window-closed', () => true, { after: before });
  expect(await desktop.runsAfter(1_000)).toBe(true);
  expect(desktop.all('notification').filter((entry) => entry.title === 'Reseller Desk is still running')).toHaveLength(1);
  const closed = page;
  desktop.command({ type: 'tray-click', label: 'Open Reseller Desk' });
  page = await desktop.window(undefined, closed);
  await expect(page.locator('#app h1')).toBeVisible({ timeout: 30_000 });
});

test('Open at login writes the session’s login entry, and removes it when turned off', async () => {
  const entry = join(desktop.home, '.config', 'autostart', 'reseller-desk.desktop');
  expect(existsSync(entry)).toBe(false);
  await invoke(page, 'settings.set', { openAtLogin: true });
  await expect.poll(() => existsSync(entry)).toBe(true);
  expect(readFileSync(entry, 'utf8')).toMatch(/^Exec=".+" --hidden$/m);
  await invoke(page, 'settings.set', { openAtLogin: false });
  await expect.poll(() => existsSync(entry)).toBe(false);
});

test('Settings › Desktop turns the tray off and on', async () => {
  await page.evaluate(() => (location.hash = '#/settings'));
  const section = page.getByRole('region', { name: 'Desktop' });
  const tray = section.getByRole('checkbox', { name: 'Keep running in the tray when the window is closed' });
  await expect(tray).toBeChecked();
  await expect(section.getByRole('checkbox', { name: 'Open at login' })).not.toBeChecked();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await section.screenshot({ path: `test-results/screens/desktop-settings-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  const before = desktop.records.length;
  await tray.uncheck();
  await desktop.waitFor('tray-destroyed', () => true, { after: before });
  await tray.check();
  await desktop.waitFor('tray-created', () => true, { after: before });
});

test('the tray speaks the Language setting', async ({ browser }) => {
  const before = desktop.records.length;
  await invoke(page, 'settings.set', { language: 'it' });
  const italian = await desktop.waitFor('tray-menu', (entry) => (entry.menu as { label: string }[])[0]?.label === 'Apri Reseller Desk', { after: before });
  expect((italian.menu as { label: string }[]).map((item) => item.label)).toEqual(['Apri Reseller Desk', 'Sincronizza ora', 'In uscita: 1 modifica ti aspetta', 'separator', 'Esci da Reseller Desk']);
  await drawMenu(browser, italian.menu as { label: string }[], 'desktop-tray-menu-it');
  await invoke(page, 'settings.set', { language: 'en' });
  await desktop.waitFor('tray-menu', (entry) => (entry.menu as { label: string }[])[0]?.label === 'Open Reseller Desk', { after: before });
});

test('Quit from the tray ends the app', async () => {
  desktop.command({ type: 'tray-click', label: 'Quit Reseller Desk' });
  expect(await desktop.exited).toBe(0);
});
