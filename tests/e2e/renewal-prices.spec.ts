/**
 * Prices of renewals and domain orders online and offline, through the web host and the demo account. Online,
 * a renewal's review fetches the price of every ending it lacks, in one pass, and nothing says "not known offline":
 * the dashboard's "Renew the N expiring within 30 days…" and Renew… on a domain whose ending was never checked. The
 * order form with no domain typed yet says the price comes with the name. Offline (every connection reset), the
 * last known price with the day the provider gave it, and "not known offline" for an ending never priced.
 * Screens saved under test-results/screens/.
 */
import type { Page } from '@playwright/test';
import { invoke } from './fixtures/page-bridge';
import { lookAt } from './fixtures/screens';
import { expect, setFaults, showApp, testOnFilePage as test } from './fixtures/web-host';
import { hostingProduct, sandboxClient } from './morning/shop';

test.describe.configure({ mode: 'serial' });

const dialog = (page: Page) => page.getByRole('dialog');
const endingOf = (name: string) => name.slice(name.indexOf('.'));

/** The active domains, and the endings the mirror holds a whois answer for. */
async function activeDomains(page: Page): Promise<{ id: number; name: string }[]> {
  const { rows } = await invoke(page, 'data.list', { resource: 'domains', filters: { status: 'Active' }, limit: 1000 });
  return rows.flatMap((row) => ('domainName' in row && typeof row.id === 'number' ? [{ id: row.id, name: String(row.domainName) }] : []));
}
const checkedEndings = async (page: Page) => new Set((await invoke(page, 'domains.recent', { limit: 100 })).map((check) => endingOf(check.domain)));

/** Renew… on a domain's detail, opened straight from its address. */
async function renewFromDetail(page: Page, id: number): Promise<void> {
  await page.evaluate((domainId) => (location.hash = `#/domains/${domainId}`), id);
  await page.getByRole('button', { name: 'Renew…' }).click();
  await expect(dialog(page).getByTestId('renew-review')).toBeVisible();
}

test('online, every renewal is priced: the dashboard’s Renew the N expiring…, and Renew… on a domain never checked', async ({ page, webHost }) => {
  await showApp(page, webHost);
  expect(await checkedEndings(page)).toEqual(new Set());
  const { total } = await invoke(page, 'data.list', { resource: 'domains', filters: { expiringWithinDays: 30 }, limit: 1 });
  await page.getByRole('button', { name: `Renew the ${total} expiring within 30 days…` }).click();
  const review = dialog(page).getByTestId('renew-review');
  await expect(review.getByRole('row').nth(1)).toContainText('$');
  await expect(dialog(page).getByTestId('renew-total')).toHaveAttribute('data-cents', /^\d+$/);
  await expect(dialog(page)).not.toContainText('not known');
  await lookAt(page, 'renew-expiring-priced');
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();

  // A domain of an ending the review did not ask about: priced as its Renew… opens.
  const checked = await checkedEndings(page);
  expect(checked.size).toBeGreaterThan(0);
  const other = (await activeDomains(page)).find((domain) => !checked.has(endingOf(domain.name)))!;
  await renewFromDetail(page, other.id);
  await expect(dialog(page).getByTestId('renew-review').getByRole('row').filter({ hasText: other.name })).toContainText('$');
  await expect(dialog(page).getByTestId('renew-total')).toHaveAttribute('data-cents', /^\d+$/);
  await expect(dialog(page)).not.toContainText('not known');
  await page.keyboard.press('Escape');
});

test('the order form with no domain typed says the price comes with the name, then gives it', async ({ page, webHost }) => {
  const product = await hostingProduct(page);
  await showApp(page, webHost, `#/catalogue/${product.pid}`);
  await page.getByRole('button', { name: 'Order…' }).click();
  const form = dialog(page);
  await form.getByRole('radio', { name: 'Register a new domain' }).check();
  await expect(form.getByTestId('domain-price')).toHaveText('priced once the name is typed');
  await form.getByLabel('Domain name').fill(`zq-priced-${Date.now().toString(36)}.com`);
  await expect(form.getByTestId('domain-price')).toHaveText(/^\$\d+\.\d\d$/);
  await form.getByRole('button', { name: 'Cancel' }).click();
});

test('a renewal placed online confirms with its order number as Orders shows it and its invoice, each a link; the Outbox’s Done row names them', async ({ page, webHost }) => {
  await showApp(page, webHost);
  const domain = (await activeDomains(page)).at(-1)!;
  await renewFromDetail(page, domain.id);
  await dialog(page).getByRole('button', { name: 'Queue renewal' }).click();
  await expect(dialog(page)).toBeHidden();
  const notice = page.getByTestId('order-notice');
  await expect(notice).toContainText('The provider has the order.', { timeout: 30_000 });
  const [entry] = await invoke(page, 'outbox.list', { kind: 'add-order' });
  const created = entry!.kind === 'add-order' ? entry!.result! : null;
  const [order] = (await (await sandboxClient(webHost.sandbox!)).getOrders({ id: created!.orderId })).items;
  expect(order!.orderNum).not.toBe(String(order!.id));
  const number = notice.getByTestId('placed-order-number');
  await expect(number).toHaveText(`Order #${order!.orderNum}`);
  await expect(number).toHaveAttribute('href', `#/orders/${order!.id}`);
  await expect(notice.getByTestId('placed-invoice')).toHaveText(`Invoice #${order!.invoiceId}`);
  await lookAt(page, 'renew-placed');
  // The link opens the order, titled as the Orders list names it.
  await number.click();
  await expect(page.getByRole('region', { name: /detail/i }).getByRole('heading', { level: 2 })).toContainText(`#${order!.orderNum}`);

  await page.evaluate(() => (location.hash = '#/outbox'));
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('row').filter({ hasText: `Renew ${domain.name}` }).first()).toContainText(`order #${order!.orderNum}, invoice #${order!.invoiceId}`);
  await lookAt(page, 'outbox-done-order');
});

test('offline, the last known price with its day, and “not known offline” for an ending never priced', async ({ page, webHost }) => {
  await showApp(page, webHost);
  const checked = await checkedEndings(page);
  const domains = await activeDomains(page);
  const known = domains.find((domain) => checked.has(endingOf(domain.name)))!;
  const never = domains.find((domain) => !checked.has(endingOf(domain.name)));
  // Every answer counts as old, and the provider resets every connection: a sync finds it out of reach.
  await invoke(page, 'settings.set', { whoisCacheMinutes: 0 });
  await setFaults(webHost.sandbox!, { reset: 1 });
  try {
    await invoke(page, 'sync.run').catch(() => undefined);
    await expect.poll(async () => (await invoke(page, 'session.info')).connectivity).not.toBe('online');
    await renewFromDetail(page, known.id);
    const day = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date());
    await expect(dialog(page).getByTestId('renew-review').getByRole('row').filter({ hasText: known.name })).toContainText(new RegExp(`\\$[\\d,]+\\.\\d\\d on ${day}`));
    await expect(dialog(page).getByTestId('renew-offline')).toHaveText('The provider cannot be reached: prices are the last known, each with the day it gave them.');
    await lookAt(page, 'renew-offline-last-known');
    await page.keyboard.press('Escape');
    if (never) {
      await renewFromDetail(page, never.id);
      await expect(dialog(page).getByTestId('renew-review').getByRole('row').filter({ hasText: never.name })).toContainText('price not known offline');
      await expect(dialog(page).getByTestId('renew-total')).toHaveText('Not known offline: the provider prices the order when it is sent.');
      await page.keyboard.press('Escape');
    }
  } finally {
    await setFaults(webHost.sandbox!, { reset: 0 });
    await invoke(page, 'settings.set', { whoisCacheMinutes: 60 });
  }
});
