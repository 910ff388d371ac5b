/**
 * Keyboard only, in Chromium through the web host and the demo account: open the palette, go to Domains, reach
 * the table ('/' then Arrow Down), open a row with Enter, close it with Esc. No mouse event is sent.
 */
import type { Page } from '@playwright/test';
import { expect, openApp, test } from './fixtures/web-host';
import { runFromPalette } from './fixtures/palette';

test('palette, Domains, a row opened and closed, from the keyboard alone', async ({ page, webHost, problems }) => {
  await openApp(page, webHost);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  await page.keyboard.press('Control+k');
  const search = page.getByRole('combobox', { name: 'Search' });
  await expect(search).toBeFocused();
  await page.keyboard.type('Go to Domains');
  // Typing a command's name puts it first: Enter runs it.
  await expect(page.getByRole('option', { name: 'Go to Domains', exact: true })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Domains', level: 1 })).toBeVisible();
  await expect(search).toBeHidden();

  // '/' focuses the list's filter; Arrow Down goes from there into the table.
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Filter Domains' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  // The table focuses its active row once that row is drawn (a frame or two later).
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="grid"]') !== null)).toBe(true);
  await page.keyboard.press('Enter');
  const detail = page.getByRole('region', { name: /detail/i });
  await expect(detail.getByRole('heading', { level: 2 })).not.toBeEmpty();
  expect(new URL(page.url()).hash).toMatch(/^#\/domains\/\d+/);

  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  expect(new URL(page.url()).hash).toMatch(/^#\/domains\/?(\?|$)/);
  // The focus stays in the table, so the next row is an arrow away.
  expect(await page.evaluate(() => document.activeElement?.closest('[role="grid"]') !== null)).toBe(true);
  expect(problems).toEqual([]);
});

test('a new contact from the keyboard alone: the palette opens the form, Tab walks its fields, Enter queues it', async ({ page, webHost, problems }) => {
  await openApp(page, webHost);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await runFromPalette(page, 'new contact', /^New contact/);
  const form = page.getByRole('dialog', { name: 'New contact' });
  // The dialog takes the focus, on its first field.
  await expect(form.getByLabel('First name')).toBeFocused();
  await page.keyboard.type('Grace');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Last name')).toBeFocused();
  await page.keyboard.type('Hopper');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('E-mail', { exact: true })).toBeFocused();
  await page.keyboard.type('grace@navy.example');
  await page.keyboard.press('Enter');
  await expect(form).toBeHidden();
  // Its record opens, marked as waiting or already sent; Esc closes it and the list takes the focus back.
  const pane = page.getByRole('region', { name: 'Details' });
  await expect(pane.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(pane).toBeHidden();
  await expect(page.getByRole('grid', { name: 'Contacts' }).getByRole('row').filter({ hasText: 'grace@navy.example' })).toBeVisible();
  expect(problems).toEqual([]);
});

/** What has the focus, in words a test can compare: its role and name, or its tag. */
const focusedIs = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    return el.getAttribute('role') ?? el.tagName.toLowerCase();
  });

test('after Ctrl+K → Go to Domains the list has the focus: the arrows move through its rows at once', async ({ page, webHost, problems }) => {
  await openApp(page, webHost);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.keyboard.press('Control+k');
  await page.keyboard.type('Go to Domains');
  // Typing a command's name puts it first: Enter runs it.
  await expect(page.getByRole('option', { name: 'Go to Domains', exact: true })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  const grid = page.getByRole('grid', { name: 'Domains' });
  await expect(grid.locator('[role="row"][aria-rowindex="2"]')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(grid.locator('[role="row"][aria-rowindex="3"]')).toBeFocused();
  expect(problems).toEqual([]);
});

test('"Skip to content" is the first tab stop and moves the focus to the screen', async ({ page, webHost, problems }) => {
  await openApp(page, webHost);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // The next Tab goes on from the screen's content, not from the sidebar.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
  expect(problems).toEqual([]);
});

test('from the filter to the first row in a few Tabs: the column headers are one tab stop, arrows inside', async ({ page, webHost, problems }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page, webHost);
  await page.getByRole('navigation').getByRole('link', { name: 'Domains', exact: true }).click();
  const grid = page.getByRole('grid', { name: 'Domains' });
  await expect(grid.locator('[role="row"][aria-rowindex="2"]')).toBeVisible();
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Filter Domains' })).toBeFocused();

  // Tab until a row has the focus, noting each stop.
  const stops: { role: string; inGrid: boolean }[] = [];
  for (let presses = 0; presses < 30 && stops.at(-1)?.role !== 'row'; presses++) {
    await page.keyboard.press('Tab');
    stops.push({ role: await focusedIs(page), inGrid: await page.evaluate(() => document.activeElement?.closest('[role="grid"]') !== null) });
  }
  expect(stops.at(-1)?.role).toBe('row');
  // The toolbar's controls, then one stop in the header row, then the row: it was 22 Tabs from the filter, a sort
  // button and a resize handle per column.
  expect(stops.filter((s) => s.inGrid)).toEqual([{ role: 'button', inGrid: true }, { role: 'row', inGrid: true }]);
  expect(stops.length).toBeLessThanOrEqual(10);

  // Back into the header row: ↑ from the first row; ←/→ move between header cells; Enter sorts.
  await page.keyboard.press('ArrowUp');
  const first = grid.getByRole('columnheader').first();
  expect(await first.evaluate((h) => h.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('ArrowRight');
  const second = grid.getByRole('columnheader').nth(1);
  expect(await second.evaluate((h) => h.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('ArrowLeft');
  expect(await first.evaluate((h) => h.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('End');
  const last = grid.getByRole('columnheader').last();
  expect(await last.evaluate((h) => h.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/[?&]sort=\w+/);

  // F2 reaches the cell's resize handle; ←/→ resize; Esc goes back to the cell.
  const width = (await first.boundingBox())!.width;
  await page.keyboard.press('F2');
  const edge = first.getByRole('separator');
  await expect(edge).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await first.boundingBox())!.width).toBe(width + 16);
  await page.keyboard.press('Escape');
  expect(await first.evaluate((h) => h.contains(document.activeElement) && document.activeElement?.getAttribute('role') !== 'separator')).toBe(true);
  // Enter on the handle gives the column its own width back.
  await page.keyboard.press('F2');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await first.boundingBox())!.width).toBe(width);
  await page.keyboard.press('Escape');

  // ↓ from the header goes to the rows; Shift+Tab from there leaves the grid by the header's one stop.
  await page.keyboard.press('ArrowDown');
  await expect(grid.locator('[role="row"][aria-rowindex="2"]')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  expect(await first.evaluate((h) => h.contains(document.activeElement))).toBe(true);
  expect(problems).toEqual([]);
});
