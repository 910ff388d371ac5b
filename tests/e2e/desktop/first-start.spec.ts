/**
 * The desktop app's first start, through the desktop stand-in: the built main bundle, the built preload under
 * Electron's sandboxed-preload rules, the window a real Chromium page under the CSP the main process sets.
 */
import { expect, test } from '@playwright/test';
import { DesktopApp } from './fixtures/desktop-app.js';

test.describe.configure({ mode: 'serial' });

let desktop: DesktopApp;
test.beforeAll(() => {
  desktop = DesktopApp.launch();
});
test.afterAll(async () => {
  await desktop.close();
});

test('opens on the demo account with window.desk and nothing of Node in the page', async () => {
  const page = await desktop.window();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });
  expect(desktop.all('preload-error')).toEqual([]);
  expect(await page.evaluate(() => window.desk.host)).toBe('electron');
  expect(await page.evaluate(() => [typeof (globalThis as Record<string, unknown>).require, typeof (globalThis as Record<string, unknown>).process])).toEqual(['undefined', 'undefined']);
});
