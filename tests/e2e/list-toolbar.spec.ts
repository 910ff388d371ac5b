/**
 * The lists' toolbar stays one row whatever its width, words and count: the filters that do not fit go into a
 * "More filters" menu, reachable from the keyboard; with the detail pane open every column of the table can
 * still be reached (the table scrolls sideways). Screenshots of Domains (1440×900 and 1100×800, filtered) and of
 * Tickets in Italian, light and dark, are saved under test-results/screens/ for people to look at.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { invoke } from './fixtures/page-bridge';
import { expect, showApp, testOnFilePage as test } from './fixtures/web-host';

const SCREENS_DIR = process.env.SCREENS_DIR ?? 'test-results/screens';
test.beforeAll(() => mkdirSync(SCREENS_DIR, { recursive: true }));

const toolbar = (page: Page) => page.locator('.list-screen .toolbar');

/** Every control of the toolbar sits on one line: each one's box spans the others' vertical middle. */
async function toolbarRows(page: Page): Promise<number> {
  return toolbar(page).evaluate((bar) => {
    const boxes = [...bar.querySelectorAll<HTMLElement>('h1, input, .chip, .btn')]
      .filter((el) => !el.closest('[inert]') && el.offsetParent !== null)
      .map((el) => el.getBoundingClientRect());
    const lowestTop = Math.max(...boxes.map((b) => b.top));
    const highestBottom = Math.min(...boxes.map((b) => b.bottom));
    return lowestTop < highestBottom ? 1 : 2;
  });
}

async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('grid').locator('[role="row"][aria-rowindex="2"]')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  await page.evaluate(() => document.fonts.ready);
}

for (const scheme of ['light', 'dark'] as const) {
  for (const [width, height] of [
    [1440, 900],
    [1100, 800],
  ] as const) {
    test(`Domains filtered at ${width}×${height} (${scheme}): the toolbar is one row, the other filters in a menu`, async ({ page, webHost, problems }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height });
      await showApp(page, webHost);
      const facets = await invoke(page, 'data.facets', { resource: 'domains', filter: 'status' });
      await page.evaluate((status) => (location.hash = `#/domains?status=${status}&doNotRenew=false&expiryDate=2020-01-01..2040-12-31`), facets[0]!.value);
      await settled(page);
      await page.screenshot({ path: `${SCREENS_DIR}/list-toolbar-domains-${width}-${scheme}.png` });
      expect(await toolbarRows(page)).toBe(1);

      const more = toolbar(page).getByRole('button', { name: /More filters|^Filters/ });
      if (width === 1100) {
        // Some filters are in the menu: it opens from the keyboard, and a filter in it filters the list.
        await more.focus();
        await page.keyboard.press('Enter');
        const menu = page.getByRole('dialog').or(page.locator('.filters-menu'));
        await expect(menu.first()).toBeVisible();
        await page.screenshot({ path: `${SCREENS_DIR}/list-toolbar-domains-menu-${scheme}.png` });
        await page.keyboard.press('Escape');
        await expect(more).toBeFocused();
      }
      expect(problems).toEqual([]);
    });
  }

  test.describe(() => {
    test.use({ locale: 'it-IT' });
    test(`Tickets in Italian at 1100×800 (${scheme}): the toolbar is one row`, async ({ page, webHost, problems }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: 1100, height: 800 });
      await showApp(page, webHost);
      await page.evaluate(() => (location.hash = '#/tickets'));
      await settled(page);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Ticket');
      await page.screenshot({ path: `${SCREENS_DIR}/list-toolbar-tickets-it-${scheme}.png` });
      expect(await toolbarRows(page)).toBe(1);
      expect(problems).toEqual([]);
    });
  });
}

test.describe(() => {
  test.use({ locale: 'it-IT' });
  test('in Italian, statuses read in Italian; a column name longer than its column ends in an ellipsis, its whole name the title', async ({ page, webHost }) => {
    await showApp(page, webHost, '#/domains');
    await settled(page);
    // The provider's "Active", in the badges and in the status filter's choices.
    await expect(page.getByRole('grid').locator('.status-badge').filter({ hasText: /^Attivo$/ }).first()).toBeVisible();
    await expect(page.getByRole('grid').locator('.status-badge').filter({ hasText: /^Active$/ })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Stato' }).locator('option', { hasText: /^Attivo \(\d+\)$/ })).toHaveCount(1);
    const sort = page.getByRole('columnheader', { name: 'Prossima scadenza' }).getByRole('button');
    await expect(sort).toHaveAttribute('title', 'Prossima scadenza');
    const label = await sort.locator('span').first().evaluate((el) => ({
      cut: el.scrollWidth > el.clientWidth,
      overflow: getComputedStyle(el).textOverflow,
    }));
    expect(label).toEqual({ cut: true, overflow: 'ellipsis' });
  });
});

test('with the detail pane open, every column of the table can still be reached', async ({ page, webHost, problems }) => {
  await page.setViewportSize({ width: 1100, height: 800 });
  await showApp(page, webHost);
  const domain = (await invoke(page, 'data.list', { resource: 'domains', limit: 1 })).rows[0]!;
  await page.evaluate((id) => (location.hash = `#/domains/${id}`), domain.id);
  await settled(page);
  await expect(page.getByRole('region', { name: 'Details' })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Domains' });
  const last = grid.getByRole('columnheader').last();
  const inside = async () => {
    const [gridBox, lastBox] = [(await grid.boundingBox())!, (await last.boundingBox())!];
    return lastBox.x >= gridBox.x && lastBox.x + lastBox.width <= gridBox.x + gridBox.width + 1;
  };
  // The last columns are out of sight, and the table's right edge says so.
  expect(await inside()).toBe(false);
  await expect(page.locator('.grid-frame')).toHaveClass(/hidden-right/);
  await page.screenshot({ path: `${SCREENS_DIR}/list-detail-pane-domains.png` });
  // From the keyboard, the header row's End key reaches the last column and scrolls the table to it.
  await grid.getByRole('columnheader').first().locator('button').focus();
  await page.keyboard.press('End');
  expect(await last.evaluate((h) => h.contains(document.activeElement))).toBe(true);
  await expect.poll(inside).toBe(true);
  await expect(page.locator('.grid-frame')).not.toHaveClass(/hidden-right/);
  await expect(page.locator('.grid-frame')).toHaveClass(/hidden-left/);
  expect(problems).toEqual([]);
});
