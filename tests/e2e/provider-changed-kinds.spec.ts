/**
 * Issue 34's other kinds in Chromium through the web host and its demo provider, each queued while the provider
 * resets every connection and changed there meanwhile, then settled by the person in the Outbox's "Changed on the
 * provider" tab, and read back on the provider: a renewal of a domain the provider renewed meanwhile (its expiry
 * moved) waits, and Don't renew leaves no second renewal order or invoice; a reply to a ticket closed on the
 * provider waits with nothing sent, and Send and reopen stores it and reopens the ticket; a bulk edit of the
 * contacts of one country goes for all but the contact that moved to another country, which waits in words, and
 * Leave it leaves it unedited. Where the API has no operation for the change (a renewal, a closing) it is made
 * in the provider's store, as its automation or staff would. Each looked at light and dark, axe-clean.
 */
import type { Page } from '@playwright/test';
import { invoke } from './fixtures/page-bridge';
import { inProviderStore, onProvider, provider, row, type Contact } from './fixtures/provider-api';
import { lookAt } from './fixtures/screens';
import { expect, setFaults, showApp, testOnFilePage as test, type RunningWebHost, type SandboxInfo } from './fixtures/web-host';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

/** The app at 1280 × 760 (the Outbox's columns as a laptop shows them); its provider. */
async function appOnProvider(page: Page, webHost: RunningWebHost): Promise<SandboxInfo> {
  await page.setViewportSize({ width: 1280, height: 760 });
  await showApp(page, webHost);
  return webHost.sandbox!;
}

/** `queue` run while the provider resets every connection (the app offline to it), then a sync once it is back. */
async function queuedOffline<T>(page: Page, sandbox: SandboxInfo, queue: () => Promise<T>): Promise<T> {
  await setFaults(sandbox, { reset: 1 });
  let queued: T;
  try {
    queued = await queue();
  } finally {
    await setFaults(sandbox, { reset: 0 });
  }
  await invoke(page, 'sync.run');
  return queued;
}

/** The Outbox's "Changed on the provider" tab, opened from the sidebar, with this many entries waiting. */
async function changedTab(page: Page, waiting: number) {
  await page.getByRole('link', { name: /^Outbox/ }).click();
  const tab = page.getByRole('button', { name: /^Changed on the provider/ });
  await expect(tab).toContainText(String(waiting));
  await tab.click();
  return tab;
}

/** The renewal orders the provider lists for a domain (get-orders' line items), and the account's unpaid invoices. */
async function renewalsOnProvider(sandbox: SandboxInfo, domain: string) {
  const orders = await provider(sandbox, 'get-orders', { limitnum: 1000 });
  const items = Object.keys(orders).filter((key) => /\[lineitem\]\[\d+\]\[domain\]$/.test(key) && orders[key] === domain);
  const details = await provider(sandbox, 'get-clients-details', { stats: 'true' });
  return { renewals: items.filter((key) => orders[key.replace(/\[domain\]$/, '[product]')] === 'Renewal').length, unpaid: details['stats[numunpaidinvoices]'] };
}

test('a renewal of a domain renewed on the provider meanwhile waits; Don’t renew orders and bills nothing', async ({ page, webHost }) => {
  const sandbox = await appOnProvider(page, webHost);
  const domain = ((await invoke(page, 'data.list', { resource: 'domains', limit: 200 })).rows as { id: number; domainName: string; status: string; expiryDate: string | null }[]).find(
    (d) => d.status === 'Active' && d.expiryDate !== null && /^[a-z0-9.-]+$/.test(d.domainName),
  )!;
  const before = await renewalsOnProvider(sandbox, domain.domainName);
  let expires = '';
  const entry = await queuedOffline(page, sandbox, async () => {
    const { entry: queued } = await invoke(page, 'domains.renew', { names: [domain.domainName], years: 1 });
    // The provider's automation renews it meanwhile: its dates move a year on.
    expires = inProviderStore(webHost, (db) => {
      db.prepare("UPDATE domains SET expirydate = date(expirydate, '+1 year'), nextduedate = date(nextduedate, '+1 year') WHERE id = ?").run(domain.id);
      return db.prepare('SELECT expirydate FROM domains WHERE id = ?').pluck().get(domain.id) as string;
    });
    return queued;
  });
  expect(await renewalsOnProvider(sandbox, domain.domainName)).toEqual(before);

  await changedTab(page, 1);
  const waiting = row(page, entry.id);
  await expect(waiting.getByRole('cell').nth(1)).toHaveText('Changed');
  await expect(waiting.getByTestId('conflict')).toContainText(
    new RegExp(`^${domain.domainName.replaceAll('.', '\\.')} was renewed on the provider \\(now expires [^)]*${expires.slice(0, 4)}\\): renew again\\?`),
  );
  await expect(waiting.getByRole('cell').nth(4)).toHaveText('Renewal already on the provider');
  await expect(waiting.getByRole('button', { name: `Renew again #${entry.id}` })).toBeVisible();
  await lookAt(page, 'provider-changed-renewed-en');
  await waiting.getByRole('button', { name: `Don’t renew #${entry.id}` }).click();
  await expect(waiting).toBeHidden();
  await invoke(page, 'sync.run');
  expect(await renewalsOnProvider(sandbox, domain.domainName)).toEqual(before);
  expect((await invoke(page, 'outbox.list')).find((e) => e.id === entry.id)?.state).toBe('cancelled');
});

test('a reply to a ticket closed on the provider meanwhile waits unsent; Send and reopen stores it and reopens the ticket', async ({ page, webHost }) => {
  const sandbox = await appOnProvider(page, webHost);
  const ticket = ((await invoke(page, 'data.list', { resource: 'tickets', limit: 100 })).rows as { id: number; status: string }[]).find((t) => t.status !== 'Closed')!;
  const message = 'Is the migration still planned for tonight?';
  const onProviderNow = async () => {
    const { tickets } = await provider<{ tickets: { ticket: { id: number | string; status: string }[] } }>(sandbox, 'get-tickets', { limitnum: 1000 });
    const replies = inProviderStore(webHost, (db) => db.prepare('SELECT message FROM ticket_replies WHERE ticketid = ?').pluck().all(ticket.id) as string[]);
    return { status: tickets.ticket.find((t) => Number(t.id) === ticket.id)?.status, replied: replies.includes(message) };
  };
  const entry = await queuedOffline(page, sandbox, async () => {
    const queued = await invoke(page, 'outbox.enqueue', { kind: 'add-ticket-reply', params: { ticketid: ticket.id, message } });
    // The provider's staff close it meanwhile, in its panel (no operation of the API closes a ticket).
    inProviderStore(webHost, (db) => db.prepare("UPDATE tickets SET status = 'Closed' WHERE id = ?").run(ticket.id));
    return queued;
  });
  expect(await onProviderNow()).toEqual({ status: 'Closed', replied: false });

  const tab = await changedTab(page, 1);
  const waiting = row(page, entry.id);
  await expect(waiting.getByTestId('conflict')).toContainText('This ticket was closed on the provider; send and reopen it?');
  await lookAt(page, 'provider-changed-ticket-closed-en');
  await waiting.getByRole('button', { name: `Send and reopen #${entry.id}` }).click();
  await expect(waiting).toBeHidden();
  await expect(tab).toContainText('0');
  await expect.poll(onProviderNow, { timeout: 60_000 }).toEqual({ status: 'Customer-Reply', replied: true });
});

test('a bulk edit by country goes for its contacts but one that moved country on the provider, which waits in words; Leave it leaves it', async ({ page, webHost }) => {
  const sandbox = await appOnProvider(page, webHost);
  for (const n of [1, 2, 3]) await provider(sandbox, 'add-contact', { firstname: `Fjord${n}`, lastname: 'Jonsdottir', city: 'Akureyri', country: 'IS' });
  // A sync asked for while one runs joins it, and that one may have read the contacts before they were added.
  let inIceland: Contact[] = [];
  await expect(async () => {
    await invoke(page, 'sync.run');
    inIceland = ((await invoke(page, 'data.list', { resource: 'contacts', limit: 1000 })).rows as Contact[]).filter((c) => c.country === 'IS');
    expect(inIceland).toHaveLength(3);
  }).toPass({ timeout: 60_000 });
  const [moved, ...others] = inIceland;
  // The client moved to Norway and said so in the provider's panel; the app's copy still has Iceland.
  await provider(sandbox, 'update-contact', { contactid: moved!.id, country: 'NO' });
  const { entryIds } = await queuedOffline(page, sandbox, () => invoke(page, 'contacts.bulkEdit', { shown: { filters: { country: 'IS' } }, fields: { city: { set: 'Reykjavik' } } }));
  expect(entryIds).toHaveLength(3);
  for (const contact of others) await expect.poll(() => onProvider(sandbox, contact.id, 'city'), { timeout: 60_000 }).toBe('Reykjavik');
  expect(await onProvider(sandbox, moved!.id, 'city')).toBe('Akureyri');

  const tab = await changedTab(page, 1);
  const entry = (await invoke(page, 'outbox.list', { states: ['conflict'] })).find((e) => entryIds.includes(e.id))!;
  const waiting = row(page, entry.id);
  await expect(waiting.getByRole('cell').nth(1)).toHaveText('Changed');
  await expect(waiting).toContainText(`${moved!.firstName} ${moved!.lastName}`);
  await expect(waiting.getByRole('cell').nth(4)).toHaveText('No longer matches the bulk edit');
  await expect(waiting.getByTestId('conflict')).toContainText('Now in Norway; the edit was for contacts in Iceland: edit it anyway?');
  await expect(waiting.getByRole('button', { name: `Edit it anyway #${entry.id}` })).toBeVisible();
  await lookAt(page, 'provider-changed-left-filter-en');
  await waiting.getByRole('button', { name: `Leave it #${entry.id}` }).click();
  await expect(waiting).toBeHidden();
  await expect(tab).toContainText('0');
  await invoke(page, 'sync.run');
  expect(await onProvider(sandbox, moved!.id, 'city')).toBe('Akureyri');
  expect(await onProvider(sandbox, moved!.id, 'country')).toBe('NO');
});
