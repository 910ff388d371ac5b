/**
 * The Billing screen in Chromium through the web host, on a sandbox provider of the spec's own: once synced it
 * shows every invoice figure with its count and amount, and the credit balance, as the provider's database has them, and the orders not paid, each a link to the order, whose
 * detail lists the payments against its invoice; with every request failing it still shows them from the mirror.
 * Reached by keyboard alone, axe-clean, saved under test-results/screens/ in light and dark, English and Italian.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { invoke } from './fixtures/page-bridge';
import { expect, openApp, setFaults, startProvider, test, type SandboxInfo } from './fixtures/web-host';
import { seriousViolationsIn } from './fixtures/axe';

test.use({ webHostArgs: [] });
// The second test reads the account the first one synced.
test.describe.configure({ mode: 'serial' });

const SCREENS_DIR = process.env.SCREENS_DIR ?? 'test-results/screens';
const FIGURES = { due: 'Due', overdue: 'Overdue', unpaid: 'Unpaid', draft: 'Draft', paid: 'Paid', cancelled: 'Cancelled', refunded: 'Refunded', collections: 'In collections' };

let provider: SandboxInfo;
let stopProvider: () => Promise<void>;
/** The provider's own database, so each figure is checked against its records, not against the app's reading of them. */
const providerDb = join(mkdtempSync(join(tmpdir(), 'rd-billing-')), 'provider.db');

test.beforeAll(async () => {
  mkdirSync(SCREENS_DIR, { recursive: true });
  ({ provider, stop: stopProvider } = await startProvider(['--db', providerDb]));
});

/** Each invoice figure's count and total (cents) as the provider's records have them, and the account's credit. */
function providerFigures(email: string) {
  const db = new Database(providerDb, { readonly: true });
  const { id, credit } = db.prepare('SELECT id, credit FROM clients WHERE email = ?').get(email) as { id: number; credit: string };
  const today = db.prepare("SELECT value FROM meta WHERE key = 'today'").pluck().get() as string;
  const figure = (where: string) => {
    const totals = db.prepare(`SELECT total FROM invoices WHERE userid = ? AND ${where}`).pluck().all(id) as string[];
    return { count: totals.length, cents: totals.reduce((sum, total) => sum + Math.round(Number(total) * 100), 0) };
  };
  const status = (name: string) => figure(`status = '${name}'`);
  const figures = {
    due: status('Unpaid'),
    overdue: figure(`status = 'Unpaid' AND duedate < '${today}'`),
    unpaid: status('Unpaid'),
    draft: status('Draft'),
    paid: status('Paid'),
    cancelled: status('Cancelled'),
    refunded: status('Refunded'),
    collections: status('Collections'),
  };
  db.close();
  return { figures, creditCents: Math.round(Number(credit) * 100) };
}
const usd = (cents: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(cents / 100);
test.afterAll(async () => stopProvider?.());

async function setLanguage(page: Page, language: 'en' | 'it'): Promise<void> {
  await invoke(page, 'settings.set', { language });
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(language === 'it' ? 'Fatturazione' : 'Billing');
}

test('Billing: every invoice figure and the unpaid orders, offline too, by keyboard', async ({ page, webHost }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page, webHost);
  const { baseUrl, altBaseUrl, clientId, clientSecret, username, password } = provider;
  // A name no other spec uses: spec files run side by side, and in CI their hosts share one keychain.
  await invoke(page, 'accounts.add', { name: 'Northwind', baseUrl, altBaseUrl, clientId, clientSecret, username, password });
  expect((await invoke(page, 'sync.run')).outcome).toBe('ok');
  await page.evaluate(() => (location.hash = '#/billing'));
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();

  // Every figure with its count and amount as the provider's own records have them, and the credit balance.
  const summary = await invoke(page, 'billing.summary');
  const expected = providerFigures(username);
  const invoices = page.getByRole('region', { name: 'Invoices' });
  const checkFigures = async () => {
    for (const key of Object.keys(FIGURES) as (keyof typeof FIGURES)[]) {
      const { count, cents } = expected.figures[key];
      const tile = invoices.locator(`[data-figure="${key}"]`);
      await expect(tile.locator('.figure-label')).toHaveText(FIGURES[key]);
      await expect(tile.locator('.figure-amount')).toHaveText(usd(cents));
      await expect(tile.locator('.figure-count')).toHaveText(['no invoices', '1 invoice'][count] ?? `${count} invoices`);
    }
    await expect(page.getByRole('region', { name: 'Account' }).getByRole('definition').first()).toHaveText(usd(expected.creditCents));
  };
  await checkFigures();
  // Some figures are zero (no invoice in collections): they read as such, not as a dash.
  expect(Object.values(expected.figures).some((figure) => figure.count === 0)).toBe(true);
  const orders = page.getByRole('region', { name: 'Orders not paid' });
  await expect(orders.getByRole('row')).toHaveCount(summary.unpaidOrders.rows.length + 2);
  expect(summary.unpaidOrders.count).toBeGreaterThan(0);

  // Offline: every request fails, and the screen still shows the mirror's figures.
  await setFaults(provider, { reset: 1 });
  await page.reload();
  await checkFigures();

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await seriousViolationsIn(scheme, page), scheme).toEqual([]);
    await page.screenshot({ path: `${SCREENS_DIR}/billing-en-${scheme}.png` });
  }
  await setLanguage(page, 'it');
  await expect(page.getByRole('region', { name: 'Fatture' }).locator('[data-figure="overdue"]')).toContainText('Scadute');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${SCREENS_DIR}/billing-it-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await setLanguage(page, 'en');

  // By keyboard: from the Billing link in the sidebar to the first unpaid order, opened with Enter.
  const first = summary.unpaidOrders.rows[0]!;
  const billingLink = page.getByRole('navigation').first().getByRole('link', { name: 'Billing' });
  await billingLink.focus();
  await page.keyboard.press('Enter');
  const orderLink = orders.getByRole('link', { name: `Order #${first.orderNum}` });
  for (let i = 0; i < 60 && !(await orderLink.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(orderLink).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/orders/${first.id}$`));
  await expect(page.getByRole('region', { name: /detail/i }).getByRole('heading', { name: 'Payments' })).toBeVisible();
});

test("an order's detail lists the payments against its invoice", async ({ page, webHost }) => {
  await openApp(page, webHost);
  // The first paid order with a payment against its invoice (an order's invoice may have been paid by credit).
  const paidOrders = (await invoke(page, 'data.list', { resource: 'orders', filters: { paymentStatus: 'Paid' }, limit: 100 })).rows;
  let order = paidOrders[0]!;
  let expected = await invoke(page, 'billing.orderPayments', { orderId: order.id as number });
  for (const candidate of paidOrders.slice(1)) {
    if (expected.length > 0) break;
    order = candidate;
    expected = await invoke(page, 'billing.orderPayments', { orderId: order.id as number });
  }
  expect(expected.length).toBeGreaterThan(0);
  await page.evaluate((id) => (location.hash = `#/orders/${id}`), order.id);
  const section = page.getByRole('region', { name: /detail/i }).locator('.order-payments');
  await expect(section.getByRole('row')).toHaveCount(expected.length + 1);
  await expect(section.getByRole('link').first()).toHaveAttribute('href', `#/payments/${expected[0]!.id}`);
});
