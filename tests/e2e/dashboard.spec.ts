/**
 * The dashboard against the web host and the demo account: the client and its figures as the engine counts
 * them, each radar bucket linking to a Domains list filtered to exactly its domains, the payments chart,
 * records linked from the dashboard's lists, and what a sync found changed on the provider.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { DashboardData } from '../../shared/dashboard';
import type { ResourceRecords } from '../../shared/records';
import { deskCall as call } from './fixtures/desk-call';
import { expect, setFaults, showApp, testOnFilePage as test } from './fixtures/web-host';
import { seriousViolationsIn } from './fixtures/axe';

const SCREENS_DIR = process.env.SCREENS_DIR ?? 'test-results/screens';

test.beforeEach(async ({ page, webHost }) => {
  await showApp(page, webHost);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});

test('shows the demo client and its figures as the engine counts them', async ({ page, problems }) => {
  const client = await call<ResourceRecords['client']>(page, 'data.client');
  const data = await call<DashboardData>(page, 'data.dashboard');
  const account = page.getByRole('region', { name: 'Account' });
  await expect(account.getByText(client.client.fullName, { exact: true })).toBeVisible();
  await expect(account.getByText(client.client.email, { exact: true })).toBeVisible();
  // The last login in the app's words: the provider's parts without its English labels ("Date:", "IP Address:"),
  // its date (the sandbox writes dd/mm/YYYY HH:MM) in the person's locale, not the provider's "06/12/2026".
  const [date, address, host] = client.client.lastLogin.split(/<br\s*\/?>/i).map((part) => part.replace(/^[^:]+:/, '').trim());
  const [day, month, year, hour, minute] = date!.split(/[/ :]/).map(Number);
  const when = new Date(year!, month! - 1, day!, hour!, minute!);
  const inEnglish = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(when);
  await expect(account.getByText(`${inEnglish} · IP ${address} · ${host}`, { exact: true })).toBeVisible();

  const activeDomains = data.domains.find((s) => s.status === 'Active')?.count ?? 0;
  const totalDomains = data.domains.reduce((sum, s) => sum + s.count, 0);
  const tile = page.locator('[data-stat="domains"]');
  await expect(tile).toContainText(`Active domains${activeDomains}of ${totalDomains}`);
  expect(client.stats).not.toBeNull();
  await expect(page.locator('[data-stat="due"]')).toContainText(`${client.stats!.numDueInvoices} due`);

  // The chart is drawn, and its figures are also a table for screen readers: 24 months.
  const payments = page.getByRole('region', { name: 'Payments per month' });
  await expect(payments.locator('canvas').first()).toBeVisible();
  await expect(payments.getByRole('table', { name: 'Payments per month', includeHidden: true }).locator('tbody tr')).toHaveCount(24);
  expect(problems).toEqual([]);
});

/** The provider's own counts of the demo account, read from its database (as get-clients-details counts them upstream). */
function providerCounts(dataDir: string) {
  const db = new Database(join(dataDir, 'demo-provider.db'), { readonly: true });
  db.pragma('busy_timeout = 5000');
  const n = (query: string) => (db.prepare(query).get() as { n: number }).n;
  const byType = (where: string) =>
    n(`SELECT COUNT(*) AS n FROM services s JOIN products p ON p.pid = s.pid WHERE s.userid = 1 AND ${where}`);
  const types = { hosting: "p.type = 'hostingaccount'", reseller: "p.type = 'reselleraccount'", servers: "p.type = 'server'", other: "p.type NOT IN ('hostingaccount', 'reselleraccount', 'server')" };
  const counts = {
    products: Object.fromEntries(
      Object.entries({ ...types, total: '1' }).map(([key, where]) => [key, { active: byType(`${where} AND s.status = 'Active'`), all: byType(where) }]),
    ),
    quotes: { accepted: n("SELECT COUNT(*) AS n FROM quotes WHERE userid = 1 AND stage = 'Accepted'"), all: n('SELECT COUNT(*) AS n FROM quotes WHERE userid = 1') },
    tickets: {
      active: n("SELECT COUNT(*) AS n FROM tickets WHERE owner_userid = 1 AND status != 'Closed'"),
      all: n('SELECT COUNT(*) AS n FROM tickets WHERE owner_userid = 1'),
    },
    signups: n('SELECT COUNT(*) AS n FROM affiliate_signups s JOIN affiliates a ON a.id = s.affiliateid WHERE a.clientid = 1'),
    affiliate: n('SELECT COUNT(*) AS n FROM affiliates WHERE clientid = 1') > 0,
  };
  db.close();
  return counts;
}

test("the provider's counts: products by type, quotes, tickets and affiliate sign-ups as its database has them, offline too", async ({ page, webHost }) => {
  await call(page, 'sync.run');
  const expected = providerCounts(webHost.dataDir);
  // The demo account has some of each, so a figure shown as 0 by mistake cannot pass.
  expect(expected.quotes.accepted).toBeGreaterThan(0);
  expect(expected.affiliate).toBe(true);
  expect(expected.signups).toBeGreaterThan(0);
  const card = page.getByRole('region', { name: 'Products, quotes and more' });
  const check = async () => {
    for (const [key, { active, all }] of Object.entries(expected.products)) {
      await expect(card.locator(`[data-products="${key}"]`).getByRole('cell')).toHaveText([String(active), String(all)]);
    }
    await expect(card.locator('[data-fact="quotes"]')).toHaveText(`${expected.quotes.accepted} accepted of ${expected.quotes.all}`);
    await expect(card.locator('[data-fact="tickets"]')).toHaveText(`${expected.tickets.active} active of ${expected.tickets.all}`);
    await expect(card.locator('[data-fact="affiliate"]')).toHaveText(`${expected.signups} sign-up${expected.signups === 1 ? '' : 's'}`);
  };
  await check();
  // A zero reads as 0 (the demo account's one server is not active), checked above like any other figure.
  expect(Object.values(expected.products).some((figure) => figure.active === 0)).toBe(true);

  // Offline, the last synced figures.
  await setFaults(webHost.sandbox!, { reset: 1 });
  try {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await check();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${SCREENS_DIR}/dashboard-counts-${scheme}.png`, fullPage: true });
    }
  } finally {
    await setFaults(webHost.sandbox!, { reset: 0 });
  }
});

test('each expiry radar bucket opens the Domains list filtered to exactly its domains', async ({ page }) => {
  const data = await call<DashboardData>(page, 'data.dashboard');
  const radar = page.getByRole('region', { name: 'Domain expiry' });
  for (const key of ['within30', 'expired'] as const) {
    const bucket = data.expiry.find((b) => b.key === key)!;
    await radar.locator(`[data-bucket="${key}"]`).click();
    await expect(page).toHaveURL(/#\/domains\?/);
    const query = new URL(page.url().replace('#/', '')).searchParams;
    expect(Object.fromEntries(query)).toEqual(Object.fromEntries(Object.entries(bucket.filters).map(([k, v]) => [k, String(v)])));
    await expect(page.getByRole('grid')).toHaveAttribute('aria-rowcount', String(bucket.count + 1));
    await page.goBack();
    await expect(radar).toBeVisible();
  }
});

test('a ticket awaiting the user opens its record', async ({ page }) => {
  const data = await call<DashboardData>(page, 'data.dashboard');
  test.skip(data.awaitingYou.latest.length === 0, 'the demo account has no ticket awaiting a reply');
  const ticket = data.awaitingYou.latest[0]!;
  await page.getByRole('region', { name: 'Tickets awaiting you' }).getByRole('link', { name: new RegExp(`#${ticket.tid}`) }).click();
  await expect(page).toHaveURL(new RegExp(`#/tickets/${ticket.id}$`));
});

test('since the last sync: a ticket the provider answered meanwhile is listed, and its link opens it', async ({ page, webHost }) => {
  // The provider answers a ticket: written straight into the demo provider's own database (in the data folder).
  const provider = new Database(join(webHost.dataDir, 'demo-provider.db'));
  provider.pragma('busy_timeout = 5000');
  const ticket = provider.prepare("SELECT id, tid FROM tickets WHERE userid = 1 AND status IN ('Open', 'Customer-Reply') LIMIT 1").get() as { id: number; tid: string };
  provider.prepare("UPDATE tickets SET status = 'Answered', lastreply = datetime('now') WHERE id = ?").run(ticket.id);
  provider.close();

  await page.keyboard.press('Control+k');
  await page.keyboard.type('sync now');
  await page.keyboard.press('Enter');
  const since = page.getByRole('region', { name: 'Since your last sync' });
  const link = since.getByRole('link', { name: `Ticket #${ticket.tid} answered` });
  await expect(link).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Tickets awaiting you' }).getByRole('link', { name: new RegExp(`#${ticket.tid}`) })).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`#/tickets/${ticket.id}$`));
});

test('the dashboard has no serious or critical accessibility violation, light and dark', async ({ page }) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await seriousViolationsIn(colorScheme, page, 'main'), colorScheme).toEqual([]);
  }
});

test('"Worth a look" says what still needs the person, changed or not: overdue invoices and domains about to expire, each a link', async ({ page }) => {
  const client = await call<ResourceRecords['client']>(page, 'data.client');
  const data = await call<DashboardData>(page, 'data.dashboard');
  const overdue = client.stats!.numOverdueInvoices;
  const within30 = data.expiry.find((b) => b.key === 'within30')!;
  expect(overdue, 'the demo account has overdue invoices').toBeGreaterThan(0);
  expect(within30.count, 'the demo account has domains expiring within 30 days').toBeGreaterThan(0);

  const since = page.getByRole('region', { name: 'Since your last sync' });
  // "Nothing changed … Still waiting for you:", or after the changes an earlier test made, "Still waiting for you:".
  await expect(since.getByText(/Still waiting for you:$/)).toBeVisible();
  await expect(since.getByText('No change that needs you.')).toHaveCount(0);
  await since.getByRole('link', { name: `${overdue} invoices overdue` }).click();
  await expect(page).toHaveURL(/#\/billing/);
  await page.goBack();
  await since.getByRole('link', { name: `${within30.count} domains expiring within 30 days` }).click();
  await expect(page.getByRole('grid')).toHaveAttribute('aria-rowcount', String(within30.count + 1));
});
