/**
 * A ticket and a reply written in Markdown, with the live preview (rendered by markdown-it, sanitized by DOMPurify:
 * no raw HTML, no script link) and "on behalf of" a contact from the mirror: both queued with `markdown` and
 * `contactid`, and sent. By keyboard where it matters, axe-clean, the composer's preview saved under
 * test-results/screens/ in light and dark.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { invoke } from './fixtures/page-bridge';
import { expect, showApp, testOnFilePage as test } from './fixtures/web-host';
import { seriousViolationsIn } from './fixtures/axe';

const SCREENS_DIR = process.env.SCREENS_DIR ?? 'test-results/screens';
const MESSAGE = '**Mail bounces** since *Tuesday*:\n\n- every message\n- with `550`\n\nSee [the log](https://example.com/log) <img src=x onerror="window.hacked=1"> [bad](javascript:alert(1))';

test.beforeAll(() => mkdirSync(SCREENS_DIR, { recursive: true }));

async function entryOf(page: Page, kind: 'open-ticket' | 'add-ticket-reply') {
  const [entry] = await invoke(page, 'outbox.list', { kind });
  return entry!;
}

/** The preview shows the Markdown as formatting, and nothing of the HTML or the script link typed into it. */
async function expectSafePreview(page: Page, scope: ReturnType<Page['getByRole']>): Promise<void> {
  const preview = scope.getByTestId('markdown-preview');
  await expect(preview.locator('strong')).toHaveText('Mail bounces');
  await expect(preview.locator('em')).toHaveText('Tuesday');
  await expect(preview.locator('li')).toHaveCount(2);
  await expect(preview.locator('code')).toHaveText('550');
  await expect(preview.getByRole('link', { name: 'the log' })).toHaveAttribute('href', 'https://example.com/log');
  await expect(preview.locator('img, script, [onerror], a[href^="javascript"]')).toHaveCount(0);
  expect(await page.evaluate(() => 'hacked' in window)).toBe(false);
}

test('a new ticket in Markdown on behalf of a contact: previewed safely, queued with markdown and contactid, sent', async ({ page, webHost }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await showApp(page, webHost);
  const contact = (await invoke(page, 'data.list', { resource: 'contacts', sort: { field: 'lastName' }, limit: 1 })).rows[0]!;
  const departments = await invoke(page, 'data.list', { resource: 'departments', limit: 1 });
  await page.evaluate(() => (location.hash = '#/tickets'));
  await page.getByRole('button', { name: 'New ticket' }).click();
  const form = page.getByRole('dialog', { name: 'New ticket' });
  await form.getByLabel('Department').selectOption(String(departments.rows[0]!.id));
  await form.getByLabel('Subject').fill('Bounces');
  await form.getByLabel('Message').fill(MESSAGE);
  await expectSafePreview(page, form);
  // The contact, chosen by keyboard.
  const onBehalf = form.getByLabel('On behalf of');
  await expect(onBehalf.locator('option').first()).toHaveText('Yourself (the account holder)');
  await onBehalf.selectOption(String(contact.id));

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${SCREENS_DIR}/ticket-markdown-preview-${scheme}.png` });
    expect(await seriousViolationsIn(scheme, page, '[role=dialog]'), scheme).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  await form.getByRole('button', { name: 'Open ticket' }).click();
  await expect(form).toBeHidden();
  const entry = await entryOf(page, 'open-ticket');
  expect(entry.params).toMatchObject({ subject: 'Bounces', message: MESSAGE, markdown: true, contactid: contact.id });
  await expect.poll(async () => (await entryOf(page, 'open-ticket')).state, { timeout: 30_000 }).toBe('done');
});

test('a reply in Markdown on behalf of a contact; plain text when Markdown is off', async ({ page, webHost }) => {
  await showApp(page, webHost);
  const contact = (await invoke(page, 'data.list', { resource: 'contacts', sort: { field: 'lastName' }, limit: 1 })).rows[0]!;
  const ticket = (await invoke(page, 'data.list', { resource: 'tickets', limit: 1 })).rows[0]!;
  await page.evaluate((id) => (location.hash = `#/tickets/${id}`), ticket.id);
  const reply = page.getByRole('region', { name: 'Reply' });
  await reply.getByLabel('Your reply').fill(MESSAGE);
  await expectSafePreview(page, reply);
  await reply.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS_DIR}/ticket-reply-markdown-preview-light.png` });
  await reply.getByLabel('On behalf of').selectOption(String(contact.id));
  await reply.getByRole('button', { name: 'Send reply' }).click();
  // Queued, or already sent: online it goes at once.
  await expect(reply.getByRole('status')).toContainText(/^Reply (queued|sent)/);
  expect((await entryOf(page, 'add-ticket-reply')).params).toMatchObject({ ticketid: ticket.id, message: MESSAGE, markdown: true, contactid: contact.id });
  await expect.poll(async () => (await entryOf(page, 'add-ticket-reply')).state, { timeout: 30_000 }).toBe('done');
  // Once done, the reply is listed as the provider shows it: its Markdown rendered (no raw **), written as the
  // contact; "Reply queued… until the provider confirms it" has given way to "Reply sent".
  const written = reply.getByRole('list', { name: 'Replies written in this app' }).getByRole('listitem').first();
  await expect(written.locator('strong')).toHaveText('Mail bounces');
  await expect(written.locator('li')).toHaveCount(2);
  await expect(written).not.toContainText('**');
  await expect(written.locator('img, script, [onerror], a[href^="javascript"]')).toHaveCount(0);
  const { firstName, lastName } = contact as { firstName: string; lastName: string };
  await expect(written).toContainText(`On behalf of ${`${firstName} ${lastName}`.trim()}`);
  await expect(reply.getByRole('status')).toHaveText('Reply sent: the provider has it.');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await written.screenshot({ path: `${SCREENS_DIR}/ticket-reply-written-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // Markdown off: no preview, and neither markdown nor a contact is sent.
  await reply.getByLabel('Your reply').fill('Plain *words*.');
  await reply.getByLabel('Format with Markdown').uncheck();
  await expect(reply.getByTestId('markdown-preview')).toHaveCount(0);
  await reply.getByRole('button', { name: 'Send reply' }).click();
  // Queued, or already sent: online it goes at once.
  await expect(reply.getByRole('status')).toContainText(/^Reply (queued|sent)/);
  const plain = await entryOf(page, 'add-ticket-reply');
  expect(plain.params).toMatchObject({ message: 'Plain *words*.' });
  expect(plain.params).not.toHaveProperty('markdown');
  expect(plain.params).not.toHaveProperty('contactid');
  // Listed as written: plain text, its asterisks kept.
  await expect(reply.getByRole('list', { name: 'Replies written in this app' }).getByRole('listitem').filter({ hasText: 'Plain *words*.' })).toHaveCount(1);
});
