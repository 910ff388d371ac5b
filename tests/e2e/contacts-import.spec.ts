/**
 * Contacts from a CSV file in Chromium through the web host, with the provider failing every request (so what
 * is queued stays in the outbox to be counted): a 20-row file with one invalid row previewed and the row left out
 * with its reason, a column's field changed and a field taken twice refused, update-by-email changing the contacts
 * with those e-mails rather than adding any, files that are not CSV, empty or Latin-1 refused in words with
 * nothing queued, the whole import by keyboard alone; axe-clean, saved light and dark under test-results/screens/.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { invoke } from './fixtures/page-bridge';
import { expect, setFaults, showApp, testOnFilePage as test } from './fixtures/web-host';
import { chooseCsv, contactsCsv } from './morning/import';
import { seriousViolationsIn } from './fixtures/axe';
import { runFromPalette } from './fixtures/palette';

test.describe.configure({ timeout: 180_000 });

const SCREENS_DIR = process.env.SCREENS_DIR ?? 'test-results/screens';
const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Import contacts from CSV' });
const csvFile = (text: string, name = 'contatti.csv') => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });

/** Axe in both schemes, and a screenshot of each. */
async function lookAt(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await seriousViolationsIn(scheme, page, '[role="dialog"]'), `${name} ${scheme}`).toEqual([]);
    await page.screenshot({ path: `${SCREENS_DIR}/contacts-import-${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Entries not yet through: the provider fails every request here, so what is queued stays (queued or sending). */
/** An entry's params as plain values (the outbox's union of every kind's params). */
const paramsOf = (entry: { params: object }): Record<string, unknown> => ({ ...entry.params });

const pendingCount = async (page: Page) => {
  const counts = await invoke(page, 'outbox.counts');
  return counts.queued + counts.sending;
};

test.beforeAll(() => mkdirSync(SCREENS_DIR, { recursive: true }));

test.beforeEach(async ({ page, webHost }) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  await showApp(page, webHost);
  await setFaults(webHost.sandbox!, { reset: 1 });
  await page.evaluate(() => (location.hash = '#/contacts'));
  // The file's first page load: on a busy two-core run it can take longer than an assertion's default.
  await expect(page.getByRole('heading', { level: 1, name: /Contacts/ })).toBeVisible({ timeout: 30_000 });
});

test.afterAll(async ({ webHost }) => setFaults(webHost.sandbox!, { reset: 0 }));

test('a 20-row file: the invalid row shown with its reason and left out, a column remapped, a field taken twice refused, 19 queued', async ({ page }) => {
  const csv = contactsCsv('spec20');
  const before = await pendingCount(page);
  await chooseCsv(page, csvFile(csv.text));
  const dialog = dialogOf(page);

  // Guessed from the Italian headers.
  await expect(dialog.getByLabel('Column “Nome”')).toHaveValue('firstname');
  await expect(dialog.getByLabel('Column “E-mail”')).toHaveValue('email');
  await expect(dialog.getByLabel('Column “Città”')).toHaveValue('city');
  await expect(dialog.getByText('19 rows will be queued, one left out')).toBeVisible();
  await expect(dialog.getByText('contatti.csv: 20 rows')).toBeVisible();
  const invalid = dialog.getByRole('row').filter({ hasText: csv.invalid.email });
  await expect(invalid).toContainText('Left out: E-mail must be an e-mail address');
  await expect(invalid.getByRole('cell').first()).toHaveText('12');
  await lookAt(page, 'preview');

  // Only the rows left out.
  await dialog.getByRole('checkbox', { name: 'Show only the rows left out' }).check();
  await expect(dialog.getByRole('rowgroup').nth(1).getByRole('row')).toHaveCount(1);
  await dialog.getByRole('checkbox', { name: 'Show only the rows left out' }).uncheck();

  // A column not imported: its values leave the preview (and the contacts).
  await dialog.getByLabel('Column “Città”').selectOption({ label: 'Not imported' });
  await expect(dialog.getByRole('columnheader', { name: 'City' })).toHaveCount(0);
  await expect(dialog.getByRole('row').filter({ hasText: 'Forlì' })).toHaveCount(0);

  // A field taken twice is refused, and nothing can be queued until it is not.
  await dialog.getByLabel('Column “Cognome”').selectOption({ label: 'E-mail' });
  await expect(dialog.getByLabel('Column “Cognome”')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('alert')).toHaveText('“E-mail” is already filled by column “E-mail”: choose another field or “Not imported”.');
  await expect(dialog.getByRole('button', { name: /^Queue/ })).toBeDisabled();
  await lookAt(page, 'mapping-clash');
  await dialog.getByLabel('Column “Cognome”').selectOption({ label: 'Company' });
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(dialog.getByRole('columnheader', { name: 'Company' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Queue 19 contacts' }).click();
  await expect(dialog.getByRole('status')).toHaveText('19 contacts queued in the outbox; 1 row left out.');
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  expect((await pendingCount(page)) - before).toBe(19);
  const queued = await invoke(page, 'outbox.list', { kind: 'add-contact' });
  const imported = queued.filter((entry) => paramsOf(entry).companyname === csv.lastName).sort((a, b) => a.id - b.id);
  expect(imported.map((entry) => paramsOf(entry).email)).toEqual(csv.valid);
  expect(imported.every((entry) => paramsOf(entry).city === undefined && paramsOf(entry).lastname === undefined)).toBe(true);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('update by e-mail changes the contacts with those e-mails and adds none', async ({ page }) => {
  const { rows } = await invoke(page, 'data.list', { resource: 'contacts', limit: 2 });
  const [first, second] = rows as { id: number; email: string }[];
  const totalBefore = (await invoke(page, 'data.list', { resource: 'contacts', limit: 1 })).total;
  const before = await pendingCount(page);
  await chooseCsv(page, csvFile(`E-mail,City\n${first!.email},Bolzano\n${second!.email},Merano\nnobody.here@example.com,Trento\n`));
  const dialog = dialogOf(page);
  await expect(dialog.getByText('3 rows will be queued, none left out')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Update the contact with the same e-mail' }).check();
  await expect(dialog.getByText('2 rows will be queued, one left out')).toBeVisible();
  await expect(dialog.getByRole('row').filter({ hasText: 'Trento' })).toContainText('Left out: E-mail no contact has this e-mail');
  await dialog.getByRole('button', { name: 'Queue 2 contacts' }).click();
  await expect(dialog.getByRole('status')).toHaveText('2 contacts queued in the outbox; 1 row left out.');
  expect((await pendingCount(page)) - before).toBe(2);
  const updates = (await invoke(page, 'outbox.list', { kind: 'update-contact' })).filter((entry) => ['Bolzano', 'Merano'].includes(String(paramsOf(entry).city)))
    .sort((a, b) => a.id - b.id);
  expect(updates.map((entry) => [paramsOf(entry).contactid, paramsOf(entry).city])).toEqual([
    [first!.id, 'Bolzano'],
    [second!.id, 'Merano'],
  ]);
  expect((await invoke(page, 'data.list', { resource: 'contacts', limit: 1 })).total).toBe(totalBefore);
  await dialog.getByRole('button', { name: 'Close' }).click();
});

test('a file that is not CSV, an empty one and a Latin-1 one are refused in words, and nothing is queued', async ({ page }) => {
  const before = await pendingCount(page);
  const dialog = dialogOf(page);
  const cases: [string, { name: string; mimeType: string; buffer: Buffer }, string][] = [
    ['not-csv', { name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]) }, 'This is not a CSV file: it holds binary data.'],
    ['empty', { name: 'vuoto.csv', mimeType: 'text/csv', buffer: Buffer.alloc(0) }, 'The file is empty: there is nothing to import.'],
    ['latin1', { name: 'vecchio.csv', mimeType: 'text/csv', buffer: Buffer.from('Nome;Città\nNicolò;Forlì\n', 'latin1') }, 'The file is not in UTF-8 (it looks like Latin-1'],
  ];
  for (const [name, file, words] of cases) {
    await chooseCsv(page, file);
    await expect(dialog.getByRole('alert')).toContainText(words);
    await expect(dialog.getByRole('alert')).toContainText('Nothing was queued.');
    await expect(dialog.getByRole('button', { name: /^Queue/ })).toBeDisabled();
    await lookAt(page, `refused-${name}`);
  }
  // A good file after a refused one clears the refusal.
  await chooseCsv(page, csvFile('Nome,E-mail\nAda,ada@example.com\n'));
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Queue 1 contact' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(await pendingCount(page)).toBe(before);
});

test('a file with more rows than one import queues is refused in words before Queue is offered, in English and Italian', async ({ page }) => {
  const before = await pendingCount(page);
  const dialog = dialogOf(page);
  // 5,002 rows, one of them invalid: 5,001 to queue, one past the limit (BULK_LIMIT, as for bulk edits).
  await chooseCsv(page, csvFile(contactsCsv('cap', 5002).text));
  await expect(dialog.getByRole('alert')).toHaveText('The file has 5,001 rows to queue; one import queues at most 5,000: split the file and import each part.');
  await expect(dialog.getByRole('button', { name: /^Queue/ })).toBeDisabled();
  await lookAt(page, 'too-many-rows');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await invoke(page, 'settings.set', { language: 'it' });
  await page.getByRole('button', { name: 'Importa da CSV…' }).click();
  const italian = page.getByRole('dialog', { name: 'Importa contatti da CSV' });
  const chooser = page.waitForEvent('filechooser');
  await italian.getByRole('button', { name: 'Scegli un file CSV…' }).click();
  await (await chooser).setFiles(csvFile(contactsCsv('cap', 5002).text));
  await expect(italian.getByRole('alert')).toContainText(/Il file ha 5\.?001 righe da mettere in coda; un’importazione ne mette in coda al massimo 5\.?000/);
  await italian.getByRole('button', { name: 'Annulla' }).click();
  await invoke(page, 'settings.set', { language: 'en' });
  expect(await pendingCount(page)).toBe(before);
});

test('by keyboard alone: open from the palette, choose the file, remap, queue', async ({ page }) => {
  const csv = contactsCsv('keys', 12);
  await runFromPalette(page, 'import contacts', /^Import contacts from CSV/);
  const dialog = dialogOf(page);
  await expect(dialog).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await expect(dialog.getByRole('button', { name: 'Choose a CSV file…' })).toBeFocused();
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(csvFile(csv.text));
  await expect(dialog.getByText('11 rows will be queued, one left out')).toBeVisible();

  // Tab to the "Città" column's field and choose "Not imported" with the arrows.
  const city = dialog.getByLabel('Column “Città”');
  for (let i = 0; i < 10 && !(await city.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(city).toBeFocused();
  await page.keyboard.press('Home');
  await expect(city).toHaveValue('');
  await expect(dialog.getByRole('columnheader', { name: 'City' })).toHaveCount(0);

  const queue = dialog.getByRole('button', { name: 'Queue 11 contacts' });
  for (let i = 0; i < 12 && !(await queue.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(queue).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toHaveText('11 contacts queued in the outbox; 1 row left out.');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
});

test('Italian words, and 2,000 rows previewed with only the visible ones drawn', async ({ page }) => {
  await invoke(page, 'settings.set', { language: 'it' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  const csv = contactsCsv('big', 2000);
  await page.getByRole('button', { name: 'Importa da CSV…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importa contatti da CSV' });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Scegli un file CSV…' }).click();
  await (await chooser).setFiles(csvFile(csv.text));
  await expect(dialog.getByText(/1\.?999 righe verranno messe in coda, una esclusa/)).toBeVisible();
  expect(await dialog.getByRole('rowgroup').nth(1).getByRole('row').count()).toBeLessThan(40);
  await dialog.getByRole('checkbox', { name: 'Mostra solo le righe escluse' }).check();
  await expect(dialog.getByRole('rowgroup').nth(1).getByRole('row')).toContainText('Esclusa: E-mail deve essere un indirizzo e-mail');
  await lookAt(page, 'it-2000');
  await dialog.getByRole('button', { name: 'Annulla' }).click();
  await invoke(page, 'settings.set', { language: 'en' });
});
