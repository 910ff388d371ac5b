/**
 * The screens that make edits, in Chromium through the web host and the demo provider: a new contact (a field
 * the engine refuses says why under it; what was typed survives closing the dialog), editing and deleting a
 * contact from its detail pane, one change to every contact a list shows, a new ticket with an attachment (a
 * file that cannot go is refused with its reason), and a reply. Each edit is checked where it lands: the
 * outbox, then the list once the provider confirmed it.
 */
import type { Page } from '@playwright/test';
import type { MutationKind } from '../../shared/outbox/kinds';
import { invoke } from './fixtures/page-bridge';
import { lookAt } from './fixtures/screens';
import { expect, showApp, testOnFilePage as test } from './fixtures/web-host';
import { runFromPalette } from './fixtures/palette';

test.describe.configure({ mode: 'serial' });

const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });


/** The outbox's entries of a kind, newest first, their params as plain fields. */
const queued = async (page: Page, kind: MutationKind) =>
  (await invoke(page, 'outbox.list', { kind })).map((entry) => ({ ...entry, params: entry.params as Record<string, unknown> }));

test('a new contact: a refused field says why under it and keeps what was typed; the contact opens and is sent', async ({ page, webHost }) => {
  await showApp(page, webHost);
  await page.getByRole('link', { name: 'Contacts', exact: true }).click();
  await page.getByRole('button', { name: 'New contact' }).click();
  const form = dialog(page, 'New contact');
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  await form.getByLabel('E-mail', { exact: true }).fill('ada@');
  await form.getByRole('button', { name: 'Add contact' }).click();
  await expect(form.getByLabel('E-mail', { exact: true })).toHaveAccessibleDescription('must be an e-mail address');
  await expect(form.getByLabel('First name')).toHaveValue('Ada');

  // Closed by mistake, the form comes back as it was left.
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await page.getByRole('button', { name: 'New contact' }).click();
  await expect(form.getByLabel('Last name')).toHaveValue('Lovelace');

  await form.getByLabel('E-mail', { exact: true }).fill('ada@analytical.example');
  await form.getByLabel('Country').fill('gb');
  await form.getByRole('checkbox', { name: 'Invoices' }).check();
  await form.getByRole('button', { name: 'Add contact' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('region', { name: 'Details' }).getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();

  const [entry] = await queued(page, 'add-contact');
  expect(entry?.params).toMatchObject({ firstname: 'Ada', lastname: 'Lovelace', email: 'ada@analytical.example', country: 'GB', invoiceemails: true });
  await expect(page.getByRole('row').filter({ hasText: 'ada@analytical.example' })).toBeVisible();
  await expect.poll(async () => (await queued(page, 'add-contact'))[0]?.state, { timeout: 30_000 }).toBe('done');
});

test('a new sub-account needs its password, which the outbox keeps sealed and never shows', async ({ page, webHost }) => {
  await showApp(page, webHost);
  await page.getByRole('link', { name: 'Contacts', exact: true }).click();
  await page.getByRole('button', { name: 'New contact' }).click();
  const form = dialog(page, 'New contact');
  await form.getByLabel('First name').fill('Olive');
  await form.getByLabel('E-mail', { exact: true }).fill('olive.ops@example.com');
  await form.getByRole('checkbox', { name: /^Sub-account/ }).check();
  await form.getByRole('button', { name: 'Add contact' }).click();
  // The field in error takes the focus, below the fold of the form.
  await expect(form.getByLabel('Password', { exact: true })).toBeFocused();
  await expect(form.getByLabel('Password', { exact: true })).toHaveAccessibleDescription('is needed to make this contact a sub-account');
  await form.getByLabel('Password', { exact: true }).fill('Olive-Pass-77');
  await form.getByRole('button', { name: 'Add contact' }).click();
  await expect(form).toBeHidden();
  const [entry] = await queued(page, 'add-contact');
  expect(entry?.params).toMatchObject({ firstname: 'Olive', email: 'olive.ops@example.com' });
  expect(JSON.stringify(entry)).not.toContain('Olive-Pass-77');
  await expect.poll(async () => (await queued(page, 'add-contact'))[0]?.state, { timeout: 30_000 }).toBe('done');
  // The sync that follows a confirmed edit brings the provider's record: a sub-account.
  await expect
    .poll(async () => ((await invoke(page, 'data.get', { resource: 'contacts', id: entry!.localId! })) as { subaccount?: boolean; pending: unknown } | null)?.subaccount, {
      timeout: 30_000,
    })
    .toBe(true);
});

test('a contact is edited and deleted from its detail pane; an edit sends only what changed', async ({ page, webHost }) => {
  await showApp(page, webHost);
  const contact = (await invoke(page, 'data.list', { resource: 'contacts', limit: 1, sort: { field: 'id', dir: 'asc' } })).rows[0]!;
  await showApp(page, webHost, `#/contacts/${contact.id}`);
  const pane = page.getByRole('region', { name: 'Details' });
  await pane.getByRole('button', { name: 'Edit' }).click();
  const form = dialog(page, 'Edit contact');
  await expect(form.getByLabel('E-mail', { exact: true })).toHaveValue(String((contact as { email?: string }).email));
  await form.getByLabel('City').fill('Rovereto');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form).toBeHidden();
  await expect(pane).toContainText('Rovereto');
  const [edit] = await queued(page, 'update-contact');
  expect(edit?.params).toEqual({ contactid: contact.id, city: 'Rovereto' });

  await pane.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('removed from the provider');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  const [removal] = await queued(page, 'delete-contact');
  expect(removal?.params).toEqual({ contactid: contact.id });
});

test('one change to every contact the list shows queues one edit per contact', async ({ page, webHost }) => {
  await showApp(page, webHost);
  // The edits of the tests before this one settle first (sent, and the sync after them done): a deletion
  // confirmed meanwhile would change what is shown.
  await expect
    .poll(async () => {
      const counts = await invoke(page, 'outbox.counts');
      return counts.queued + counts.sending === 0 && !(await invoke(page, 'sync.status')).running;
    }, { timeout: 30_000 })
    .toBe(true);
  const before = (await queued(page, 'update-contact')).length;
  await showApp(page, webHost, `#/contacts?subaccount=false`);
  const shown = await invoke(page, 'data.list', { resource: 'contacts', filters: { subaccount: false }, limit: 100 });
  const count = shown.total;
  const button = page.getByRole('button', { name: `Edit ${count} shown…` });
  await button.click();
  const form = dialog(page, `Edit ${count} contacts`);
  // Per field: keep, set to…, or clear; then the preview of every contact before the queue.
  await form.getByRole('combobox', { name: 'City', exact: true }).selectOption('set');
  await form.getByRole('textbox', { name: 'New City' }).fill('Bolzano');
  await form.getByRole('combobox', { name: 'Support', exact: true }).selectOption('set');
  await form.getByRole('button', { name: 'Preview changes' }).click();
  await form.getByRole('button', { name: `Queue ${count} edits` }).click();
  await expect(form).toBeHidden();
  const all = await queued(page, 'update-contact');
  expect(all.length).toBe(before + count);
  const edits = all.slice(0, count);
  expect(new Set(edits.map((e) => e.params.contactid))).toEqual(new Set(shown.rows.filter((r) => r.pending !== 'delete').map((r) => r.id)));
  for (const edit of edits) expect(edit.params).toMatchObject({ city: 'Bolzano', supportemails: true });
});

test('a new ticket from the palette, with an attachment; a file that cannot go is refused with its reason', async ({ page, webHost }) => {
  await showApp(page, webHost);
  await runFromPalette(page, 'new ticket', /^New ticket/);
  const form = dialog(page, 'New ticket');
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Open ticket' }).click();
  await expect(form.getByLabel('Subject')).toHaveAccessibleDescription(/required|empty/);

  const departments = await invoke(page, 'data.list', { resource: 'departments', limit: 10 });
  await form.getByLabel('Department').selectOption(String(departments.rows[0]!.id));
  await form.getByLabel('Priority').selectOption('High');
  await form.getByLabel('Subject').fill('Mail bounces since Tuesday');
  await form.getByLabel('Message').fill('Every message to the domain bounces with 550.');
  const files = form.locator('input[type=file]');
  await files.setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(form.getByRole('alert')).toContainText('setup.exe: .exe files cannot be attached');
  await files.setInputFiles({ name: 'bounce.log', mimeType: 'text/plain', buffer: Buffer.from('550 5.1.1 user unknown\n') });
  await expect(form.getByRole('listitem').filter({ hasText: 'bounce.log' })).toBeVisible();
  await form.getByRole('button', { name: 'Open ticket' }).click();
  await expect(form).toBeHidden();

  const [entry] = await queued(page, 'open-ticket');
  expect(entry?.params).toMatchObject({ deptid: departments.rows[0]!.id, subject: 'Mail bounces since Tuesday', priority: 'High' });
  expect((entry?.params.attachments as { name: string; size: number }[]).map(({ name, size }) => ({ name, size }))).toEqual([{ name: 'bounce.log', size: 23 }]);
  await expect(page.getByRole('region', { name: 'Details' }).getByRole('heading', { name: 'Mail bounces since Tuesday' })).toBeVisible();
});

test('a reply to a ticket is queued with its attachment, and the form empties for the next', async ({ page, webHost }) => {
  await showApp(page, webHost);
  const ticket = (await invoke(page, 'data.list', { resource: 'tickets', limit: 1 })).rows[0]!;
  await showApp(page, webHost, `#/tickets/${ticket.id}`);
  const reply = page.getByRole('region', { name: 'Reply' });
  await reply.getByLabel('Your reply').fill('Thanks, that fixed it.');
  await reply.locator('input[type=file]').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]) });
  await reply.getByRole('button', { name: 'Send reply' }).click();
  await expect(reply.getByRole('status')).toContainText('Reply queued');
  await expect(reply.getByLabel('Your reply')).toHaveValue('');
  const written = reply.getByRole('list', { name: 'Replies written in this app' }).getByRole('listitem');
  await expect(written.last()).toContainText('Thanks, that fixed it.');
  await expect(written.last()).toContainText('screen.png');
  await expect(written.last()).toContainText('Done', { timeout: 30_000 });
  const [entry] = await queued(page, 'add-ticket-reply');
  expect(entry?.params).toMatchObject({ ticketid: ticket.id, message: 'Thanks, that fixed it.' });
  expect((entry?.params.attachments as { name: string }[])[0]?.name).toBe('screen.png');
});

test('a new invoice shows its total as the provider will; a bad amount is refused on its own line', async ({ page, webHost }) => {
  await showApp(page, webHost);
  await page.getByRole('link', { name: 'Invoices', exact: true }).click();
  await page.getByRole('button', { name: 'New invoice' }).click();
  const form = dialog(page, 'New invoice');
  await form.getByLabel('Line 1: description').fill('Hosting, one year');
  await form.getByLabel('Line 1: amount').fill('120.00');
  await form.getByRole('button', { name: 'Add line' }).click();
  await form.getByLabel('Line 2: description').fill('Setup');
  await form.getByLabel('Line 2: amount').fill('15.555');
  await form.getByLabel('Tax rate (%)').fill('22');
  await form.getByLabel('Line 2: taxed').uncheck();
  await form.getByRole('button', { name: 'Create invoice' }).click();
  await expect(form.getByLabel('Line 2: amount')).toHaveAccessibleDescription('Amount: has more than 2 decimals');
  await expect(form.getByLabel('Line 1: amount')).not.toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Line 2: amount').fill('15.50');
  // 135.50 of lines, 22% of the taxed 120.00.
  await expect(form.getByRole('definition').last()).toContainText('161.90');
  await form.getByRole('button', { name: 'Create invoice' }).click();
  await expect(form).toBeHidden();
  const [entry] = await queued(page, 'create-invoice');
  expect(entry?.params).toMatchObject({
    status: 'Unpaid',
    taxrate: 22,
    items: [{ description: 'Hosting, one year', amount: '120.00', taxed: true }, { description: 'Setup', amount: '15.50' }],
  });
  expect((entry?.params.items as object[])[1]).not.toHaveProperty('taxed');
});

test('an invoice with tax rates taxes its new lines; rates that tax no line are said before it is queued', async ({ page, webHost }) => {
  await showApp(page, webHost, '#/invoices');
  const before = (await queued(page, 'create-invoice')).length;
  await page.getByRole('button', { name: 'New invoice' }).click();
  const form = dialog(page, 'New invoice');
  await form.getByLabel('Tax rate (%)').fill('22');
  await form.getByLabel('Second-level tax (%)').fill('4');
  await form.getByLabel('Line 1: description').fill('Hosting, one year');
  await form.getByLabel('Line 1: amount').fill('100');
  await form.getByRole('button', { name: 'Add line' }).click();
  await form.getByLabel('Line 2: description').fill('Domain');
  await form.getByLabel('Line 2: amount').fill('10');
  await expect(form.getByLabel('Line 1: taxed')).toBeChecked();
  await expect(form.getByLabel('Line 2: taxed')).toBeChecked();
  // 110.00 + 22% + 4%.
  await expect(form.getByRole('definition').last()).toContainText('138.60');

  // Both unticked: said before anything is queued, to confirm or fix.
  await form.getByLabel('Line 1: taxed').uncheck();
  await form.getByLabel('Line 2: taxed').uncheck();
  await form.getByRole('button', { name: 'Create invoice' }).click();
  const warning = form.getByRole('alert').filter({ hasText: 'no line is taxed' });
  await expect(warning).toHaveText(/Taxes of 22% and 4% are set, but no line is taxed: this invoice would carry no tax\./);
  expect(await queued(page, 'create-invoice')).toHaveLength(before);
  await lookAt(page, 'invoice-untaxed');

  await warning.getByRole('button', { name: 'Tax every line' }).click();
  await expect(warning).toBeHidden();
  await expect(form.getByLabel('Line 2: taxed')).toBeChecked();
  await form.getByRole('button', { name: 'Create invoice' }).click();
  await expect(form).toBeHidden();
  const [entry] = await queued(page, 'create-invoice');
  expect(entry?.params).toMatchObject({ taxrate: 22, taxrate2: 4, items: [{ amount: '100.00', taxed: true }, { amount: '10.00', taxed: true }] });

  // Confirmed as it is, it goes untaxed.
  await page.getByRole('button', { name: 'New invoice' }).click();
  await form.getByLabel('Tax rate (%)').fill('22');
  await form.getByLabel('Line 1: description').fill('Refund of a fee');
  await form.getByLabel('Line 1: amount').fill('5');
  await form.getByLabel('Line 1: taxed').uncheck();
  await form.getByRole('button', { name: 'Create invoice' }).click();
  await form.getByRole('alert').getByRole('button', { name: 'Create without tax' }).click();
  await expect(form).toBeHidden();
  const [untaxed] = await queued(page, 'create-invoice');
  expect(untaxed?.params).toMatchObject({ taxrate: 22, items: [{ amount: '5.00' }] });
  expect((untaxed?.params.items as object[])[0]).not.toHaveProperty('taxed');
});

test('amounts are read in the person’s format; what cannot be read is refused under its field, in words', async ({ page, webHost }) => {
  await showApp(page, webHost, '#/invoices');
  await page.getByRole('button', { name: 'New invoice' }).click();
  const form = dialog(page, 'New invoice');
  await form.getByLabel('Line 1: description').fill('Server');
  await form.getByLabel('Line 1: amount').fill('1.250,50');
  await form.getByLabel('Line 1: amount').blur();
  await expect(form.getByLabel('Line 1: amount')).toHaveAccessibleDescription('Amount: cannot be read in English: write it as 1,250.50');
  await expect(form.getByLabel('Line 1: amount')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Tax rate (%)').fill('5,5');
  await form.getByLabel('Line 1: description').click();
  await expect(form.getByLabel('Tax rate (%)')).toHaveAccessibleDescription('cannot be read in English: write it as 5.5');
  await form.getByLabel('Tax rate (%)').fill('');
  await form.getByLabel('Line 1: amount').fill('1,250.50');
  await expect(form.getByRole('definition').last()).toContainText('1,250.50');
  await expect(form.getByLabel('Line 1: amount')).not.toHaveAttribute('aria-invalid', 'true');
  await form.getByRole('button', { name: 'Discard draft' }).click();
  await page.keyboard.press('Escape');

  await invoke(page, 'settings.set', { language: 'it' });
  try {
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await page.getByRole('button', { name: 'Nuova fattura' }).click();
    const italian = dialog(page, 'Nuova fattura');
    await italian.getByLabel('Riga 1: descrizione').fill('Server');
    await italian.getByLabel('Riga 1: importo').fill('1.250,50');
    await italian.getByRole('button', { name: 'Aggiungi riga' }).click();
    await italian.getByLabel('Riga 2: descrizione').fill('Dominio');
    await italian.getByLabel('Riga 2: importo').fill('1250,50');
    await italian.getByLabel('Aliquota (%)', { exact: true }).fill('5,5');
    // 2501,00 + 5,5% = 2638,56 (137,555 rounded half up).
    await expect(italian.getByRole('definition').last()).toContainText('2638,56');
    await lookAt(page, 'invoice-italian');
    await italian.getByLabel('Riga 2: importo').fill('12.5');
    await italian.getByLabel('Riga 2: importo').blur();
    await expect(italian.getByLabel('Riga 2: importo')).toHaveAccessibleDescription('Importo: non si legge in italiano: scrivilo come 1.250,50');
    await expect(italian.getByRole('definition').last()).toHaveText('—');
    await italian.getByLabel('Riga 2: importo').fill('12,5');
    await italian.getByRole('button', { name: 'Crea fattura' }).click();
    await expect(italian).toBeHidden();
    const [entry] = await queued(page, 'create-invoice');
    expect(entry?.params).toMatchObject({ taxrate: 5.5, items: [{ amount: '1250.50', taxed: true }, { amount: '12.50', taxed: true }] });
  } finally {
    await invoke(page, 'settings.set', { language: 'en' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  }
});

test('Check domain: a free name is registered for the years chosen, a held one transferred with its EPP code', async ({ page, webHost }) => {
  await showApp(page, webHost);
  await expect.poll(() => new URL(page.url()).searchParams.has('token')).toBe(false);
  await showApp(page, webHost, `#/check-domain`);
  await page.getByLabel('Domain name').fill('surely-nobody-took-this-name-7731.com');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await page.getByRole('button', { name: 'Register…' }).click();
  const register = dialog(page, 'Register surely-nobody-took-this-name-7731.com');
  await register.getByLabel('Period').selectOption({ label: '2 years' });
  await register.getByRole('button', { name: 'Place order' }).click();
  await expect(register).toBeHidden();
  const [order] = await queued(page, 'add-order');
  expect(order?.params).toMatchObject({ domain: ['surely-nobody-took-this-name-7731.com'], domaintype: ['register'], regperiod: [2] });
  await expect(page).toHaveURL(/#\/orders\//);

  await showApp(page, webHost, `#/check-domain`);
  await page.getByLabel('Domain name').fill('example.com');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await page.getByRole('button', { name: 'Transfer…' }).click();
  const transfer = dialog(page, 'Transfer example.com');
  await transfer.getByRole('button', { name: 'Place order' }).click();
  await expect(transfer.getByLabel('EPP code')).toHaveAccessibleDescription(/is needed for a transfer/);
  await transfer.getByLabel('EPP code').fill('s3cr3t-Transfer');
  await transfer.getByRole('button', { name: 'Place order' }).click();
  await expect(transfer).toBeHidden();
  const [transferOrder] = await queued(page, 'add-order');
  expect(transferOrder?.params).toMatchObject({ domain: ['example.com'], domaintype: ['transfer'] });
  // The engine seals the code and shows it masked, never as typed.
  expect(JSON.stringify(transferOrder)).not.toContain('s3cr3t-Transfer');
});

test('an edit the provider refused is fixed in the Outbox and sent again', async ({ page, webHost }) => {
  await showApp(page, webHost);
  const contact = (await invoke(page, 'data.list', { resource: 'contacts', limit: 1 })).rows[0]!;
  // Two letters, as the schema asks, but no country the provider knows.
  const entry = await invoke(page, 'outbox.enqueue', { kind: 'update-contact', params: { contactid: contact.id as number, country: 'ZZ', city: 'Merano' } });
  await page.getByRole('link', { name: 'Outbox', exact: true }).click();
  await page.getByRole('button', { name: /^Failed/ }).click();
  await page.getByRole('button', { name: `Fix… #${entry.id}` }).click();
  const form = dialog(page, `Fix edit #${entry.id}`);
  await expect(form).toContainText('Invalid Country Code');
  await expect(form.getByLabel('City')).toHaveValue('Merano');
  await form.getByLabel('Country').fill('AT');
  await form.getByRole('button', { name: 'Save and send again' }).click();
  await expect(form).toBeHidden();
  await expect.poll(async () => (await queued(page, 'update-contact')).find((e) => e.id === entry.id)?.state, { timeout: 30_000 }).toBe('done');
  expect((await queued(page, 'update-contact')).find((e) => e.id === entry.id)?.params).toEqual({ contactid: contact.id, country: 'AT', city: 'Merano' });
});

test("a ticket about a domain, opened from the domain's detail", async ({ page, webHost }) => {
  await showApp(page, webHost);
  const domain = (await invoke(page, 'data.list', { resource: 'domains', limit: 1 })).rows[0];
  if (!domain || !('domainName' in domain)) throw new Error('the sandbox account holds no domain');
  await showApp(page, webHost, `#/domains/${domain.id}`);
  const details = page.getByRole('region', { name: 'Details' });
  // The account's own domain: its prices, but nothing to register or transfer in.
  await expect(details.getByTestId('availability')).toBeVisible();
  await expect(details.getByRole('button', { name: /^(Transfer|Register)…$/ })).toHaveCount(0);
  await details.getByRole('button', { name: 'New ticket about this…' }).click();
  const form = dialog(page, 'New ticket');
  await expect(form).toContainText(`About ${domain.domainName}`);
  await form.getByLabel('Department').selectOption({ index: 1 });
  await form.getByLabel('Subject').fill('DNS not resolving');
  await form.getByLabel('Message').fill('Since this morning the domain does not resolve.');
  await form.getByRole('button', { name: 'Open ticket' }).click();
  await expect(form).toBeHidden();
  await expect(page).toHaveURL(/#\/tickets\/local:\d+/);
  const [entry] = await queued(page, 'open-ticket');
  expect(entry?.params).toMatchObject({ domainid: domain.id, subject: 'DNS not resolving' });
});
