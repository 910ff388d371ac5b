/**
 * A reseller's day in the desktop app, through the desktop stand-in, on a provider account of the spec's own
 * (a sandbox provider whose faults and clock the spec sets): an edit made while the provider refuses every
 * connection, sent when it answers again; a ticket with an attachment from the File menu; an invoice saved
 * as a PDF through the system's save dialog (Chromium's own PDF, its first page rendered and kept under
 * test-results/screens/); a system notification for a sync's news while the person is in another app, whose
 * click brings the window forward on the right screen.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { invoke } from '../fixtures/page-bridge.js';
import { setFaults, type SandboxInfo } from '../fixtures/web-host.js';
import type { DesktopApp } from './fixtures/desktop-app.js';
import { desktopOnProvider } from './fixtures/desktop-on-provider.js';

test.describe.configure({ mode: 'serial' });

const SCREENS_DIR = process.env.SCREENS_DIR ?? 'test-results/screens';
let provider: SandboxInfo;
let desktop: DesktopApp;
let page: Page;
let close: (() => Promise<void>) | undefined;

test.beforeAll(async () => {
  mkdirSync(SCREENS_DIR, { recursive: true });
  ({ provider, desktop, page, close } = await desktopOnProvider('Desktop Northwind', { sync: true }));
});
test.afterAll(() => close?.());

const go = (hash: string) => page.evaluate((route) => (location.hash = route), hash);
const entryState = async (id: number) => (await invoke(page, 'outbox.list', {})).find((entry) => entry.id === id)?.state;

test('an edit made while the provider refuses every connection is kept, and sent when it answers', async () => {
  const contact = (await invoke(page, 'data.list', { resource: 'contacts', limit: 1, sort: { field: 'id', dir: 'asc' } })).rows[0]!;
  await setFaults(provider, { reset: 1 });
  await go(`#/contacts/${contact.id}`);
  const pane = page.getByRole('region', { name: 'Details' });
  await pane.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('dialog', { name: 'Edit contact' });
  await form.getByLabel('City').fill('Rovereto');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form).toBeHidden();
  await expect(pane).toContainText('Rovereto');
  const [edit] = await invoke(page, 'outbox.list', { kind: 'update-contact' });
  expect(edit?.params).toEqual({ contactid: contact.id, city: 'Rovereto' });
  await expect.poll(() => entryState(edit!.id), { timeout: 30_000 }).not.toBe('done');

  await setFaults(provider, { reset: 0 });
  await expect.poll(() => entryState(edit!.id), { timeout: 60_000 }).toBe('done');
  expect((await invoke(page, 'sync.run')).outcome).toBe('ok');
  const synced = await invoke(page, 'data.get', { resource: 'contacts', id: contact.id });
  expect(synced && 'city' in synced ? synced.city : null).toBe('Rovereto');
});

test('a ticket with an attachment, from File › New Ticket', async () => {
  const departments = await invoke(page, 'data.list', { resource: 'departments', limit: 10 });
  desktop.command({ type: 'menu', path: ['File', 'New Ticket'] });
  const form = page.getByRole('dialog', { name: 'New ticket' });
  await form.getByLabel('Department').selectOption(String(departments.rows[0]!.id));
  await form.getByLabel('Subject').fill('Backups missing since Sunday');
  await form.getByLabel('Message').fill('The nightly backup of the VPS has not run since Sunday.');
  await form.locator('input[type=file]').setInputFiles({ name: 'backup.log', mimeType: 'text/plain', buffer: Buffer.from('rsync: connection unexpectedly closed\n') });
  await expect(form.getByRole('listitem').filter({ hasText: 'backup.log' })).toBeVisible();
  await form.getByRole('button', { name: 'Open ticket' }).click();
  await expect(form).toBeHidden();
  const [entry] = await invoke(page, 'outbox.list', { kind: 'open-ticket' });
  const attachments = entry && 'attachments' in entry.params ? (entry.params.attachments ?? []) : [];
  expect(attachments.map((file) => file.name)).toEqual(['backup.log']);
  await expect.poll(() => entryState(entry!.id), { timeout: 60_000 }).toBe('done');
  // The provider's ticket, in the mirror once the sync after the send has read it.
  await expect.poll(async () => (await invoke(page, 'data.search', { text: 'Backups missing' })).map((hit) => hit.resource), { timeout: 30_000 }).toContain('tickets');
});

test('an invoice saved as a PDF through the system’s save dialog', async () => {
  const queued = await invoke(page, 'outbox.enqueue', {
    kind: 'create-invoice',
    params: { taxrate: 22, items: [{ description: 'Hosting, one year', amount: '120.00', taxed: true }, { description: 'Setup', amount: '15.00', taxed: true }] },
  });
  await expect.poll(() => entryState(queued.id), { timeout: 60_000 }).toBe('done');
  const invoice = (await invoke(page, 'data.list', { resource: 'invoices', limit: 1 })).rows[0]!;
  await go(`#/invoices/${invoice.id}`);
  const file = join(desktop.home, 'Documents', `invoice-${invoice.id}.pdf`);
  desktop.command({ type: 'dialog-answer', kind: 'save', answer: { canceled: false, filePath: file } });
  await page.getByRole('button', { name: 'Save as PDF…' }).click();
  await expect(page.getByRole('status').filter({ hasText: /saved/i })).toBeVisible();
  const dialog = desktop.all('dialog').find((entry) => entry.kind === 'save');
  expect(String((dialog?.options as { defaultPath?: string }).defaultPath)).toMatch(/Documents\/.+\.pdf$/);
  const pdf = readFileSync(file);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  // Chromium's PDF of the invoice's print stylesheet: the copy alone, on one A4 page.
  const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
  expect(pages).toHaveLength(1);
  expect(pdf.toString('latin1')).toMatch(/\/MediaBox\s*\[0 0 59[45]\.\d* 84[12]\.\d*\]/);
  // Its first page as a picture, to be looked at (pdftoppm, where poppler-utils is installed).
  if (existsSync('/usr/bin/pdftoppm')) execFileSync('/usr/bin/pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', file, join(SCREENS_DIR, 'desktop-invoice-pdf')]);
});

test('a sync’s news while the person is in another app comes as a system notification, whose click opens its screen', async () => {
  desktop.command({ type: 'focus', focused: false });
  await desktop.waitFor('focus-changed', (entry) => entry.focused === false);
  // An invoice made due last month: the provider now counts one more overdue, which the next sync notices.
  const before = desktop.records.length;
  const overdue = await invoke(page, 'outbox.enqueue', {
    kind: 'create-invoice',
    params: { status: 'Unpaid', date: '2026-10-01', duedate: '2026-10-15', items: [{ description: 'Domain transfer', amount: '9.90' }] },
  });
  await expect.poll(() => entryState(overdue.id), { timeout: 60_000 }).toBe('done');
  expect((await invoke(page, 'sync.run')).outcome).toBe('ok');
  const shown = await desktop.waitFor('notification', (entry) => entry.title === 'More invoices overdue', { after: before });
  expect(String(shown.body)).toMatch(/invoices? overdue/);
  desktop.command({ type: 'notification-click', index: shown.index as number });
  await desktop.waitFor('window-focused', () => true, { after: before });
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
});
