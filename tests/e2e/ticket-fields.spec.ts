/**
 * What the spec lets a reseller say on tickets and contacts besides the basics: a department's custom fields
 * (the sandbox's Server Management asks a server hostname, required, a service type and a tickbox), a ticket
 * written for someone who is not a client (name and e-mail instead of the own client id), a contact's tax id.
 * Each is refused in words under its field when missing or wrong, queued, sent, and held by the provider. A
 * ticket the provider refuses for a field its department gained after it was queued is fixed in the Outbox.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { DepartmentCustomField } from '../../shared/models';
import { invoke } from './fixtures/page-bridge';
import { lookAt } from './fixtures/screens';
import { expect, setFaults, showApp, testOnFilePage as test, type RunningWebHost } from './fixtures/web-host';

/** Reads the demo provider's own database, as the provider holds what was sent. */
function provider<T>(webHost: RunningWebHost, query: string, ...args: unknown[]): T[] {
  const db = new Database(join(webHost.dataDir, 'demo-provider.db'), { readonly: true });
  try {
    return db.prepare(query).all(...args) as T[];
  } finally {
    db.close();
  }
}

/** A custom field the provider's staff add to a department, as they would in its admin area: its id. */
function addDepartmentField(webHost: RunningWebHost, deptid: number, name: string): number {
  const db = new Database(join(webHost.dataDir, 'demo-provider.db'));
  try {
    db.pragma('busy_timeout = 5000');
    return Number(db.prepare("INSERT INTO department_customfields (deptid, name, type, options, required) VALUES (?, ?, 'text', '', 1)").run(deptid, name).lastInsertRowid);
  } finally {
    db.close();
  }
}

async function newTicket(page: Page) {
  await page.evaluate(() => (location.hash = '#/tickets'));
  await page.getByRole('button', { name: 'New ticket' }).click();
  return page.getByRole('dialog', { name: 'New ticket' });
}

async function sentEntry(page: Page, kind: 'open-ticket' | 'add-contact') {
  await expect.poll(async () => (await invoke(page, 'outbox.list', { kind }))[0]?.state, { timeout: 30_000 }).toBe('done');
  return (await invoke(page, 'outbox.list', { kind }))[0]!;
}

test('a ticket in a department with custom fields: a required one refused under it, then filled, sent, held by the provider', async ({ page, webHost }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await showApp(page, webHost);
  const departments = (await invoke(page, 'data.list', { resource: 'departments', limit: 100 })).rows;
  const servers = departments.find((d) => 'name' in d && d.name === 'Server Management')!;
  const fields = (servers as { customFields: DepartmentCustomField[] }).customFields;
  const byName = (name: string) => fields.find((f) => f.name === name)!;

  const form = await newTicket(page);
  await form.getByLabel('Department').selectOption(String(servers.id));
  await form.getByLabel('Subject').fill('Disk full on the web server');
  await form.getByLabel('Message').fill('The **data** partition is full.');
  const hostname = form.getByLabel('Server hostname');
  await expect(form.getByText('Asked by this department')).toBeVisible();
  await form.getByRole('button', { name: 'Open ticket' }).click();
  await expect(hostname).toHaveAccessibleDescription('is required');
  await expect(hostname).toBeFocused();
  expect(await invoke(page, 'outbox.list', { kind: 'open-ticket' })).toEqual([]);
  await lookAt(page, 'ticket-custom-fields');

  await hostname.fill('web01.example.net');
  await form.getByLabel('Affected service type').selectOption('Email');
  await form.getByRole('checkbox', { name: 'Happened after a change on our side' }).check();
  await form.getByRole('button', { name: 'Open ticket' }).click();
  await expect(form).toBeHidden();

  const entry = await sentEntry(page, 'open-ticket');
  const expected = {
    [byName('Server hostname').id]: 'web01.example.net',
    [byName('Affected service type').id]: 'Email',
    [byName('Happened after a change on our side').id]: 'on',
  };
  expect(entry.params).toMatchObject({ deptid: servers.id, customfields: expected });
  const held = provider<{ fieldid: number; value: string }>(
    webHost,
    "SELECT f.fieldid, f.value FROM ticket_customfields f JOIN tickets t ON t.id = f.ticketid WHERE t.subject = 'Disk full on the web server' ORDER BY f.fieldid",
  );
  expect(Object.fromEntries(held.map((row) => [row.fieldid, row.value]))).toEqual(expected);

  // The ticket's detail shows what it was opened with, the fields under their names and its Markdown rendered.
  await page.evaluate((id) => (location.hash = `#/tickets/${id}`), entry.record!.id);
  const written = page.getByRole('region', { name: 'Written in this app' });
  await expect(written.getByRole('definition').filter({ hasText: 'web01.example.net' })).toBeVisible();
  await expect(written.getByRole('term').filter({ hasText: 'Server hostname' })).toBeVisible();
  await expect(written.locator('strong')).toHaveText('data');
  await expect(written).not.toContainText('**');

  // A reply may update the fields, from a disclosure out of the way.
  const reply = page.getByRole('region', { name: 'Reply' });
  await reply.getByText('Update fields').click();
  await reply.getByLabel('Server hostname').fill('web02.example.net');
  await reply.getByLabel('Your reply').fill('Moved to the second server.');
  await reply.scrollIntoViewIfNeeded();
  await lookAt(page, 'ticket-reply-update-fields');
  await reply.getByRole('button', { name: 'Send reply' }).click();
  await expect(reply.getByRole('status')).toHaveText('Reply sent: the provider has it.', { timeout: 30_000 });
  const after = provider<{ value: string }>(webHost, 'SELECT value FROM ticket_customfields WHERE fieldid = ? ORDER BY ticketid DESC LIMIT 1', byName('Server hostname').id);
  expect(after).toEqual([{ value: 'web02.example.net' }]);

  // The Outbox's card names the fields as the form did.
  await page.evaluate(() => (location.hash = '#/outbox'));
  await page.getByRole('button', { name: /^Done/ }).click();
  await page.getByRole('row', { name: /New ticket “Disk full on the web server”/ }).getByRole('button').first().click();
  const fieldsSent = page.locator(`#outbox-entry-${entry.id} .value`).filter({ hasText: 'Asked by this department' }).getByRole('definition');
  await expect(fieldsSent).toHaveText('Server hostname: web01.example.net\nAffected service type: Email\nHappened after a change on our side: Yes');
});

test('a ticket for someone who is not a client: the e-mail checked in words, sent as name and e-mail, shown on the ticket', async ({ page, webHost }) => {
  await showApp(page, webHost);
  const departments = await invoke(page, 'data.list', { resource: 'departments', limit: 1 });
  const form = await newTicket(page);
  await form.getByLabel('Department').selectOption(String(departments.rows[0]!.id));
  await form.getByLabel('Subject').fill('Question from a prospect');
  await form.getByLabel('Message').fill('Do you host *Django* sites?');
  await form.getByRole('checkbox', { name: 'For someone who is not a client' }).check();
  await expect(form.getByLabel('On behalf of')).toHaveCount(0);
  await form.getByLabel('Their name').fill('Ada Prospect');
  await form.getByLabel('Their e-mail').fill('ada@');
  await form.getByRole('button', { name: 'Open ticket' }).click();
  await expect(form.getByLabel('Their e-mail')).toHaveAccessibleDescription('must be an e-mail address');
  await form.getByLabel('Their e-mail').fill('ada@prospect.example');
  await form.getByRole('button', { name: 'Open ticket' }).click();
  await expect(form).toBeHidden();

  const entry = await sentEntry(page, 'open-ticket');
  expect(entry.params).toMatchObject({ name: 'Ada Prospect', email: 'ada@prospect.example' });
  expect(entry.params).not.toHaveProperty('contactid');
  expect(provider(webHost, "SELECT userid, name, email FROM tickets WHERE subject = 'Question from a prospect'")).toEqual([
    { userid: 0, name: 'Ada Prospect', email: 'ada@prospect.example' },
  ]);
  await page.evaluate((id) => (location.hash = `#/tickets/${id}`), entry.record!.id);
  const written = page.getByRole('region', { name: 'Written in this app' });
  await expect(written).toContainText('On behalf of Ada Prospect <ada@prospect.example>');
  await expect(written.locator('em')).toHaveText('Django');

  // Her reply too: written for her, said so where it is listed, held by the provider with her name and e-mail.
  const reply = page.getByRole('region', { name: 'Reply' });
  await reply.getByLabel('Your reply').fill('Also *Flask*?');
  await reply.getByRole('checkbox', { name: 'For someone who is not a client' }).check();
  await reply.getByLabel('Their name').fill('Ada Prospect');
  await reply.getByLabel('Their e-mail').fill('ada@prospect.example');
  await reply.getByRole('button', { name: 'Send reply' }).click();
  await expect(reply.getByRole('status')).toHaveText('Reply sent: the provider has it.', { timeout: 30_000 });
  const listed = reply.getByRole('list', { name: 'Replies written in this app' }).getByRole('listitem').first();
  await expect(listed).toContainText('On behalf of Ada Prospect <ada@prospect.example>');
  expect(provider(webHost, "SELECT r.userid, r.name, r.email FROM ticket_replies r JOIN tickets t ON t.id = r.ticketid WHERE t.subject = 'Question from a prospect'")).toEqual([
    { userid: 0, name: 'Ada Prospect', email: 'ada@prospect.example' },
  ]);

  // The Outbox's card says it the same way, in one line, not as two bare values.
  await page.evaluate(() => (location.hash = '#/outbox'));
  await page.getByRole('button', { name: /^Done/ }).click();
  await page.getByRole('row', { name: /New ticket “Question from a prospect”/ }).getByRole('button').first().click();
  const card = page.locator(`#outbox-entry-${entry.id}`);
  await expect(card.locator('.value').filter({ hasText: 'On behalf of' }).getByRole('definition')).toHaveText('Ada Prospect <ada@prospect.example>');
  await expect(card.getByRole('term').filter({ hasText: /^E-mail$/ })).toHaveCount(0);
});

test('a new contact with a tax id: sent with it, held by the provider', async ({ page, webHost }) => {
  await showApp(page, webHost);
  await page.evaluate(() => (location.hash = '#/contacts'));
  await page.getByRole('button', { name: 'New contact' }).click();
  const form = page.getByRole('dialog', { name: 'New contact' });
  await form.getByLabel('First name').fill('Bruno');
  await form.getByLabel('Last name').fill('Taxpayer');
  await form.getByLabel('E-mail', { exact: true }).fill('bruno@taxpayer.example');
  await form.getByLabel('Tax id').fill(' IT01234567890 ');
  await lookAt(page, 'contact-tax-id');
  await form.getByRole('button', { name: 'Add contact' }).click();
  await expect(form).toBeHidden();
  const entry = await sentEntry(page, 'add-contact');
  expect(entry.params).toMatchObject({ firstname: 'Bruno', tax_id: 'IT01234567890' });
  expect(provider(webHost, "SELECT tax_id FROM contacts WHERE email = 'bruno@taxpayer.example'")).toEqual([{ tax_id: 'IT01234567890' }]);
  // The provider does not list it back; the contact's detail shows the one sent from here.
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details.getByRole('heading', { name: 'Bruno Taxpayer' })).toBeVisible();
  await expect(details.getByRole('definition').filter({ hasText: 'IT01234567890' })).toBeVisible();
  await expect(details.getByRole('term').filter({ hasText: /^Tax id$/ })).toBeVisible();
  await lookAt(page, 'contact-tax-id-detail');
  // An existing contact's form has no tax id: update-contact takes none.
  await page.getByRole('region', { name: 'Details' }).getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit contact' }).getByLabel('Tax id')).toHaveCount(0);
});

test('a ticket queued before its department asked for a new required field: refused, fixed in the Outbox under the field, held by the provider', async ({ page, webHost }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await showApp(page, webHost);
  const departments = (await invoke(page, 'data.list', { resource: 'departments', limit: 100 })).rows;
  const billing = departments.find((d) => 'name' in d && d.name === 'Billing')!;
  expect((billing as { customFields?: DepartmentCustomField[] }).customFields ?? []).toEqual([]);

  // Queued while the provider turns every request away: it waits in the outbox, unsent. Meanwhile Billing asks for an invoice number, required.
  await setFaults(webHost.sandbox!, { rateLimit: 1 });
  const { entry, fieldId } = await (async () => {
    try {
      const queued = await invoke(page, 'outbox.enqueue', { kind: 'open-ticket', params: { deptid: billing.id as number, subject: 'March invoice paid twice', message: 'We paid it by card and by transfer.' } });
      await expect.poll(async () => (await invoke(page, 'outbox.list', { kind: 'open-ticket' })).find((e) => e.id === queued.id)?.lastError?.kind, { timeout: 30_000 }).toBe('rate_limited');
      return { entry: queued, fieldId: addDepartmentField(webHost, billing.id as number, 'Invoice number') };
    } finally {
      await setFaults(webHost.sandbox!, { rateLimit: 0 });
    }
  })();
  // Sent now, at once: refused. The sync the engine runs after a send brings Billing's new field into the mirror.
  await invoke(page, 'sync.run', { only: ['tickets'] });
  await expect.poll(async () => (await invoke(page, 'outbox.list', { kind: 'open-ticket' })).find((e) => e.id === entry.id)?.state, { timeout: 30_000 }).toBe('failed');
  const refused = (await invoke(page, 'outbox.list', { kind: 'open-ticket' })).find((e) => e.id === entry.id)!;
  expect(refused.lastError?.message).toBe('Invoice number is required');

  // Fix…: Billing's fields as the provider has them now (none when the ticket was queued), the provider's words under the one they name, focused.
  await page.evaluate(() => (location.hash = '#/outbox'));
  await page.getByRole('button', { name: /^Failed/ }).click();
  await page.getByRole('button', { name: `Fix… #${entry.id}` }).click();
  const fix = page.getByRole('dialog', { name: `Fix edit #${entry.id}` });
  // What the entry is, said once (its words begin with its kind).
  await expect(fix).toHaveAccessibleDescription('New ticket “March invoice paid twice”');
  const invoiceNumber = fix.getByRole('group', { name: 'What Billing asks for' }).getByLabel('Invoice number');
  await expect(invoiceNumber).toHaveAccessibleDescription('Invoice number is required');
  await expect(invoiceNumber).toBeFocused();
  await expect(fix.getByRole('alert')).toHaveCount(0);
  await expect(fix.getByLabel('Subject')).toHaveValue('March invoice paid twice');
  await lookAt(page, 'fix-ticket-custom-fields');

  // Saved empty, the form says so itself, as the New ticket form would; filled, it goes.
  await fix.getByRole('button', { name: 'Save and send again' }).click();
  await expect(invoiceNumber).toHaveAccessibleDescription('is required');
  await invoiceNumber.fill(' INV-2031 ');
  await fix.getByRole('button', { name: 'Save and send again' }).click();
  await expect(fix).toBeHidden();
  const sent = await sentEntry(page, 'open-ticket');
  expect(sent.id).toBe(entry.id);
  expect(sent.params).toMatchObject({ customfields: { [fieldId]: 'INV-2031' } });
  expect(provider(webHost, "SELECT f.fieldid, f.value FROM ticket_customfields f JOIN tickets t ON t.id = f.ticketid WHERE t.subject = 'March invoice paid twice'")).toEqual([
    { fieldid: fieldId, value: 'INV-2031' },
  ]);
});
