/**
 * What people expect of a desktop window, through the stand-in on the demo account: a right-click menu in text
 * fields (cut, copy, paste, select all, as the selection allows) and on links (copy link, to the clipboard); a
 * resellerdesk:// link handed to a second launch opens the record it names in the first, by id or by name.
 */
import { expect, test, type Page } from '@playwright/test';
import { invoke } from '../fixtures/page-bridge.js';
import { DesktopApp } from './fixtures/desktop-app.js';

test.describe.configure({ mode: 'serial' });

let desktop: DesktopApp;
let page: Page;
test.beforeAll(async () => {
  desktop = await DesktopApp.launch();
  page = await desktop.window();
  await expect(page.locator('#app h1')).toBeVisible({ timeout: 60_000 });
});
test.afterAll(async () => {
  await desktop.close();
});

type MenuItem = { label: string; enabled: boolean };
const lastMenu = async (after: number) => (await desktop.waitFor('context-menu', () => true, { after })).menu as MenuItem[];

test('a right-click in a text field offers cut, copy, paste and select all, as the selection allows', async () => {
  await page.keyboard.press('Control+k');
  const field = page.getByRole('dialog').getByRole('combobox');
  await field.fill('coast');
  let before = desktop.records.length;
  await field.click({ button: 'right' });
  expect(await lastMenu(before)).toEqual([
    { label: 'cut', enabled: false },
    { label: 'copy', enabled: false },
    { label: 'paste', enabled: true },
    { label: 'separator', enabled: true },
    { label: 'selectAll', enabled: true },
  ]);
  await field.selectText();
  before = desktop.records.length;
  await field.click({ button: 'right' });
  expect((await lastMenu(before)).slice(0, 2)).toEqual([
    { label: 'cut', enabled: true },
    { label: 'copy', enabled: true },
  ]);
  await page.keyboard.press('Escape');
});

test('a right-click on a link offers Copy Link, which puts the address on the clipboard', async () => {
  const list = await invoke(page, 'data.list', { resource: 'announcements', limit: 100 });
  const withLink = list.rows.find((row) => 'announcement' in row && String(row.announcement).includes('https://status.hostingprovider.net'))!;
  await page.evaluate((id) => (location.hash = `#/announcements/${id}`), withLink.id);
  const before = desktop.records.length;
  await page.getByRole('region', { name: 'Details' }).getByRole('link', { name: 'status page' }).click({ button: 'right' });
  expect((await lastMenu(before)).map((item) => item.label)).toEqual(['Copy Link']);
  desktop.command({ type: 'context-menu-click', label: 'Copy Link' });
  expect((await desktop.waitFor('clipboard', () => true, { after: before })).text).toBe('https://status.hostingprovider.net/');
});

test('a resellerdesk:// link opens the record it names in the running app, by name or by id', async () => {
  const domain = (await invoke(page, 'data.list', { resource: 'domains', limit: 1, sort: { field: 'id', dir: 'desc' } })).rows[0]!;
  const name = String('domainName' in domain ? domain.domainName : '');
  const byName = await DesktopApp.launchAndExit({ home: desktop.home, args: [`resellerdesk://domains/${name}`] });
  expect(byName.code).toBe(0);
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details.getByRole('heading', { name })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#/domains/${domain.id}`));

  const ticket = (await invoke(page, 'data.list', { resource: 'tickets', limit: 1 })).rows[0]!;
  await DesktopApp.launchAndExit({ home: desktop.home, args: [`resellerdesk://tickets/${ticket.id}`] });
  await expect(page).toHaveURL(new RegExp(`#/tickets/${ticket.id}`));

  // A link to nothing this account holds brings the window forward and changes nothing.
  await DesktopApp.launchAndExit({ home: desktop.home, args: ['resellerdesk://domains/not-ours.example'] });
  await expect.poll(() => desktop.log).toContain('the link resellerdesk://domains/not-ours.example names no record of this account');
  await expect(page).toHaveURL(new RegExp(`#/tickets/${ticket.id}`));
});
