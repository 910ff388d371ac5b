/**
 * The morning's contacts from a CSV file: 20 rows, one with an e-mail that is not one, imported through the
 * Contacts toolbar's "Import from CSV…" (the invalid row is shown with its reason and left out). The check asks
 * the sandbox's own API, as the engine's client signed in with the sandbox's credentials: the 19 valid contacts
 * exist once each, the invalid one not at all.
 */
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { CLIENT_SECRET_SECRET, PASSWORD_SECRET, ResellerClient } from '../../../electron/core/api/client.js';
import { MemoryVault } from '../../../electron/core/vault/memory-vault.js';
import type { Contact } from '../../../shared/models.js';
import type { SandboxInfo } from '../fixtures/web-host.js';
import type { MorningStep } from './step.js';

/** The 1-based data row (not counting the header) whose e-mail is not an e-mail address. */
export const INVALID_ROW = 11;

export interface ContactsCsv {
  /** The file as a spreadsheet set to Italian saves it: semicolons, Italian headers, UTF-8. */
  text: string;
  /** The e-mails of the rows that are valid, in the file's order. */
  valid: string[];
  /** The invalid row's e-mail (as written) and its last name. */
  invalid: { email: string; lastName: string };
  /** The last name every row shares, unique to this file. */
  lastName: string;
}

/** A CSV of `rows` contacts (the row numbered INVALID_ROW invalid), unique to `tag`. */
export function contactsCsv(tag: string, rows = 20): ContactsCsv {
  const lastName = `Importati ${tag}`;
  const lines = ['Nome;Cognome;E-mail;Città;Paese'];
  const valid: string[] = [];
  let invalid = { email: '', lastName };
  for (let i = 1; i <= rows; i++) {
    const email = i === INVALID_ROW ? `persona ${i} at ${tag}` : `persona${i}.${tag}@example.com`;
    lines.push([`Persona ${i}`, lastName, email, i % 2 ? 'Forlì' : 'Milano', 'it'].join(';'));
    if (i === INVALID_ROW) invalid = { email, lastName };
    else valid.push(email);
  }
  return { text: `${lines.join('\n')}\n`, valid, invalid, lastName };
}

/** Opens the import dialog from the Contacts toolbar and chooses `file` through the file chooser. */
export async function chooseCsv(page: Page, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Import contacts from CSV' });
  if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Import from CSV…' }).click();
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: /^Choose (a|another) (CSV )?file…$/ }).click();
  await (await chooser).setFiles(file);
}

/** Every contact the provider holds, read page by page over its own API. */
export async function providerContacts(sandbox: SandboxInfo): Promise<Contact[]> {
  const vault = new MemoryVault('morning import check');
  await vault.set('morning', CLIENT_SECRET_SECRET, sandbox.clientSecret);
  await vault.set('morning', PASSWORD_SECRET, sandbox.password);
  const client = new ResellerClient(
    { account: 'morning', baseUrl: sandbox.baseUrl, altBaseUrl: sandbox.altBaseUrl, clientId: sandbox.clientId, username: sandbox.username, ownClientId: null },
    vault,
  );
  await client.signIn();
  const all: Contact[] = [];
  for (;;) {
    const page = await client.getContacts({ limitstart: all.length, limitnum: 250 });
    all.push(...page.items);
    if (page.items.length === 0 || all.length >= page.total) return all;
  }
}

export const importSteps: MorningStep[] = [
  {
    name: 'import 20 contacts from a CSV, one row invalid and left out',
    async act({ page, notes }) {
      const csv = contactsCsv(`m${Date.now().toString(36)}`);
      notes.set('import.csv', csv);
      await page.evaluate(() => (location.hash = '#/contacts'));
      await chooseCsv(page, { name: 'contatti.csv', mimeType: 'text/csv', buffer: Buffer.from(csv.text, 'utf8') });
      const dialog = page.getByRole('dialog', { name: 'Import contacts from CSV' });
      await expect(dialog.getByRole('status').filter({ hasText: 'will be queued' })).toHaveText('19 rows will be queued, one left out');
      await dialog.getByRole('checkbox', { name: 'Show only the rows left out' }).check();
      await expect(dialog.getByRole('row').nth(1)).toContainText(`Left out: E-mail must be an e-mail address`);
      await dialog.getByRole('button', { name: 'Queue 19 contacts' }).click();
      await expect(dialog.getByRole('status')).toHaveText('19 contacts queued in the outbox; 1 row left out.');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
      await page.evaluate(() => (location.hash = '#/'));
    },
    async check({ webHost, notes }) {
      const csv = notes.get('import.csv') as ContactsCsv;
      const contacts = await providerContacts(webHost.sandbox!);
      const byEmail = (email: string) => contacts.filter((c) => c.email.toLowerCase() === email.toLowerCase());
      for (const email of csv.valid) expect(byEmail(email), email).toHaveLength(1);
      expect(byEmail(csv.invalid.email)).toHaveLength(0);
      // Nothing else arrived under the file's last name: 19 contacts exactly.
      expect(contacts.filter((c) => c.lastName === csv.lastName)).toHaveLength(csv.valid.length);
    },
  },
];
