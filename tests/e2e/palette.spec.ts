/**
 * The command palette against the web host and the demo account: it finds a domain, a contact and a ticket
 * by part of their names and opens the one chosen; it is usable from the keyboard alone (Ctrl+K, type, Enter,
 * Esc with focus given back) and runs commands.
 */
import type { Page } from '@playwright/test';
import type { ListPage } from '../../shared/queries';
import type { SyncRunRecord } from '../../shared/records';
import { deskCall } from './fixtures/desk-call';
import { expect, openApp, showApp, testOnFilePage as test } from './fixtures/web-host';
import { seriousViolations } from './fixtures/axe';
import { runFromPalette } from './fixtures/palette';

const palette = (page: Page) => page.getByRole('dialog', { name: 'Search and commands' });
const searchBox = (page: Page) => palette(page).getByRole('combobox', { name: 'Search' });

async function firstRecord<T>(page: Page, resource: string): Promise<T> {
  const list = await deskCall<ListPage<T>>(page, 'data.list', { resource, limit: 1 });
  expect(list.rows.length, `the demo account has ${resource}`).toBe(1);
  return list.rows[0]!;
}

test.beforeEach(async ({ page, webHost }) => {
  await showApp(page, webHost);
  // The dashboard, in English or (the last test's) Italian.
  await expect(page.getByRole('heading', { name: /^(Dashboard|Panoramica)$/, level: 1 })).toBeVisible();
});

test('finds a domain, a contact and a ticket by part of their names, and opens the one chosen', async ({ page, problems }) => {
  const domain = await firstRecord<{ id: number; domainName: string }>(page, 'domains');
  const contact = await firstRecord<{ id: number; firstName: string; lastName: string }>(page, 'contacts');
  const ticket = await firstRecord<{ id: number; tid: string; subject: string }>(page, 'tickets');
  const searches = [
    { text: domain.domainName.split('.')[0]!.slice(0, 5), title: domain.domainName },
    { text: contact.lastName.slice(0, 4), title: `${contact.firstName} ${contact.lastName}` },
    { text: ticket.subject.split(' ').find((w) => w.length > 4)!.slice(0, 5), title: `#${ticket.tid} ${ticket.subject}` },
  ];
  for (const { text, title } of searches) {
    await page.keyboard.press('Control+k');
    await searchBox(page).fill(text);
    const records = palette(page).getByRole('group', { name: /^records$/i });
    await expect(records.getByRole('option').filter({ hasText: title }).first(), `"${text}" finds ${title}`).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();
  }

  await page.keyboard.press('Control+k');
  await searchBox(page).fill(domain.domainName);
  await palette(page).getByRole('group', { name: /^records$/i }).getByRole('option').filter({ hasText: domain.domainName }).first().click();
  await expect(palette(page)).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`#/domains/${domain.id}$`));

  // Past the palette's 20 hits: the whole list of a kind of record, filtered by the same text.
  const part = searches[0]!.text;
  await page.keyboard.press('Control+k');
  await searchBox(page).fill(part);
  await palette(page).getByRole('option', { name: `All Domains matching “${part}”` }).click();
  await expect(page).toHaveURL(new RegExp(`#/domains\\?q=${part}$`));
  const listed = await deskCall<ListPage<unknown>>(page, 'data.list', { resource: 'domains', text: part, limit: 1 });
  await expect(page.getByRole('grid')).toHaveAttribute('aria-rowcount', String(listed.total + 1));
  expect(problems).toEqual([]);
});

test('keyboard only: Ctrl+K, go to Domains with Enter; Esc closes and gives focus back', async ({ page }) => {
  const sync = page.getByRole('button', { name: /^Sync/ }).first();
  await sync.focus();
  await page.keyboard.press('Control+k');
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type('go to domains');
  await expect(palette(page).getByRole('option', { name: 'Go to Domains', exact: true })).toHaveAttribute('data-highlighted', '');
  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeHidden();
  await expect(page).toHaveURL(/#\/domains$/);

  await sync.focus();
  await page.keyboard.press('Control+k');
  // Focus stays in the dialog while it is open.
  for (const key of ['Tab', 'Shift+Tab', 'Tab']) {
    await page.keyboard.press(key);
    expect(await palette(page).evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.type('zzz');
  await expect(palette(page).getByText('Nothing matches “zzz”.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();
  await expect(sync).toBeFocused();
});

test('runs commands: arrows choose one, Enter runs it (Sync now starts a sync; Check a domain opens its screen)', async ({ page }) => {
  const before = (await deskCall<SyncRunRecord[]>(page, 'sync.history', { limit: 1 }))[0]?.id ?? 0;
  // Enter once the records found for "sync" have come (runFromPalette): they are listed above the commands.
  await runFromPalette(page, 'sync', 'Sync now');
  await expect(palette(page)).toBeHidden();
  await expect.poll(async () => (await deskCall<SyncRunRecord[]>(page, 'sync.history', { limit: 1 }))[0]?.id ?? 0).toBeGreaterThan(before);

  // "Check a domain" is among the commands, below the records found: walked to with the arrow keys.
  await runFromPalette(page, 'domain', 'Check a domain');
  await expect(page).toHaveURL(/#\/check-domain$/);

  // A domain name typed is offered as a check of that very domain.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('Example.ORG');
  await palette(page).getByRole('option', { name: 'Check the domain example.org' }).click();
  await expect(page).toHaveURL(/#\/check-domain\?domain=example\.org$/);
  await expect(page.getByLabel('Domain name')).toHaveValue('example.org');
});

test('a contact found by its city says so: "City: …" under its name', async ({ page }) => {
  const list = await deskCall<ListPage<{ firstName: string; lastName: string; city: string }>>(page, 'data.list', { resource: 'contacts', limit: 50 });
  const contact = list.rows.find((c) => c.city.length >= 4 && !`${c.firstName} ${c.lastName}`.toLowerCase().includes(c.city.toLowerCase()));
  expect(contact, 'the demo account has a contact with a city').toBeDefined();
  await page.keyboard.press('Control+k');
  await searchBox(page).fill(contact!.city);
  const option = palette(page).getByRole('group', { name: /^records$/i }).getByRole('option').filter({ hasText: `${contact!.firstName} ${contact!.lastName}` }).first();
  await expect(option).toContainText(`City: ${contact!.city}`);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await palette(page).screenshot({ path: `test-results/screens/palette-city-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  // Found by its name, it does not say its city.
  await searchBox(page).fill(contact!.lastName);
  await expect(palette(page).getByRole('option').filter({ hasText: `${contact!.firstName} ${contact!.lastName}` }).first()).not.toContainText('City:');
  await page.keyboard.press('Escape');
});

test('the open palette has no serious or critical accessibility violation, with hits and with none', async ({ page }) => {
  await page.keyboard.press('Control+k');
  for (const text of ['a', 'a-text-nothing-has-9371']) {
    await searchBox(page).fill(text);
    await expect(palette(page).getByRole('option').first()).toBeVisible();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  }
  await expect(palette(page).getByText('Nothing matches “a-text-nothing-has-9371”.')).toBeVisible();
});

test('a command chosen with the arrows stays chosen when hits for the same text arrive late', async ({ browser, viewport, webHost }) => {
  // A page of its own: its socket is routed before the app opens it, and no other test may meet the held replies.
  const page = await browser.newPage({ viewport });
  // The web host's socket, with the engine's search replies held back until released.
  const held: (() => void)[] = [];
  const searches = new Set<number>();
  await page.routeWebSocket(/\/ws/, (client) => {
    const server = client.connectToServer();
    client.onMessage((message) => {
      const frame = JSON.parse(String(message)) as { type: string; id: number; name: string };
      if (frame.type === 'call' && frame.name === 'data.search') searches.add(frame.id);
      server.send(message);
    });
    server.onMessage((message) => {
      const frame = JSON.parse(String(message)) as { type: string; id?: number };
      if (frame.type === 'reply' && searches.has(frame.id!)) held.push(() => client.send(message));
      else client.send(message);
    });
  });
  await openApp(page, webHost);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  await page.keyboard.press('Control+k');
  await page.keyboard.type('do');
  const commands = palette(page).getByRole('group', { name: 'Commands' }).getByRole('option');
  await expect(commands.nth(1)).toBeVisible();
  await page.keyboard.press('ArrowDown');
  const chosen = (await palette(page).locator('[data-highlighted]').innerText()).trim();
  expect(chosen).not.toBe('');
  await expect.poll(() => held.length).toBeGreaterThan(0);
  for (const release of held.splice(0)) release();
  await expect(palette(page).getByRole('group', { name: 'Records' }).getByRole('option').first()).toBeVisible();
  // The hits came in above the commands; the highlight stayed where the arrows put it.
  await expect(palette(page).locator('[data-highlighted]')).toHaveText(chosen);
  await page.close();
});

test('a queued contact is found by its name, marked as not yet sent', async ({ page, webHost }) => {
  // Signed out, nothing is sent: the new contact stays queued while it is searched.
  await deskCall(page, 'accounts.signOut', { name: 'Demo' });
  try {
    await deskCall(page, 'outbox.enqueue', { kind: 'add-contact', params: { firstname: 'Zebedee', lastname: 'Quux', email: 'zq@example.com' } });
    await page.keyboard.press('Control+k');
    await page.keyboard.type('Zebedee');
    const hit = palette(page).getByRole('group', { name: 'Records' }).getByRole('option').filter({ hasText: 'Zebedee' });
    await expect(hit).toContainText('Pending: new, not yet sent');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/contacts\/local:\d+/);
  } finally {
    await deskCall(page, 'accounts.signIn', { name: 'Demo', password: webHost.sandbox!.password });
  }
});

test('an item is always highlighted for Enter: the one the pointer moved to, even once it leaves; typing gives it to the first', async ({ page }) => {
  await page.keyboard.press('Control+k');
  await page.keyboard.type('go to');
  // Once the records found for the text have come: new results give the highlight to the first, as typing does.
  const settled = palette(page).locator('[aria-busy="false"]');
  await expect(settled).toHaveCount(1);
  const options = palette(page).getByRole('option');
  await options.nth(2).hover();
  await expect(options.nth(2)).toHaveAttribute('data-highlighted', '');
  await page.mouse.move(2, 2);
  await expect(options.nth(2)).toHaveAttribute('data-highlighted', '');
  // The box names the highlighted option to assistive technology, and it alone is selected.
  await expect(searchBox(page)).toHaveAttribute('aria-activedescendant', (await options.nth(2).getAttribute('id'))!);
  await expect(palette(page).locator('[role="option"][aria-selected="true"]')).toHaveCount(1);
  // A pointer resting on the list while the person types leaves the highlight to the first of the new results.
  await options.nth(1).hover();
  await page.keyboard.type(' do');
  await expect(settled).toHaveCount(1);
  await expect(options.first()).toHaveAttribute('data-highlighted', '');
  const first = (await options.first().textContent())!.trim();
  expect(first).toMatch(/^Go to /);
  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeHidden();
  // The list's heading has its count after its name: "Domains 30".
  await expect(page.getByRole('heading', { level: 1 })).toContainText(first.replace(/^Go to /, ''));
});

test.describe(() => {
  test.use({ locale: 'it-IT' });
  test("in Italian, a hit reads in Italian: its kind, a domain's status in its words, its expiry as a date of the reader's", async ({ page, problems }) => {
    const domain = (await deskCall<ListPage<{ domainName: string; status: string; expiryDate: string }>>(page, 'data.list', {
      resource: 'domains',
      filters: { status: 'Active' },
      limit: 1,
    })).rows[0]!;
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Cerca' }).fill(domain.domainName);
    const hit = page.getByRole('option').filter({ hasText: domain.domainName }).first();
    const [year, month, day] = domain.expiryDate.split('-').map(Number) as [number, number, number];
    const expiry = new Intl.DateTimeFormat('it-IT', { dateStyle: 'medium' }).format(new Date(year, month - 1, day));
    await expect(hit).toContainText(`Attivo · scade il ${expiry}`);
    await expect(hit).not.toContainText('Active');
    // The hit is one record: its kind is named in the singular.
    await expect(hit.locator('.kind')).toHaveText('Dominio');
    await page.keyboard.press('Escape');
    expect(problems).toEqual([]);
  });
});
