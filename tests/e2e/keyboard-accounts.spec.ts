/**
 * The account controls from the keyboard alone, in Chromium through the web host and the demo account: the
 * account menu opens with Enter and its items are chosen with the arrows; the theme is a radio group that arrow
 * keys change; the sync panel opens with Enter and closes with Esc, giving the focus back.
 */
import type { Page } from '@playwright/test';
import { expect, openApp, test } from './fixtures/web-host';

/** Tabs forward until the element has the focus, at most `limit` times. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test('account menu, theme and sync panel, from the keyboard alone', async ({ page, webHost, problems }) => {
  await openApp(page, webHost);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const bar = page.getByRole('banner');

  await tabTo(page, bar.getByRole('button', { name: /Switch account/ }));
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitemradio', { name: /^Demo/ })).toHaveAttribute('aria-checked', 'true');
  // Demo, Add account…, Manage accounts…: the last is two steps down from the first.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Manage accounts…' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  const system = page.getByRole('radio', { name: 'System' });
  await tabTo(page, system);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Light' })).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.keyboard.press('ArrowLeft');
  await expect(system).toBeChecked();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  const synced = bar.getByRole('button', { name: /^Synced / });
  await tabTo(page, synced, 60);
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Last sync per resource' });
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(synced).toBeFocused();
  expect(problems).toEqual([]);
});
