/**
 * Issue 34 in Chromium through the web host and its demo provider: a contact's e-mail edited while the provider
 * resets every connection, and changed on the provider meanwhile (through its API, as its web panel would); the
 * provider back, the edit waits under "Changed on the provider" with both values, and Keep mine / Take theirs
 * each end with the provider holding what the person chose (read back through its API); the record's detail has
 * the same choices; a contact's draft reopened after the record changed keeps the provider's value where the
 * person typed nothing; a renewal of a domain with a renewal order already on the provider waits, in its words.
 * Looked at light and dark, in English and Italian, axe-clean (fixtures/screens.ts).
 */
import type { Page } from '@playwright/test';
import { invoke } from './fixtures/page-bridge';
import { onProvider, provider, row, type Contact } from './fixtures/provider-api';
import { lookAt } from './fixtures/screens';
import { expect, setFaults, showApp, testOnFilePage as test, type SandboxInfo } from './fixtures/web-host';

test.describe.configure({ mode: 'serial' });

/** Queues an e-mail change while the provider resets every connection, after the provider changed the same e-mail. */
async function bothChanged(page: Page, sandbox: SandboxInfo, contact: Contact, mine: string, theirs: string) {
  // The provider's change lands before the app's next sync: the app's copy still has the old e-mail.
  await provider(sandbox, 'update-contact', { contactid: contact.id, email: theirs });
  await setFaults(sandbox, { reset: 1 });
  const entry = await invoke(page, 'outbox.enqueue', { kind: 'update-contact', params: { contactid: contact.id, email: mine } });
  await setFaults(sandbox, { reset: 0 });
  await invoke(page, 'sync.run');
  return entry;
}

test('an e-mail changed offline and on the provider waits with both values; Keep mine and Take theirs, from the keyboard, each leave what was chosen', async ({ page, webHost }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 760 });
  await showApp(page, webHost);
  const sandbox = webHost.sandbox!;
  const [first, second] = (await invoke(page, 'data.list', { resource: 'contacts', limit: 2 })).rows as Contact[];
  const kept = await bothChanged(page, sandbox, first!, 'mine@example.com', 'theirs@example.com');
  const taken = await bothChanged(page, sandbox, second!, 'mine2@example.com', 'theirs2@example.com');

  await page.getByRole('link', { name: 'Outbox', exact: true }).click();
  const tab = page.getByRole('button', { name: /^Changed on the provider/ });
  await expect(tab).toContainText('2');
  await tab.click();
  const waiting = row(page, kept.id);
  await expect(waiting.getByRole('cell').nth(1)).toHaveText('Changed');
  await expect(waiting.getByRole('cell').nth(4)).toHaveText('Both changed: E-mail');
  // Both its choices end the entry: no Discard beside them.
  await expect(waiting.getByRole('button', { name: `Discard #${kept.id}` })).toHaveCount(0);
  const fields = waiting.getByTestId('conflict').getByRole('row', { name: /E-mail/ });
  await expect(fields).toContainText(first!.email);
  await expect(fields).toContainText('theirs@example.com');
  await expect(fields).toContainText('mine@example.com');
  await lookAt(page, 'provider-changed-outbox-en');

  await waiting.getByRole('button', { name: `Keep mine #${kept.id}` }).focus();
  await page.keyboard.press('Enter');
  await expect(waiting).toBeHidden();
  // The keyboard goes on to the same choice in the next entry that waits.
  await expect(row(page, taken.id).getByRole('button', { name: `Keep mine #${taken.id}` })).toBeFocused();
  await expect.poll(() => onProvider(sandbox, first!.id, 'email'), { timeout: 60_000 }).toBe('mine@example.com');

  await page.keyboard.press('Tab');
  await expect(row(page, taken.id).getByRole('button', { name: `Take theirs #${taken.id}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(row(page, taken.id)).toBeHidden();
  await expect(tab).toContainText('0');
  // None left: the keyboard is on the tab it was in.
  await expect(tab).toBeFocused();
  expect((await invoke(page, 'outbox.list')).find((e) => e.id === taken.id)?.state).toBe('cancelled');
  await invoke(page, 'sync.run');
  expect(await onProvider(sandbox, second!.id, 'email')).toBe('theirs2@example.com');
});

test('the record’s detail has the same choices, in English and Italian', async ({ page, webHost }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 760 });
  await showApp(page, webHost);
  const sandbox = webHost.sandbox!;
  const contact = (await invoke(page, 'data.list', { resource: 'contacts', limit: 3 })).rows[2] as Contact;
  const entry = await bothChanged(page, sandbox, contact, 'desk@example.com', 'panel@example.com');

  await showApp(page, webHost, `#/contacts/${contact.id}`);
  const banner = page.getByRole('region', { name: new RegExp(`${contact.firstName} ${contact.lastName}`) }).getByTestId('conflict');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Changed on the provider since you edited it');
  // Each field's values one under another: before, on the provider, yours.
  await expect(banner.getByRole('term')).toHaveText('E-mail');
  await expect(banner.getByRole('definition')).toHaveText([/Before.*@/, 'On the providerpanel@example.com', 'Yoursdesk@example.com']);
  await lookAt(page, 'provider-changed-detail-en');

  await invoke(page, 'settings.set', { language: 'it' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(banner).toContainText('Modificato sul provider dopo la tua modifica');
  await lookAt(page, 'provider-changed-detail-it');
  await page.getByRole('link', { name: /^In uscita/ }).click();
  await page.getByRole('button', { name: /^Modificate sul provider/ }).click();
  await expect(row(page, entry.id).getByTestId('conflict')).toContainText('panel@example.com');
  await lookAt(page, 'provider-changed-outbox-it');
  await invoke(page, 'settings.set', { language: 'en' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await showApp(page, webHost, `#/contacts/${contact.id}`);
  await banner.getByRole('button', { name: `Keep mine #${entry.id}` }).focus();
  await page.keyboard.press('Enter');
  await expect(banner).toBeHidden();
  // Settled from the keyboard, the focus is on the record's detail, not lost to the page.
  await expect(page.getByRole('region', { name: 'Details' })).toBeFocused();
  await expect.poll(() => onProvider(sandbox, contact.id, 'email'), { timeout: 60_000 }).toBe('desk@example.com');
});

test('a draft reopened after the record changed keeps the provider’s value where nothing was typed', async ({ page, webHost }) => {
  test.setTimeout(180_000);
  await showApp(page, webHost);
  const sandbox = webHost.sandbox!;
  const contact = (await invoke(page, 'data.list', { resource: 'contacts', limit: 4 })).rows[3] as Contact;
  await showApp(page, webHost, `#/contacts/${contact.id}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Edit contact' });
  await form.getByLabel('City').fill('Bolzano');
  await expect.poll(() => invoke(page, 'drafts.get', { key: `update-contact:${contact.id}` })).toMatchObject({ text: { city: 'Bolzano' } });
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();

  // The provider's panel changes the phone; a sync brings it.
  await provider(sandbox, 'update-contact', { contactid: contact.id, phonenumber: '+39.0471555000' });
  await expect(async () => {
    const run = await invoke(page, 'sync.run');
    await expect(page.locator('.detail'), JSON.stringify(run)).toContainText('+39.0471555000', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(form.getByLabel('City')).toHaveValue('Bolzano');
  await expect(form.getByLabel('Phone')).toHaveValue('+39.0471555000');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form).toBeHidden();
  await expect.poll(() => onProvider(sandbox, contact.id, 'city'), { timeout: 60_000 }).toBe('Bolzano');
  expect(await onProvider(sandbox, contact.id, 'phonenumber')).toBe('+39.0471555000');
});

test('a renewal of a domain with a renewal order on the provider waits, asked in its words', async ({ page, webHost }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 760 });
  await showApp(page, webHost);
  const sandbox = webHost.sandbox!;
  const domain = ((await invoke(page, 'data.list', { resource: 'domains', limit: 200 })).rows as { id: number; domainName: string; status: string }[]).findLast(
    (d) => d.status === 'Active' && /^[a-z0-9.-]+$/.test(d.domainName),
  )!;
  await provider(sandbox, 'add-order', { [`domainrenewals[${domain.domainName}]`]: 1, paymentmethod: 'mailin' });
  const { entry } = await invoke(page, 'domains.renew', { names: [domain.domainName], years: 1 });
  await invoke(page, 'sync.run');

  await showApp(page, webHost, '#/outbox');
  await page.getByRole('button', { name: /^Changed on the provider/ }).click();
  const waiting = row(page, entry.id);
  await expect(waiting.getByTestId('conflict')).toContainText(`${domain.domainName} already has a renewal order on the provider: renew again?`);
  await lookAt(page, 'provider-changed-renewal-en');
  // The domain's detail asks the same.
  await showApp(page, webHost, `#/domains/${domain.id}`);
  const banner = page.getByRole('region', { name: 'Details' }).getByTestId('conflict');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(`${domain.domainName} already has a renewal order on the provider: renew again?`);
  await lookAt(page, 'provider-changed-renewal-detail-en');
  await showApp(page, webHost, '#/outbox');
  await page.getByRole('button', { name: /^Changed on the provider/ }).click();
  await waiting.getByRole('button', { name: `Don’t renew #${entry.id}` }).click();
  await expect(waiting).toBeHidden();
  expect((await invoke(page, 'outbox.list')).find((e) => e.id === entry.id)?.state).toBe('cancelled');
});

test('a delete of a contact changed on the provider meanwhile waits; Don’t delete keeps it there', async ({ page, webHost }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 760 });
  await showApp(page, webHost);
  const sandbox = webHost.sandbox!;
  const contact = (await invoke(page, 'data.list', { resource: 'contacts', limit: 5 })).rows[4] as Contact;
  await provider(sandbox, 'update-contact', { contactid: contact.id, city: 'Merano' });
  const entry = await invoke(page, 'outbox.enqueue', { kind: 'delete-contact', params: { contactid: contact.id } });
  await invoke(page, 'sync.run');

  await showApp(page, webHost, '#/outbox');
  await page.getByRole('button', { name: /^Changed on the provider/ }).click();
  const waiting = row(page, entry.id).getByTestId('conflict');
  await expect(waiting).toContainText('Changed on the provider since you asked to delete it: delete anyway?');
  await expect(waiting.getByRole('row', { name: /City/ })).toContainText(`${contact.city}Merano`);
  await lookAt(page, 'provider-changed-delete-en');
  await waiting.getByRole('button', { name: `Don’t delete #${entry.id}` }).click();
  await expect(row(page, entry.id)).toBeHidden();
  await invoke(page, 'sync.run');
  expect(await onProvider(sandbox, contact.id, 'city')).toBe('Merano');
});

test('Edit… opens a held edit in its form; saved, it goes with the value typed', async ({ page, webHost }) => {
  test.setTimeout(180_000);
  await showApp(page, webHost);
  const sandbox = webHost.sandbox!;
  const contact = (await invoke(page, 'data.list', { resource: 'contacts', limit: 6 })).rows[5] as Contact;
  const entry = await bothChanged(page, sandbox, contact, 'app@example.com', 'web@example.com');

  await showApp(page, webHost, '#/outbox');
  await page.getByRole('button', { name: /^Changed on the provider/ }).click();
  await row(page, entry.id).getByRole('button', { name: `Edit… #${entry.id}` }).click();
  const form = page.getByRole('dialog', { name: `Edit #${entry.id}, changed on the provider` });
  await expect(form).toContainText('Changed on the provider since you edited it.');
  await form.getByLabel('E-mail').fill('agreed@example.com');
  await form.getByRole('button', { name: 'Save and send again' }).click();
  await expect(form).toBeHidden();
  await expect.poll(() => onProvider(sandbox, contact.id, 'email'), { timeout: 60_000 }).toBe('agreed@example.com');
});
