/**
 * Keyboard only, in Chromium through the web host and the demo account: open the palette, go to Domains, reach
 * the table ('/' then Arrow Down), open a row with Enter, close it with Esc. No mouse event is sent.
 */
import { expect, openApp, test } from './fixtures/web-host';

test('palette, Domains, a row opened and closed, from the keyboard alone', async ({ page, webHost, problems }) => {
  await openApp(page, webHost);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  await page.keyboard.press('Control+k');
  const search = page.getByRole('combobox', { name: 'Search' });
  await expect(search).toBeFocused();
  await page.keyboard.type('Go to Domains');
  await expect(page.getByRole('option', { name: 'Go to Domains' })).toBeVisible();
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
  await page.keyboard.press('Control+k');
  await page.keyboard.type('new contact');
  await page.keyboard.press('Enter');
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
