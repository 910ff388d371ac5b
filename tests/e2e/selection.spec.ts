/**
 * A list's selection (issue 23, "Selections and bulk work") on the demo preset, through the UI: row checkboxes,
 * Shift-click ranges, the keyboard (Space, Shift+↓, Ctrl+A, Esc), "Select all N matching", the count in the
 * selection's toolbar; Export selected writes only the selection; Contacts' Edit N selected… (keep / set / clear,
 * the preview of every contact with those left out and why) and Delete N selected… (confirmed, by name);
 * Domains' EPP codes for N selected. Axe-clean, with screenshots light and dark under test-results/screens/.
 */
import { readFileSync, mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
import { invoke } from './fixtures/page-bridge';
import { expect, showApp, testOnFilePage as test } from './fixtures/web-host';
import { seriousViolations } from './fixtures/axe';

const SCREENS_DIR = process.env.SCREENS_DIR ?? 'test-results/screens';
test.beforeAll(() => mkdirSync(SCREENS_DIR, { recursive: true }));

type Contact = { id: number; firstName: string; lastName: string; city: string; address2: string; supportEmails: boolean; pending: string | null };

const go = (page: Page, hash: string) => page.evaluate((h) => (location.hash = h), hash);
const grid = (page: Page) => page.getByRole('grid');
const selectionBar = (page: Page) => page.getByRole('toolbar', { name: 'Selection' });
const paramsOf = (entry: { params: object }): Record<string, unknown> => ({ ...entry.params });
const nameOf = (c: Contact) => `${c.firstName} ${c.lastName}`;

/** The first contacts as the Contacts list shows them (its default order), each with a name to find it by. */
async function firstContacts(page: Page, n: number): Promise<Contact[]> {
  const rows = (await invoke(page, 'data.list', { resource: 'contacts', limit: n })).rows.flatMap((r) => ('firstName' in r && 'address2' in r ? [r as Contact] : []));
  expect(rows.every((c) => c.firstName && c.lastName)).toBe(true);
  return rows;
}

/**
 * The list at `hash`, with nothing selected: the file's tests share one running app (testOnFilePage), which keeps
 * a list's selection while another screen is shown, so a selection the test before left is cleared first.
 */
async function openList(page: Page, hash: string): Promise<void> {
  await go(page, hash);
  await expect(grid(page).locator('[role="row"][aria-rowindex="2"] input[type="checkbox"]')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  const clear = selectionBar(page).getByRole('button', { name: 'Clear selection' });
  if (await clear.isVisible()) await clear.click();
  await expect(selectionBar(page)).toBeHidden();
}

const openContacts = (page: Page) => openList(page, '#/contacts');

const checkbox = (page: Page, title: string) => grid(page).getByRole('checkbox', { name: `Select ${title}`, exact: true });

async function shoot(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `${SCREENS_DIR}/${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('checkboxes, Shift-click ranges, the keyboard and "Select all N matching" make the selection the toolbar counts', async ({ page, webHost, problems }) => {
  await showApp(page, webHost);
  const contacts = await firstContacts(page, 8);
  expect(contacts.length).toBeGreaterThanOrEqual(7);
  const total = (await invoke(page, 'data.list', { resource: 'contacts', limit: 1 })).total;
  await openContacts(page);

  // A click ticks one row (and does not open it); Shift-click ticks the range to another.
  await checkbox(page, nameOf(contacts[0]!)).click();
  await expect(selectionBar(page)).toContainText('1 selected');
  await expect(page).not.toHaveURL(/contacts\/\d/);
  await checkbox(page, nameOf(contacts[2]!)).click({ modifiers: ['Shift'] });
  await expect(selectionBar(page)).toContainText('3 selected');
  for (const [i, c] of contacts.slice(0, 4).entries()) await expect(checkbox(page, nameOf(c))).toBeChecked({ checked: i < 3 });
  await expect(grid(page).getByRole('checkbox', { name: 'Select all shown' })).toHaveJSProperty('indeterminate', true);
  await shoot(page, 'selection-toolbar');
  expect(await seriousViolations(page)).toEqual([]);

  // Keyboard: Space on the active row, Shift+↓ extends from it, Esc clears.
  await grid(page).locator('[role="row"][aria-rowindex="6"]').focus();
  await page.keyboard.press('Space');
  await expect(selectionBar(page)).toContainText('4 selected');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+ArrowDown');
  await expect(selectionBar(page)).toContainText('6 selected');
  for (const c of contacts.slice(4, 7)) await expect(checkbox(page, nameOf(c))).toBeChecked();
  await expect(checkbox(page, nameOf(contacts[3]!))).not.toBeChecked();
  await page.keyboard.press('Escape');
  await expect(selectionBar(page)).toHaveCount(0);
  await expect(checkbox(page, nameOf(contacts[0]!))).not.toBeChecked();

  // Ctrl+A: every contact the list matches, drawn or not; one unticked, then all of them again.
  await grid(page).locator('[role="row"][aria-rowindex="2"]').focus();
  await page.keyboard.press('Control+a');
  await expect(selectionBar(page)).toContainText(`${total} selected`);
  await expect(grid(page).getByRole('checkbox', { name: 'Select all shown' })).toBeChecked();
  await checkbox(page, nameOf(contacts[2]!)).click();
  await expect(selectionBar(page)).toContainText(`${total - 1} selected`);
  await selectionBar(page).getByRole('button', { name: `Select all ${total} matching` }).click();
  await expect(selectionBar(page)).toContainText(`${total} selected`);
  await selectionBar(page).getByRole('button', { name: 'Clear selection' }).click();
  await expect(selectionBar(page)).toHaveCount(0);

  // A new filter is a new list: the selection goes with the old one.
  await checkbox(page, nameOf(contacts[1]!)).click();
  await expect(selectionBar(page)).toContainText('1 selected');
  await page.getByRole('searchbox').fill(contacts[1]!.lastName);
  await expect(selectionBar(page)).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('Export selected writes only the selected rows', async ({ page, webHost }) => {
  await showApp(page, webHost);
  const contacts = await firstContacts(page, 8);
  await openContacts(page);
  for (const c of [contacts[1]!, contacts[3]!, contacts[6]!]) await checkbox(page, nameOf(c)).click();
  await expect(selectionBar(page)).toContainText('3 selected');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export selected' }).click();
  const file = readFileSync(await (await download).path());
  const parsed = Papa.parse<Record<string, string>>(file.toString('utf8').replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
  expect(parsed.data.map((r) => `${r.firstName} ${r.lastName}`)).toEqual([contacts[1]!, contacts[3]!, contacts[6]!].map(nameOf));
});

test('Edit N selected… sets and clears field by field, shows every contact before → after, and queues what it shows', async ({ page, webHost }) => {
  await showApp(page, webHost);
  const contacts = (await firstContacts(page, 40)).filter((c) => c.pending === null);
  // Two with a second address line (clearing it is refused by the provider: left out), two without.
  const withLine2 = contacts.filter((c) => c.address2 !== '').slice(0, 2);
  const without = contacts.filter((c) => c.address2 === '').slice(0, 2);
  const picked = [...withLine2, ...without];
  expect(picked).toHaveLength(4);
  await openContacts(page);
  for (const c of picked) await checkbox(page, nameOf(c)).click();
  await selectionBar(page).getByRole('button', { name: 'Edit 4 selected…' }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Edit 4 contacts' })).toBeVisible();
  await dialog.getByRole('combobox', { name: 'City' }).selectOption('set');
  await dialog.getByRole('textbox', { name: 'New City' }).fill('Milano');
  await dialog.getByRole('combobox', { name: 'Address, line 2' }).selectOption('clear');
  await dialog.getByRole('combobox', { name: 'Support' }).selectOption('clear');
  await dialog.getByRole('button', { name: 'Preview changes' }).click();

  const preview = dialog.getByRole('list', { name: 'Each contact before and after' });
  await expect(preview.getByRole('listitem')).toHaveCount(4);
  for (const c of without) {
    const line = preview.getByRole('listitem').filter({ hasText: nameOf(c) });
    await expect(line).toContainText(`City: ${c.city || '(empty)'} → Milano`);
    if (c.supportEmails) await expect(line).toContainText('Support: On → Off');
  }
  for (const c of withLine2) await expect(preview.getByRole('listitem').filter({ hasText: nameOf(c) })).toContainText('Left out: Address, line 2 cannot be cleared');
  await expect(dialog).toContainText('2 to change · 2 left out · 0 already as asked');
  await shoot(page, 'selection-bulk-preview');
  expect(await seriousViolations(page)).toEqual([]);

  const before = (await invoke(page, 'outbox.list', { kind: 'update-contact' })).length;
  await dialog.getByRole('button', { name: 'Queue 2 edits' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(selectionBar(page)).toHaveCount(0);
  const entries = (await invoke(page, 'outbox.list', { kind: 'update-contact' })).slice(0, -before || undefined);
  expect(entries.map(paramsOf).sort((a, b) => Number(a.contactid) - Number(b.contactid))).toEqual(
    without.map((c) => ({ contactid: c.id, city: 'Milano', ...(c.supportEmails ? { supportemails: false } : {}) })).sort((a, b) => a.contactid - b.contactid),
  );
});

test('Delete N selected… names every contact before it queues one deletion each', async ({ page, webHost }) => {
  await showApp(page, webHost);
  const contacts = (await firstContacts(page, 20)).filter((c) => c.pending === null).slice(-2);
  await openContacts(page);
  for (const c of contacts) await checkbox(page, nameOf(c)).click();
  await selectionBar(page).getByRole('button', { name: 'Delete 2 selected…' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading', { name: 'Delete 2 contacts?' })).toBeVisible();
  const names = dialog.getByRole('list', { name: 'The contacts to delete' });
  await expect(names.getByRole('listitem')).toHaveText(contacts.map(nameOf));
  await shoot(page, 'selection-delete-confirm');
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByRole('button', { name: 'Delete 2 contacts' }).click();
  await expect(dialog).toHaveCount(0);
  const deletions = await invoke(page, 'outbox.list', { kind: 'delete-contact' });
  expect(deletions.map((e) => paramsOf(e).contactid).sort()).toEqual(contacts.map((c) => c.id).sort());
});

test('Request EPP codes for N selected queues one request per domain, by name', async ({ page, webHost }) => {
  await showApp(page, webHost);
  const domains = (await invoke(page, 'data.list', { resource: 'domains', limit: 3 })).rows.flatMap((r) => ('domainName' in r ? [r] : []));
  await openList(page, '#/domains');
  for (const d of domains) await checkbox(page, d.domainName).click();
  await selectionBar(page).getByRole('button', { name: 'Request EPP codes for 3 selected' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('list', { name: 'The domains' }).getByRole('listitem')).toHaveText(domains.map((d) => d.domainName));
  await dialog.getByRole('button', { name: 'Request 3 codes' }).click();
  await expect(dialog).toHaveCount(0);
  const requests = await invoke(page, 'outbox.list', { kind: 'domain-request-epp' });
  expect(requests.map((e) => paramsOf(e).domainname).sort()).toEqual(domains.map((d) => d.domainName).sort());
});
