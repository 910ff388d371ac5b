/**
 * The Outbox screen in Chromium through the web host and the demo provider: an edit made while every request
 * fails waits with its reason and is sent once the provider answers; an edit the provider
 * refuses is failed with the provider's words (counted once: "Failed 1", not also pending), Retry sends it again, Discard asks first; signed out, an edit
 * whose create was discarded needs review and "It went through" settles it (for a create, with the id it got
 * on the provider, which the engine checks); a row that leaves its tab hands the keyboard on. Edits are queued
 * through the page's bridge (the screens that make them are not this spec's subject).
 */
import type { Page } from '@playwright/test';
import { invoke } from './fixtures/page-bridge';
import { expect, setFaults, showApp, testOnFilePage as test } from './fixtures/web-host';

test.describe.configure({ mode: 'serial' });

/** The outbox table's row of an entry (its first cell is the entry's number). */
const row = (page: Page, id: number) =>
  page.getByRole('table', { name: 'Outbox' }).getByRole('row').filter({ has: page.getByRole('cell', { name: String(id), exact: true }) });

test('an edit made while every request fails waits with its reason, and is sent once the provider answers', async ({ page, webHost }) => {
  test.setTimeout(180_000);
  await showApp(page, webHost);
  const contact = (await invoke(page, 'data.list', { resource: 'contacts', limit: 1 })).rows[0] as { id: number; firstName: string; lastName: string };

  await setFaults(webHost.sandbox!, { reset: 1 });
  const entry = await invoke(page, 'outbox.enqueue', { kind: 'update-contact', params: { contactid: contact.id, city: 'Rovereto' } });
  await page.getByRole('link', { name: 'Outbox', exact: true }).click();
  const waiting = row(page, entry.id);
  // Named as the Contacts list names it, with the change in words: never by its id.
  await expect(waiting).toContainText(`${contact.firstName} ${contact.lastName}: City “Rovereto”`);
  await expect(waiting.getByRole('cell').nth(1)).toHaveText(/Queued|Sending/);
  // In words (the socket's code only behind Details).
  await expect(waiting).toContainText('The provider closed the connection', { timeout: 60_000 });

  // Once the provider answers, the outbox's own retry (or the next sync, which replays first) sends it.
  await setFaults(webHost.sandbox!, { reset: 0 });
  await expect(waiting).toBeHidden({ timeout: 90_000 });
  await page.getByRole('button', { name: /^Done/ }).click();
  await expect(row(page, entry.id).getByRole('cell').nth(1)).toHaveText('Done');
});

test('an edit the provider refuses is failed with its words; Retry sends it again; Discard asks first', async ({ page, webHost }) => {
  await showApp(page, webHost);
  const entry = await invoke(page, 'outbox.enqueue', { kind: 'update-contact', params: { contactid: 999_999, city: 'Trento' } });
  await page.getByRole('link', { name: 'Outbox', exact: true }).click();
  // Each edit in one tab: the failed one is "Failed 1", not also "Pending 1", wherever it is counted.
  const failedTab = page.getByRole('button', { name: /^Failed/ });
  await expect(failedTab).toHaveAccessibleName('Failed 1');
  await expect(page.getByRole('button', { name: /^Pending/ })).toHaveAccessibleName('Pending 0');
  await expect(page.getByRole('link', { name: 'Outbox', exact: true })).toHaveAccessibleDescription('1 need your attention');
  await failedTab.click();
  const failed = row(page, entry.id);
  await expect(failed.getByRole('cell').nth(1)).toHaveText('Failed');
  await expect(failed).toContainText('Contact ID Not Found');
  const tries = failed.getByRole('cell').nth(5);
  await expect(tries).toHaveText('1');

  await failed.getByRole('button', { name: `Retry #${entry.id}` }).click();
  await expect(tries).toHaveText('2');
  await expect(failed.getByRole('cell').nth(1)).toHaveText('Failed');

  await failed.getByRole('button', { name: `Discard #${entry.id}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Discard edit #${entry.id}?` });
  await expect(confirm).toContainText('a record not in your local copy: City “Trento”');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(failed).toBeVisible();
  // One dialog serves every row: the keyboard goes back to the row's button that asked.
  await expect(failed.getByRole('button', { name: `Discard #${entry.id}` })).toBeFocused();

  await failed.getByRole('button', { name: `Discard #${entry.id}` }).click();
  await confirm.getByRole('button', { name: 'Discard' }).click();
  await expect(failed).toBeHidden();
  const discardedTab = page.getByRole('button', { name: /^Discarded/ });
  await expect(discardedTab).toContainText('1');
  await discardedTab.click();
  await expect(row(page, entry.id).getByRole('cell').nth(1)).toHaveText('Discarded');
});

test('from the keyboard, a row that leaves its tab hands the focus to the same action in the next row, the last one to its tab', async ({ page, webHost }) => {
  await showApp(page, webHost);
  const first = await invoke(page, 'outbox.enqueue', { kind: 'update-contact', params: { contactid: 999_998, city: 'Bolzano' } });
  const second = await invoke(page, 'outbox.enqueue', { kind: 'update-contact', params: { contactid: 999_997, city: 'Merano' } });
  await page.getByRole('link', { name: 'Outbox', exact: true }).click();
  const failedTab = page.getByRole('button', { name: /^Failed/ });
  await expect(failedTab).toHaveAccessibleName('Failed 2');
  await failedTab.click();
  // A row's own button names its entry: the row is gone once its button is.
  const discardOf = (id: number) => page.getByRole('button', { name: `Discard #${id}` });

  const discard = async (id: number) => {
    await discardOf(id).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).focus();
    await page.keyboard.press('Enter');
    await expect(discardOf(id)).toBeHidden();
  };
  await discard(first.id);
  await expect(discardOf(second.id)).toBeFocused();
  await discard(second.id);
  await expect(failedTab).toBeFocused();
  await expect(failedTab).toHaveAccessibleName('Failed 0');
});

test('an edit whose create was discarded needs review; "It went through" settles it', async ({ page, webHost }) => {
  await showApp(page, webHost);
  // Signed out, nothing is sent: both edits stay queued until the user decides.
  await invoke(page, 'accounts.signOut', { name: 'Demo' });
  try {
    const created = await invoke(page, 'outbox.enqueue', { kind: 'add-contact', params: { firstname: 'Ada', lastname: 'Byron', email: 'ada@example.com' } });
    const edit = await invoke(page, 'outbox.enqueue', { kind: 'update-contact', params: { contactid: created.localId!, city: 'Trento' } });
    await page.getByRole('link', { name: 'Outbox', exact: true }).click();
    const create = row(page, created.id);
    await expect(create).toContainText('Ada Byron');
    await expect(row(page, edit.id)).toContainText(`Waits for #${created.id}, “New contact Ada Byron”, to be sent`);

    await create.getByRole('button', { name: `Discard #${created.id}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('button', { name: /^Needs review/ }).click();
    const review = row(page, edit.id);
    await expect(review.getByRole('cell').nth(1)).toHaveText('Needs review');

    await review.getByRole('button', { name: `It went through #${edit.id}` }).click();
    await expect(review).toBeHidden();
    await page.getByRole('button', { name: /^Done/ }).click();
    await expect(row(page, edit.id).getByRole('cell').nth(1)).toHaveText('Done');
  } finally {
    await invoke(page, 'accounts.signIn', { name: 'Demo', password: webHost.sandbox!.password });
  }
});

test('a create that needs review takes the id it got on the provider, checked by the engine', async ({ page, webHost }) => {
  await showApp(page, webHost);
  const department = (await invoke(page, 'data.list', { resource: 'departments', limit: 1 })).rows[0]!;
  await invoke(page, 'accounts.signOut', { name: 'Demo' });
  try {
    const contact = await invoke(page, 'outbox.enqueue', { kind: 'add-contact', params: { firstname: 'Grace', lastname: 'Hopper', email: 'grace@example.com' } });
    const ticket = await invoke(page, 'outbox.enqueue', {
      kind: 'open-ticket',
      params: { deptid: department.id as number, subject: 'Compiler question', message: 'Hello', contactid: contact.localId! },
    });
    await page.getByRole('link', { name: 'Outbox', exact: true }).click();
    await row(page, contact.id).getByRole('button', { name: `Discard #${contact.id}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('button', { name: /^Needs review/ }).click();
    const review = row(page, ticket.id);
    await expect(review.getByRole('cell').nth(1)).toHaveText('Needs review');

    await review.getByRole('button', { name: `It went through #${ticket.id}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit #${ticket.id} went through?` });
    const serverId = dialog.getByLabel(/Id on the provider/);
    await serverId.fill('0');
    await dialog.getByRole('button', { name: 'Mark done' }).click();
    await expect(serverId).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByRole('alert')).toContainText('must be above 0');
    await expect(serverId).toHaveValue('0');

    await serverId.fill('4242');
    await dialog.getByRole('button', { name: 'Mark done' }).click();
    await expect(dialog).toBeHidden();
    await expect(review).toBeHidden();
    await page.getByRole('button', { name: /^Done/ }).click();
    await expect(row(page, ticket.id).getByRole('cell').nth(1)).toHaveText('Done');
  } finally {
    await invoke(page, 'accounts.signIn', { name: 'Demo', password: webHost.sandbox!.password });
  }
});
