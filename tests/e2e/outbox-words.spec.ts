/**
 * The outbox and pending records in a person's words (issue 22, items 5-9, 11, 12, 18), in Chromium through the
 * web host and the demo provider. Signed out first, so every edit stays queued: each is named as the lists name
 * its record (never a local id) and opens to its values, record and the provider's words; a queued order shows
 * in Orders with the price the form showed and its domain in Domains, in filters and search; a new ticket's
 * detail shows its message and attachments; a pending deletion is struck through with Undo; bulk edit says what
 * it skips; the Invoices screen says what it holds beside the account's totals; the palette formats values as
 * the lists do. Signed in again, a refusal is announced and Fix… focuses the field it names. Screenshots, light
 * and dark, English and Italian, under test-results/screens/.
 */
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { invoke } from './fixtures/page-bridge';
import { expect, showApp, testOnFilePage as test } from './fixtures/web-host';

test.describe.configure({ mode: 'serial' });

const SCREENS_DIR = process.env.SCREENS_DIR ?? 'test-results/screens';
test.beforeAll(() => mkdirSync(SCREENS_DIR, { recursive: true }));

/**
 * Saves the screen light and dark, in English and Italian (back to English and light after). The page is
 * reloaded in each language (the address keeps the screen); `ready` opens what the screen shows and waits for it.
 */
async function shoot(page: Page, name: string, ready: (page: Page) => Promise<void>): Promise<void> {
  for (const language of ['en', 'it'] as const) {
    await invoke(page, 'settings.set', { language });
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await ready(page);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `${SCREENS_DIR}/${name}-${language}-${scheme}.png` });
    }
  }
  await invoke(page, 'settings.set', { language: 'en' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.emulateMedia({ colorScheme: 'light' });
}
const go = (page: Page, hash: string) => page.evaluate((h) => (location.hash = h), hash);

/** Opens an Outbox row that may already be open (a change of language keeps the screen as it was). */
async function expand(opener: Locator): Promise<void> {
  if ((await opener.getAttribute('aria-expanded')) !== 'true') await opener.click();
  await expect(opener).toHaveAttribute('aria-expanded', 'true');
}

const outboxRow = (page: Page, id: number) =>
  page.getByRole('table', { name: /^(Outbox|In uscita)$/ }).getByRole('row').filter({ has: page.getByRole('cell', { name: String(id), exact: true }) });

interface Named {
  id: number;
  firstName: string;
  lastName: string;
}

test('every queued edit is named as the lists name it, and opens to its values, record and tries', async ({ page, webHost }) => {
  await showApp(page, webHost);
  await invoke(page, 'accounts.signOut', { name: 'Demo' });
  const contact = (await invoke(page, 'data.list', { resource: 'contacts', limit: 1 })).rows[0] as Named;
  const ticket = (await invoke(page, 'data.list', { resource: 'tickets', limit: 1 })).rows[0] as { id: number; tid: string };

  const update = await invoke(page, 'outbox.enqueue', { kind: 'update-contact', params: { contactid: contact.id, supportemails: true } });
  const reply = await invoke(page, 'outbox.enqueue', { kind: 'add-ticket-reply', params: { ticketid: ticket.id, message: 'Thank you' } });
  const invoice = await invoke(page, 'outbox.enqueue', {
    kind: 'create-invoice',
    params: { items: [{ description: 'Hosting', amount: '100.00' }, { description: 'Domain', amount: '58.42' }, { description: 'Setup', amount: '30.00' }] },
  });
  const order = await invoke(page, 'outbox.enqueue', {
    kind: 'add-order',
    params: { domain: ['bright-new.com'], domaintype: ['register'], regperiod: [2], shownprice: '25.90' },
  });
  const ada = await invoke(page, 'outbox.enqueue', { kind: 'add-contact', params: { firstname: 'Ada', lastname: 'Byron', email: 'ada@example.com' } });
  const adaEdit = await invoke(page, 'outbox.enqueue', { kind: 'update-contact', params: { contactid: ada.localId!, city: 'Trento' } });

  await page.getByRole('link', { name: 'Outbox', exact: true }).click();
  await expect(outboxRow(page, update.id)).toContainText(`${contact.firstName} ${contact.lastName}: Support e-mails on`);
  await expect(outboxRow(page, reply.id)).toContainText(`Reply to ticket #${ticket.tid}`);
  await expect(outboxRow(page, invoice.id)).toContainText(/New invoice, 3 lines, \D*188\.42/);
  await expect(outboxRow(page, order.id)).toContainText(/Register bright-new\.com for 2 years, \D*25\.90/);
  await expect(outboxRow(page, ada.id)).toContainText('New contact Ada Byron');
  await expect(outboxRow(page, adaEdit.id)).toContainText('Ada Byron: City “Trento”');
  await expect(page.getByRole('table', { name: 'Outbox' })).not.toContainText('local:');

  // A row opens: its values labelled, its record as a link, its tries.
  const opener = outboxRow(page, invoice.id).getByRole('button', { name: /New invoice/ });
  await opener.click();
  await expect(opener).toHaveAttribute('aria-expanded', 'true');
  const detail = page.locator(`#outbox-entry-${invoice.id}`);
  await expect(detail).toContainText('What it sends');
  await expect(detail).toContainText(/Hosting: \D*100\.00/);
  await expect(detail).toContainText('Not sent yet');
  await expect(detail).not.toContainText('local:');
  const updateOpener = outboxRow(page, update.id).getByRole('button', { name: new RegExp(contact.firstName) });
  await updateOpener.click();
  const updateDetail = page.locator(`#outbox-entry-${update.id}`);
  await expect(updateDetail.getByRole('link', { name: `Open ${contact.firstName} ${contact.lastName}` })).toBeVisible();
  // Tried while signed out: the row and the detail say so in words, not the engine's own sentence, and not as a
  // sign-in the provider refused.
  await expect(outboxRow(page, update.id).locator('td.outbox-why')).toHaveText('You signed out: sign in again to send your edits.');
  await expect(updateDetail).toContainText('Why it has not goneYou signed out: sign in again to send your edits.');
  await expect(updateDetail).not.toContainText('signed out by the user');
  await shoot(page, 'outbox', async (p) => expect(outboxRow(p, order.id)).toContainText('bright-new.com'));
  await shoot(page, 'outbox-entry-opened', async (p) => {
    await expand(outboxRow(p, invoice.id).getByRole('button').first());
    await expect(p.locator(`#outbox-entry-${invoice.id}`)).toBeVisible();
  });
  await expand(outboxRow(page, update.id).getByRole('button').first());
  await updateDetail.getByRole('link', { name: `Open ${contact.firstName} ${contact.lastName}` }).click();
  await expect(page.getByRole('region', { name: 'Details' }).getByRole('heading', { level: 2 })).toHaveText(`${contact.firstName} ${contact.lastName}`);
});

test('a queued order shows in Orders with its lines and the price shown; its domain shows pending in Domains and search', async ({ page, webHost }) => {
  await showApp(page, webHost);
  const orders = (await invoke(page, 'data.list', { resource: 'orders', limit: 5 })).rows;
  const queued = orders.find((o) => typeof o.id === 'string')!;
  expect(queued).toMatchObject({ pending: 'create', amount: '25.90' });

  await go(page, `#/orders/${queued.id}`);
  const pane = page.getByRole('region', { name: 'Details' });
  await expect(pane.getByRole('heading', { level: 2 })).toHaveText('New order (not sent yet)');
  await expect(pane).toContainText(/Amount\s*\D*25\.90/);
  const line = pane.getByRole('row').filter({ hasText: 'bright-new.com' });
  await expect(line).toContainText('2 years');
  await expect(line).toContainText(/\D*25\.90/);
  await shoot(page, 'pending-order', async (p) => expect(p.getByRole('region', { name: /Details|Dettagli/ })).toContainText('bright-new.com'));

  // Domains: the name it registers, pending, found by the list's text filter and by its status filter.
  const found = await invoke(page, 'data.list', { resource: 'domains', text: 'bright-new', limit: 10 });
  expect(found.rows).toEqual([expect.objectContaining({ domainName: 'bright-new.com', status: 'Pending', pending: 'create' })]);
  const pendingOnes = await invoke(page, 'data.list', { resource: 'domains', filters: { status: 'Pending' }, limit: 1000 });
  expect(pendingOnes.rows.map((d) => (d as { domainName?: string }).domainName)).toContain('bright-new.com');
  await go(page, '#/domains?q=bright-new');
  const row = page.getByRole('row').filter({ hasText: 'bright-new.com' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Pending');
  await shoot(page, 'pending-domain', async (p) => expect(p.getByRole('row').filter({ hasText: 'bright-new.com' })).toBeVisible());

  // Search finds it, pending, named as the list names it.
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox').fill('bright-new');
  await expect(page.getByRole('option').filter({ hasText: 'bright-new.com' }).first()).toBeVisible();
  await page.keyboard.press('Escape');
});

test('a new ticket shows its message and attachments on its detail, marked as written here', async ({ page, webHost }) => {
  await showApp(page, webHost);
  const department = (await invoke(page, 'data.list', { resource: 'departments', limit: 1 })).rows[0]!;
  const opened = await invoke(page, 'outbox.enqueue', {
    kind: 'open-ticket',
    params: { deptid: department.id as number, subject: 'UX test of a new ticket', message: 'The panel shows 500 on login.\nSince this morning.', attachments: [{ name: 'notes.txt', data: btoa('x'.repeat(26)) }] },
  });
  await go(page, `#/tickets/${opened.localId}`);
  const pane = page.getByRole('region', { name: 'Details' });
  const written = pane.getByRole('region', { name: 'Written in this app' });
  await expect(written).toContainText('The panel shows 500 on login.');
  await expect(written).toContainText(/notes\.txt \(26 ?\S+\)/);
  await expect(written).toContainText('only the messages written in this app are shown here');
  await shoot(page, 'new-ticket-detail', async (p) => expect(p.getByRole('region', { name: /Written in this app|Scritto in questa app/ })).toBeVisible());

  // The palette names the pending ticket by its subject, with no empty number.
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox').fill('UX test of');
  const hit = page.getByRole('option').filter({ hasText: 'UX test of a new ticket' }).first();
  await expect(hit).toBeVisible();
  await expect(hit).not.toContainText('# UX');
  await page.keyboard.press('Escape');
});

test('a pending deletion is struck through, "Deleted — waiting to be sent", with Undo', async ({ page, webHost }) => {
  await showApp(page, webHost);
  const contact = (await invoke(page, 'data.list', { resource: 'contacts', limit: 3 })).rows.at(-1) as Named;
  const deletion = await invoke(page, 'outbox.enqueue', { kind: 'delete-contact', params: { contactid: contact.id } });
  await go(page, `#/contacts/${contact.id}`);
  const pane = page.getByRole('region', { name: 'Details' });
  const title = pane.getByRole('heading', { level: 2 });
  await expect(title).toHaveCSS('text-decoration-line', 'line-through');
  await expect(pane).toContainText('Deleted — waiting to be sent');
  // Its row in the list (the one whose detail is open) is struck through too.
  const listed = page.locator('[role="row"][aria-selected="true"]').getByRole('gridcell').first();
  await expect(listed).toHaveCSS('text-decoration-line', 'line-through', { timeout: 15_000 });
  await shoot(page, 'pending-deletion', async (p) => expect(p.getByRole('region', { name: /Details|Dettagli/ }).getByRole('button', { name: /Undo|Annulla/ })).toBeVisible());

  await pane.getByRole('button', { name: `Undo the deletion of ${contact.firstName} ${contact.lastName}` }).click();
  await expect(pane).not.toContainText('Deleted — waiting to be sent');
  await expect(title).toHaveCSS('text-decoration-line', 'none');
  const [entry] = await invoke(page, 'outbox.list', { states: ['cancelled'] }).then((all) => all.filter((e) => e.id === deletion.id));
  expect(entry?.state).toBe('cancelled');
});

test('bulk edit says, before queueing, what it leaves out and why, and counts only what it queues', async ({ page, webHost }) => {
  await showApp(page, webHost);
  const contacts = (await invoke(page, 'data.list', { resource: 'contacts', limit: 100 })).rows;
  const doomed = contacts.find((c) => c.pending === null)!;
  await invoke(page, 'outbox.enqueue', { kind: 'delete-contact', params: { contactid: doomed.id as number } });
  const shown = contacts.length;
  await go(page, '#/contacts');
  await page.getByRole('button', { name: `Edit ${shown} shown…` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('1 contact shown is left out: its deletion is waiting to be sent.');
  await dialog.getByRole('combobox', { name: 'City' }).selectOption('set');
  await dialog.getByRole('textbox', { name: 'New City' }).fill('Testville');
  await dialog.getByRole('button', { name: 'Preview changes' }).click();
  await expect(dialog.getByRole('button', { name: `Queue ${shown - 1} edits` })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test('the Invoices screen says what it holds, beside the account’s invoice totals', async ({ page, webHost }) => {
  await showApp(page, webHost);
  const { stats } = (await invoke(page, 'data.client'))!;
  await go(page, '#/invoices');
  const totals = page.getByRole('region', { name: 'Invoices' });
  await expect(totals).toContainText('This list holds the invoices made in this app');
  // A space after the colon ("counts it: 9 invoices due", not "counts it:9"), and each figure an item of its own.
  expect(await totals.innerText()).toMatch(new RegExp(`as the provider counts it:\\s+${stats!.numDueInvoices} invoices? due`));
  await expect(totals.getByRole('listitem')).toHaveCount(4);
  await expect(page.getByText('The provider lists no invoices')).toHaveCount(0);
  // The figures are Billing's: the link goes there, not to the dashboard.
  await totals.getByRole('link', { name: 'Every figure on Billing →' }).click();
  await expect(page).toHaveURL(/#\/billing$/);
});

test('the palette shows dates and amounts as the lists do', async ({ page, webHost }) => {
  await showApp(page, webHost);
  const ticket = (await invoke(page, 'data.list', { resource: 'tickets', limit: 50 })).rows.find((t) => (t as { lastReply?: string | null }).lastReply) as
    | { subject: string }
    | undefined;
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox').fill(ticket!.subject.split(' ').slice(0, 3).join(' '));
  const hits = page.getByRole('option').filter({ hasText: ticket!.subject });
  await expect(hits.first()).toBeVisible();
  await expect(hits.first()).not.toContainText(/\d{4}-\d{2}-\d{2}/);
  await page.keyboard.press('Escape');
});

test('a refusal is announced, naming the record; Fix… puts the provider’s words under the field and focuses it', async ({ page, webHost }) => {
  await showApp(page, webHost);
  // Signed in again: the queue is sent, and this edit is refused.
  await invoke(page, 'accounts.signIn', { name: 'Demo', password: webHost.sandbox!.password });
  const contact = (await invoke(page, 'data.list', { resource: 'contacts', limit: 100 })).rows.find((c) => typeof c.id === 'number' && c.pending === null) as Named;
  await invoke(page, 'outbox.enqueue', { kind: 'update-contact', params: { contactid: contact.id, country: 'XX' } });
  const notice = page.getByRole('alert').filter({ hasText: 'The provider refused an edit' }).filter({ hasText: `${contact.firstName} ${contact.lastName}` });
  await expect(notice).toContainText(`${contact.firstName} ${contact.lastName}: Country “XX”: Invalid Country Code`, { timeout: 30_000 });
  // The notice lasts until dismissed or fixed (a reload drops it; the Outbox keeps the refusal): light and dark as it is.
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${SCREENS_DIR}/refusal-notice-en-${scheme}.png` });
  }
  await notice.getByRole('button', { name: 'Fix…' }).click();
  const dialog = page.getByRole('dialog');
  const country = dialog.getByRole('textbox', { name: 'Country' });
  await expect(country).toBeFocused();
  await expect(country).toHaveAccessibleDescription('Invalid Country Code');
  await expect(dialog.locator('.form-problem')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});
