/**
 * Files on their way into a ticket (issue 35.7): every file picked at once or dropped together is kept or refused
 * in words, none silently dropped; what the form keeps is what the outbox gets.
 */
import type { Page } from '@playwright/test';
import { invoke } from './fixtures/page-bridge';
import { lookAt } from './fixtures/screens';
import { expect, showApp, testOnFilePage as test } from './fixtures/web-host';
import { runFromPalette } from './fixtures/palette';

test.describe.configure({ mode: 'serial' });

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function newTicket(page: Page) {
  await runFromPalette(page, 'new ticket', /^New ticket/);
  const form = page.getByRole('dialog', { name: 'New ticket' });
  await expect(form).toBeVisible();
  return form;
}

/** Drops files on the picker's zone as a file manager would: one drop carrying them all. */
async function drop(page: Page, files: { name: string; type: string; text: string }[]): Promise<void> {
  const transfer = await page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const f of list) data.items.add(new File([f.text], f.name, { type: f.type }));
    return data;
  }, files);
  const zone = page.getByRole('dialog', { name: 'New ticket' }).locator('.drop');
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

test('two files picked at once are both kept, and both reach the outbox', async ({ page, webHost }) => {
  await showApp(page, webHost);
  const form = await newTicket(page);
  const departments = await invoke(page, 'data.list', { resource: 'departments', limit: 1 });
  await form.getByLabel('Department').selectOption(String(departments.rows[0]!.id));
  await form.getByLabel('Subject').fill('Two files in one pick');
  await form.getByLabel('Message').fill('The log and a screenshot.');
  await form.locator('input[type=file]').setInputFiles([
    { name: 'error-log.txt', mimeType: 'text/plain', buffer: Buffer.from('500 at 10:02\n') },
    { name: 'screenshot.png', mimeType: 'image/png', buffer: PNG },
  ]);
  const kept = form.getByRole('list', { name: 'Attachments' }).getByRole('listitem');
  await expect(kept).toHaveText([/error-log\.txt/, /screenshot\.png/]);
  await kept.last().scrollIntoViewIfNeeded();
  await lookAt(page, 'ticket-two-files');

  await form.getByRole('button', { name: 'Open ticket' }).click();
  await expect(form).toBeHidden();
  const [entry] = await invoke(page, 'outbox.list', { kind: 'open-ticket' });
  const attachments = (entry?.params as { attachments: { name: string }[] }).attachments;
  expect(attachments.map((a) => a.name)).toEqual(['error-log.txt', 'screenshot.png']);
});

test('files dropped together are each kept or refused in words, and a later pick adds to them', async ({ page, webHost }) => {
  await showApp(page, webHost);
  const form = await newTicket(page);
  await drop(page, [
    { name: 'notes.txt', type: 'text/plain', text: 'first' },
    { name: 'setup.exe', type: 'application/octet-stream', text: 'MZ' },
    { name: 'trace.log', type: 'text/plain', text: 'second' },
  ]);
  const kept = form.getByRole('list', { name: 'Attachments' }).getByRole('listitem');
  await expect(kept).toHaveText([/notes\.txt/, /trace\.log/]);
  await expect(form.getByRole('alert')).toHaveText([/^setup\.exe: \.exe files cannot be attached/]);
  await form.getByRole('alert').scrollIntoViewIfNeeded();
  await lookAt(page, 'ticket-dropped-files');

  // The next pick says its own refusals (none) and adds to what is kept.

  await form.locator('input[type=file]').setInputFiles([
    { name: 'a.png', mimeType: 'image/png', buffer: PNG },
    { name: 'b.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await expect(kept).toHaveText([/notes\.txt/, /trace\.log/, /a\.png/, /b\.png/]);
  await expect(form.getByRole('alert')).toHaveCount(0);
  await form.getByRole('button', { name: 'Remove notes.txt' }).click();
  await expect(kept).toHaveText([/trace\.log/, /a\.png/, /b\.png/]);
});
