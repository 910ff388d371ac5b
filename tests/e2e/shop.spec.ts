/**
 * The catalogue as a shop, on the web host and the sandbox: a hosting product's Order… (cycle, a configurable
 * option, an add-on, a custom field, a new domain with ID protection and two nameservers) into the cart, the
 * review's prices and total, Place order offline (one add-order, pending at once), then online: the order number
 * and invoice id shown. A refused promo code comes back through Fix… with its field marked; the cart survives a
 * reload; the way through works from the keyboard alone; every screen is axe-clean, light and dark.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { invoke } from './fixtures/page-bridge';
import { expect, setFaults, showApp, testOnFilePage as test } from './fixtures/web-host';
import { addHostingToCart, choicesFor, hostingProduct, placeCart, sandboxClient } from './morning/shop';
import type { CatalogueEntry } from '../../shared/records';
import { asCatalogueEntry } from '../../renderer/src/components/shop/catalogue-entry';
import { seriousViolations } from './fixtures/axe';

const screens = process.env.SCREENS_DIR ?? 'test-results/screens';
mkdirSync(screens, { recursive: true });

async function shoot(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${screens}/${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const cents = (money: string | undefined) => Math.round(Number(money ?? '0') * 100);

/** The provider's id of the order the cart placed last, from its number's link (#/orders/<id>). */
async function placedOrderId(page: Page): Promise<number> {
  const href = await page.getByTestId('placed-order-number').getAttribute('href');
  return Number(/#\/orders\/(\d+)$/.exec(href ?? '')?.[1]);
}

test.beforeEach(async ({ page, webHost }) => {
  await showApp(page, webHost);
  await expect.poll(() => new URL(page.url()).searchParams.has('token')).toBe(false);
});

test('a hosting product with its options and a new domain, through the cart, placed offline, confirmed online', async ({ page, webHost }) => {
  const product = await hostingProduct(page);
  const choices = choicesFor(product, `shop-e2e-${Date.now().toString(36)}.com`);
  await setFaults(webHost.sandbox!, { reset: 1 });
  try {
    await page.goto(`${webHost.origin}/#/catalogue/${product.pid}`);
    await page.getByRole('button', { name: 'Order…' }).click();
    const form = page.getByRole('dialog', { name: `Order ${product.name}` });
    // Only the cycles the product prices are offered.
    const offered = await form.getByLabel('Billing cycle').locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    const priced = Object.entries(Object.values(product.pricing)[0]!).filter(([k, v]) => !k.includes('setupfee') && Number(v) >= 0).map(([k]) => k);
    expect(offered.sort()).toEqual(priced.filter((k) => ['monthly', 'quarterly', 'semiannually', 'annually', 'biennially', 'triennially'].includes(k)).sort());
    await form.getByRole('button', { name: 'Cancel' }).click();

    await addHostingToCart(page, webHost.origin, choices);
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await page.getByRole('link', { name: 'Cart', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Cart', level: 1 })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: choices.domain })).toContainText('ID protection');
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'shop-cart');

    // The review: the cycle, setup, add-on and the domain (whose price is not known offline), and the known total.
    await page.getByRole('button', { name: 'Review the order…' }).click();
    const review = page.getByTestId('cart-review');
    const prices = Object.values(product.pricing)[0]!;
    const addon = product.addons[0]!;
    const addonPrices = Object.values(addon.pricing)[0] ?? {};
    // Billed for the order's cycle when the add-on offers it, else for its own.
    const addonKey = cents(addonPrices.annually ?? '-1') >= 0 ? 'annually' : addon.billingCycle.toLowerCase().replace(/[^a-z]/g, '');
    const addonCents = cents(addonPrices[addonKey]) + cents(addonPrices[`${addonKey[0]}setupfee`]);
    const choice = product.configOptions.find((o) => o.id === choices.option.id)!.choices.find((c) => c.id === choices.option.choiceId)!;
    const choicePrices = Object.values(choice.pricing)[0] ?? {};
    const expected = cents(prices.annually) + Math.max(0, cents(prices.asetupfee)) + addonCents + cents(choicePrices.annually) + cents(choicePrices.asetupfee);
    await expect(review.getByRole('row', { name: /Domain:/ })).toContainText('price not known offline');
    await expect(review.getByRole('row', { name: /Add-on:/ })).toContainText(choices.addon.name);
    await expect(page.getByTestId('cart-total')).toHaveText(new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(expected / 100).replace('US', ''));
    await expect(review).toContainText('Total of the prices known offline');
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'shop-review');

    await page.getByRole('button', { name: 'Place order' }).click();
    const placed = page.getByTestId('placed-order');
    await expect(placed).toContainText('Queued');
    await expect(page.getByTestId('cart-count')).toBeHidden();
    const queued = (await invoke(page, 'outbox.list', { kind: 'add-order' })).filter((e) => JSON.stringify(e.params).includes(choices.domain));
    expect(queued).toHaveLength(1);
    expect(queued[0]!.params).toMatchObject({
      pid: [product.pid],
      billingcycle: ['annually'],
      configoptions: [{ [choices.option.id]: choices.option.choiceId }],
      addons: [[choices.addon.id]],
      customfields: [{ [choices.field.id]: choices.field.value }],
      domain: [choices.domain],
      domaintype: ['register'],
      idprotection: [true],
      nameserver1: choices.nameservers[0],
      nameserver2: choices.nameservers[1],
    });
    // Pending at once where orders are listed.
    await page.getByRole('link', { name: 'Open the Outbox' }).click();
    await expect(page.getByText(choices.domain).first()).toBeVisible();
    await page.getByRole('link', { name: 'Cart', exact: true }).click();
    await shoot(page, 'shop-placed-queued');
  } finally {
    await setFaults(webHost.sandbox!, { reset: 0 });
  }
  // Online: the outbox drains and the panel shows the provider's order number and invoice.
  const placed = page.getByTestId('placed-order');
  await expect(page.getByTestId('placed-order-number')).toHaveText(/^Order #\d+$/, { timeout: 30_000 });
  await expect(page.getByTestId('placed-invoice')).toHaveText(/^Invoice #\d+$/);
  await expect(placed).toContainText('The provider has the order.');
  const api = await sandboxClient(webHost.sandbox!);
  const order = await api.getOrders({ id: await placedOrderId(page) });
  expect(order.items[0]!.lineItems.map((l) => l.domain)).toContain(choices.domain);
  // Named by its number as the Orders list shows it, not its id; its invoice is the provider's.
  await expect(page.getByTestId('placed-order-number')).toHaveText(`Order #${order.items[0]!.orderNum}`);
  expect(order.items[0]!.orderNum).not.toBe(String(order.items[0]!.id));
  await expect(page.getByTestId('placed-invoice')).toHaveText(`Invoice #${order.items[0]!.invoiceId}`);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'shop-confirmation');
});

test('the product form and the cart read well in Italian too', async ({ page, webHost }) => {
  const product = await hostingProduct(page);
  await invoke(page, 'settings.set', { language: 'it' });
  // Reloaded at the product's address, so the app starts there in Italian (a hash changed while the reloaded app
  // was still starting could be overtaken by its first route).
  await page.goto(`${webHost.origin}/#/catalogue/${product.pid}`);
  await page.reload();
  await page.getByRole('button', { name: 'Ordina…' }).click();
  const form = page.getByRole('dialog', { name: `Ordina ${product.name}` });
  await form.getByRole('radio', { name: 'Registra un nuovo dominio' }).check();
  await expect(form.getByLabel('Nome di dominio')).toBeVisible();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await shoot(page, 'shop-product-form-it');
  await form.getByRole('button', { name: 'Annulla' }).click();
  await invoke(page, 'settings.set', { language: 'en' });
});

test('a refused promo code comes back through Fix…, its field marked; fixed, the order goes through', async ({ page, webHost }) => {
  const product = await hostingProduct(page);
  const choices = choicesFor(product, `shop-promo-${Date.now().toString(36)}.com`);
  await addHostingToCart(page, webHost.origin, choices);
  await page.getByRole('link', { name: 'Cart', exact: true }).click();
  await page.getByLabel('Promo code').fill('NOSUCHCODE');
  await placeCart(page);
  const placed = page.getByTestId('placed-order');
  await expect(placed).toContainText('The provider refused the order: Promotion Code Not Found', { timeout: 30_000 });
  await placed.getByRole('button', { name: 'Fix…' }).click();
  const fix = page.getByRole('dialog', { name: /^Fix edit/ });
  const promo = fix.getByLabel('Promo code');
  await expect(promo).toHaveAttribute('aria-invalid', 'true');
  await expect(promo).toBeFocused();
  await expect(fix).toContainText('Promotion Code Not Found');
  await shoot(page, 'shop-fix-promo');
  await promo.fill('');
  await fix.getByRole('button', { name: 'Save and send again' }).click();
  await expect(page.getByTestId('placed-order-number')).toHaveText(/^Order #\d+$/, { timeout: 30_000 });
});

test('the cart survives a reload; its lines are removed from the keyboard alone', async ({ page, webHost }) => {
  const product = await hostingProduct(page);
  const choices = choicesFor(product, `shop-kept-${Date.now().toString(36)}.com`);
  // Keyboard only: the product's Order…, the domain typed, Enter adds it to the cart.
  await page.goto(`${webHost.origin}/#/catalogue/${product.pid}`);
  await page.getByRole('button', { name: 'Order…' }).focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: `Order ${product.name}` });
  await expect(form).toBeVisible();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await shoot(page, 'shop-product-form');
  if (!(await form.getByRole('radio', { name: 'Register a new domain' }).isChecked())) {
    await form.getByRole('radio', { name: 'No domain' }).focus();
    await page.keyboard.press('ArrowDown');
  }
  await expect(form.getByRole('radio', { name: 'Register a new domain' })).toBeChecked();
  await form.getByLabel('Domain name').focus();
  await page.keyboard.type(choices.domain);
  await page.keyboard.press('Enter');
  await expect(form).toBeHidden();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  // The draft is saved a moment after the last change: wait for the engine to hold it, then reload.
  await expect.poll(async () => JSON.stringify(await invoke(page, 'drafts.get', { key: 'add-order:cart' }))).toContain(choices.domain);
  await page.reload();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.goto(`${webHost.origin}/#/cart`);
  const remove = page.getByRole('button', { name: `Remove ${product.name} — ${choices.domain}` });
  await remove.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('The cart is empty.')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toBeHidden();
  // Emptied, the cart's draft is forgotten by the engine too.
  await expect.poll(() => invoke(page, 'drafts.get', { key: 'add-order:cart' })).toMatchObject({ lines: [] });
});

/** A server product with a choice, a quantity and a yes/no option and two add-ons or more, read from the mirror. */
async function serverWithExtras(page: Page): Promise<CatalogueEntry> {
  const list = await invoke(page, 'data.list', { resource: 'catalogue', limit: 500 });
  for (const row of list.rows) {
    if (!('type' in row) || row.type !== 'server') continue;
    const product = asCatalogueEntry(await invoke(page, 'data.get', { resource: 'catalogue', id: Number((row as Record<string, unknown>).pid) }));
    const types = new Set(product?.configOptions.map((o) => o.type));
    if (product && types.has('quantity') && types.has('yesno') && (types.has('dropdown') || types.has('radio')) && product.addons.length >= 2) return product;
  }
  throw new Error('the demo catalogue has no server product with every kind of option and two add-ons');
}

const CYCLES = ['monthly', 'quarterly', 'semiannually', 'annually', 'biennially', 'triennially'];
const centsOf = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

test('each line is priced for its cycle as it is built; for every cycle, the cart’s total is what the provider bills', async ({ page, webHost }) => {
  const product = await serverWithExtras(page);
  const prices = Object.values(product.pricing)[0]!;
  const cycles = CYCLES.filter((cycle) => cents(prices[cycle] ?? '-1') >= 0);
  expect(cycles.length).toBeGreaterThan(2);
  await page.goto(`${webHost.origin}/#/cart`);
  while (await page.getByRole('button', { name: /^Remove / }).count()) await page.getByRole('button', { name: /^Remove / }).first().click();

  // One line per cycle, each with every option taken and every add-on: the dialog prices it as it is built.
  const shown: number[] = [];
  for (const cycle of cycles) {
    await page.goto(`${webHost.origin}/#/catalogue/${product.pid}`);
    await page.getByRole('button', { name: 'Order…' }).click();
    const form = page.getByRole('dialog', { name: `Order ${product.name}` });
    const lineTotal = form.getByTestId('order-line-total');
    await form.getByLabel('Billing cycle').selectOption(cycle);
    const bare = centsOf(await lineTotal.textContent());
    expect(bare, cycle).toBe(cents(prices[cycle]) + Math.max(0, cents(prices[`${cycle[0]}setupfee`])));
    for (const option of product.configOptions) {
      if (option.type === 'yesno') await form.getByRole('checkbox', { name: new RegExp(`^${option.name}`) }).check();
      else if (option.type === 'quantity') await form.getByLabel(option.name, { exact: true }).fill('2');
      else await form.getByLabel(option.name, { exact: true }).selectOption(String(option.choices.at(-1)!.id));
    }
    for (const addon of product.addons) await form.getByRole('checkbox', { name: new RegExp(`^${addon.name}`) }).check();
    await expect(lineTotal).not.toHaveText(new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(bare / 100));
    if (cycle === 'annually') await shoot(page, 'shop-order-priced');
    shown.push(centsOf(await lineTotal.textContent()));
    await form.getByRole('button', { name: 'Add to cart' }).click();
    await expect(form).toBeHidden();
  }

  // The cart: each line's price, and a running total that is their sum; the review says the same.
  await page.getByRole('link', { name: 'Cart', exact: true }).click();
  const linePrices = await page.getByTestId('cart-line-price').allTextContents();
  expect(linePrices.map(centsOf)).toEqual(shown);
  const total = shown.reduce((a, b) => a + b, 0);
  expect(centsOf(await page.getByTestId('cart-running-total').textContent())).toBe(total);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'shop-cart-priced');
  await page.getByRole('button', { name: 'Review the order…' }).click();
  expect(centsOf(await page.getByTestId('cart-total').textContent())).toBe(total);
  // No add-on is priced at a month in a longer cycle's line.
  for (const addon of product.addons) {
    const addonPrices = Object.values(addon.pricing)[0]!;
    for (const cycle of cycles.filter((c) => c !== 'monthly' && cents(addonPrices[c] ?? '-1') >= 0)) {
      await expect(page.getByTestId('cart-review').getByRole('row', { name: `Add-on: ${addon.name} (${cycle === 'semiannually' ? 'Semi-annually' : cycle[0]!.toUpperCase() + cycle.slice(1)})` })).toHaveCount(1);
    }
  }

  // Placed online: the provider's bill for the order is the cart's total, line by line.
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByTestId('placed-order-number')).toHaveText(/^Order #\d+$/, { timeout: 30_000 });
  const api = await sandboxClient(webHost.sandbox!);
  const [order] = (await api.getOrders({ id: await placedOrderId(page) })).items;
  expect(cents(order!.amount ?? undefined)).toBe(total);
  const billed = order!.lineItems.map((item) => cents(item.amount.amount ?? undefined));
  // The provider lists the products first, then each one's add-ons in turn.
  const k = product.addons.length;
  const perService = shown.map((_, i) => billed[i]! + billed.slice(shown.length + i * k, shown.length + (i + 1) * k).reduce((a, b) => a + b, 0));
  expect(perService).toEqual(shown);
});

test('a domain from Check a domain goes to the cart with its options, beside a product, and both are placed as one order', async ({ page, webHost }) => {
  const product = await hostingProduct(page);
  const name = `shop-domain-${Date.now().toString(36)}.net`;
  await page.goto(`${webHost.origin}/#/check-domain`);
  await page.getByLabel('Domain name').fill(name);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await page.getByRole('button', { name: 'Register…' }).click();
  const dialog = page.getByRole('dialog', { name: `Register ${name}` });
  await dialog.getByLabel('Period').selectOption('2');
  await expect(dialog.getByTestId('domain-price')).not.toHaveText('price not known offline');
  await dialog.getByRole('checkbox', { name: 'E-mail forwarding' }).check();
  await dialog.getByRole('checkbox', { name: 'DNS management' }).check();
  await dialog.getByLabel('Nameserver 1').fill('ns1.cart-dns.net');
  await dialog.getByLabel('Nameserver 2').fill('ns2.cart-dns.net');
  await dialog.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('heading', { name: 'Cart', level: 1 })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: `Register ${name}` })).toContainText('2 years · DNS management · E-mail forwarding');

  await addHostingToCart(page, webHost.origin, choicesFor(product, `shop-with-${Date.now().toString(36)}.com`));
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await placeCart(page);
  const entries = (await invoke(page, 'outbox.list', { kind: 'add-order' })).filter((e) => JSON.stringify(e.params).includes(name));
  expect(entries).toHaveLength(1);
  expect(entries[0]!.params).toMatchObject({ pid: [product.pid], domaintype: ['register', 'register'], regperiod: [1, 2], emailforwarding: [false, true], dnsmanagement: true });
  expect(entries[0]!.params).toHaveProperty('domain', [expect.any(String), name]);
  await expect(page.getByTestId('placed-order-number')).toHaveText(/^Order #\d+$/, { timeout: 30_000 });
});
