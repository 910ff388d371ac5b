/**
 * A server from the shop, on the web host and the sandbox: its order form asks for the hostname once (the
 * product's own "Hostname" field is filled from it), the order is named by its hostname ("Server vps1…", not
 * "Hosting for vps1…"), and Fix… on a refused order offers the payment method as the cart's select.
 */
import type { Page } from '@playwright/test';
import { invoke } from './fixtures/page-bridge';
import { expect, showApp, testOnFilePage as test } from './fixtures/web-host';
import { asCatalogueEntry } from '../../renderer/src/components/shop/catalogue-entry';
import type { CatalogueEntry } from '../../shared/records';
import { placeCart, sandboxClient } from './morning/shop';
import { seriousViolations } from './fixtures/axe';

/** A server product whose provider asks for a custom field named Hostname. */
async function serverWithHostnameField(page: Page): Promise<CatalogueEntry> {
  const list = await invoke(page, 'data.list', { resource: 'catalogue', limit: 500 });
  for (const row of list.rows) {
    if (!('type' in row) || row.type !== 'server') continue;
    const product = asCatalogueEntry(await invoke(page, 'data.get', { resource: 'catalogue', id: Number((row as Record<string, unknown>).pid) }));
    if (product?.customFields.some((f) => f.name === 'Hostname')) return product;
  }
  throw new Error('the demo catalogue has no server asking for a Hostname');
}

async function orderServer(page: Page, origin: string, product: CatalogueEntry, hostname: string): Promise<void> {
  await page.goto(`${origin}/#/cart`);
  while (await page.getByRole('button', { name: /^Remove / }).count()) await page.getByRole('button', { name: /^Remove / }).first().click();
  await page.goto(`${origin}/#/catalogue/${product.pid}`);
  await page.getByRole('button', { name: 'Order…' }).click();
  const form = page.getByRole('dialog', { name: `Order ${product.name}` });
  await expect(form.getByLabel('Hostname', { exact: true })).toHaveCount(1);
  await form.getByLabel('Hostname', { exact: true }).fill(hostname);
  await form.getByRole('button', { name: 'Add to cart' }).click();
  await expect(form).toBeHidden();
}

test.beforeEach(async ({ page, webHost }) => {
  await showApp(page, webHost);
});

test('a server’s order form asks for its hostname once, and the provider has it with the order', async ({ page, webHost }) => {
  const product = await serverWithHostnameField(page);
  await page.goto(`${webHost.origin}/#/catalogue/${product.pid}`);
  await page.getByRole('button', { name: 'Order…' }).click();
  const form = page.getByRole('dialog', { name: `Order ${product.name}` });
  await expect(form.getByText('Hostname', { exact: true })).toHaveCount(1);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await form.screenshot({ path: `test-results/screens/shop-server-form-${scheme}.png` });
  }
  await page.keyboard.press('Escape');

  const hostname = `vps1.${Date.now().toString(36)}.example`;
  await orderServer(page, webHost.origin, product, hostname);
  await placeCart(page);
  await expect(page.getByTestId('placed-order-number')).toHaveText(/^Order #\d+$/, { timeout: 30_000 });
  const href = await page.getByTestId('placed-order-number').getAttribute('href');

  // The provider has the hostname as the order's and in its own Hostname field.
  const api = await sandboxClient(webHost.sandbox!);
  const orderId = Number(/#\/orders\/(\d+)$/.exec(href ?? '')?.[1]);
  const [order] = (await api.getOrders({ id: orderId })).items;
  expect(JSON.stringify(order)).toContain(hostname);
});

test('Fix… on a refused server order names it by its hostname and offers the payment method as the cart’s select', async ({ page, webHost }) => {
  const product = await serverWithHostnameField(page);
  const methods = await invoke(page, 'billing.paymentMethods', {});
  expect(methods.length).toBeGreaterThan(1);
  await orderServer(page, webHost.origin, product, 'vps2.example.net');
  await page.getByRole('link', { name: 'Cart', exact: true }).click();
  await page.getByLabel('Promo code').fill('NOSUCHCODE');
  await page.getByLabel('Payment method').selectOption(methods[1]!.code);
  await placeCart(page);
  const placed = page.getByTestId('placed-order');
  await expect(placed).toContainText('The provider refused the order', { timeout: 30_000 });
  await placed.getByRole('button', { name: 'Fix…' }).click();
  const fix = page.getByRole('dialog', { name: /^Fix edit/ });
  // Named as the cart names it: the server by its hostname, not "Hosting for vps2…".
  await expect(fix).toContainText('New order: Server vps2.example.net');
  await expect(fix).not.toContainText('Hosting for');
  const method = fix.getByRole('combobox', { name: 'Payment method' });
  await expect(method).toHaveValue(methods[1]!.code);
  await expect(method.locator('option')).toHaveText(['The account’s default', ...methods.map((m) => m.name)]);
  expect(await seriousViolations(page)).toEqual([]);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await fix.screenshot({ path: `test-results/screens/shop-fix-method-${scheme}.png` });
  }
  await method.selectOption(methods[0]!.code);
  await fix.getByLabel('Promo code').fill('');
  await fix.getByRole('button', { name: 'Save and send again' }).click();
  await expect(page.getByTestId('placed-order-number')).toHaveText(/^Order #\d+$/, { timeout: 30_000 });
});
