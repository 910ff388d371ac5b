/**
 * Renewals and add-on orders through the UI, against the web host and the demo account, offline (the sandbox
 * failing every request) so that what is queued stays pending: Renew… on a domain's detail with its years, price
 * per year and total (from the cached whois prices), its draft kept; "Renewal for 2 years pending" in the Domains
 * list, the detail and the palette's hits; the expiry radar's "Renew the N expiring within 30 days…" review with
 * the domain already queued listed apart; a status that forbids renewal listed apart with why; Order an add-on…
 * from a service's detail, keyboard only. Axe-clean, light and dark, saved under test-results/screens/.
 */
import type { Page } from '@playwright/test';
import type { Domain } from '../../shared/models';
import type { OutboxEntryOf } from '../../shared/outbox/entry';
import { invoke } from './fixtures/page-bridge';
import { expect, setFaults, showApp, testOnFilePage as test } from './fixtures/web-host';
import { lookAt } from './fixtures/screens';

test.describe.configure({ mode: 'serial' });

/** The demo account's domains and services these tests use (the sandbox's demo preset is fixed). */
const SOON = 'thestudioblue.com';
const CANCELLED = 'coastalbikes.com';
const RESELLER_SERVICE = 8; // "Reseller S" on thestudioblue.com: product 2, whose add-ons include Dedicated IP Address ($3.00 monthly)

const dialog = (page: Page) => page.getByRole('dialog');

async function domainNamed(page: Page, name: string): Promise<Domain> {
  const { rows } = await invoke(page, 'data.list', { resource: 'domains', text: name, limit: 5 });
  return rows.find((row): row is typeof row & Domain => 'domainName' in row && row.domainName === name)!;
}

async function pendingOrders(page: Page): Promise<OutboxEntryOf<'add-order'>[]> {
  const entries = await invoke(page, 'outbox.list', { kind: 'add-order', states: ['queued', 'sending', 'failed', 'needs_review'] });
  return entries.filter((entry): entry is OutboxEntryOf<'add-order'> => entry.kind === 'add-order');
}

test.beforeEach(async ({ page, webHost }) => {
  await showApp(page, webHost);
  await expect.poll(() => new URL(page.url()).searchParams.has('token')).toBe(false);
});

test('Renew… on a domain: years, price per year and total, the draft kept, then pending in the list, detail and search', async ({ page, webHost }) => {
  test.setTimeout(120_000);
  // Online once: the whois answer that prices the TLD's renewals is cached; then every request fails.
  const whois = await invoke(page, 'domains.whois', { domain: SOON });
  const prices = whois.value.prices!.renew;
  await setFaults(webHost.sandbox!, { reset: 1 });
  const domain = await domainNamed(page, SOON);

  await page.goto(`${webHost.origin}/#/domains/${domain.id}`);
  await page.getByRole('button', { name: 'Renew…' }).click();
  await expect(dialog(page).getByRole('heading', { name: `Renew ${SOON}` })).toBeVisible();
  const review = dialog(page).getByTestId('renew-review');
  const row = review.getByRole('row').filter({ hasText: SOON });
  // The row's own years: the plan's, drawn as its choice.
  const rowYears = dialog(page).getByRole('combobox', { name: `Years for ${SOON}` });
  await expect(rowYears).toHaveValue('1');
  await expect(dialog(page).getByLabel('Payment method')).toHaveValue('stripe');
  await expect(dialog(page).getByLabel('Payment method').locator('option:checked')).toHaveText('Credit Card (used 50 times)');

  // Three years, closed and opened again: the draft keeps them.
  await dialog(page).getByLabel('Years', { exact: true }).selectOption('3');
  await expect(rowYears).toHaveValue('3');
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await page.getByRole('button', { name: 'Renew…' }).click();
  await expect(dialog(page).getByLabel('Years', { exact: true })).toHaveValue('3');

  await dialog(page).getByLabel('Years', { exact: true }).selectOption('2');
  const twoYears = Number(prices.biennially);
  await expect(rowYears).toHaveValue('2');
  await expect(row).toContainText(`$${(twoYears / 2).toFixed(2)}`);
  await expect(dialog(page).getByTestId('renew-total')).toHaveText(`$${twoYears.toFixed(2)}`);
  await lookAt(page, 'renew-one');
  await dialog(page).getByRole('button', { name: 'Queue renewal' }).click();
  await expect(dialog(page)).toBeHidden();

  const [entry] = await pendingOrders(page);
  expect(entry!.params).toMatchObject({ domainrenewals: { [SOON]: 2 }, paymentmethod: 'stripe', shownprice: twoYears.toFixed(2) });

  // The detail, the Domains list and the palette say it.
  await expect(page.getByTestId('renewal-pending')).toHaveText('Renewal for 2 years pending');
  await page.goto(`${webHost.origin}/#/domains?text=${SOON}`);
  const listRow = page.getByRole('row').filter({ hasText: SOON });
  await expect(listRow).toContainText('Renewal for 2 years pending');
  await lookAt(page, 'renew-pending-list');
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Search' }).fill('thestudioblue');
  await expect(page.getByRole('option', { name: `Domain ${SOON}` })).toContainText('Renewal for 2 years pending');
  await page.keyboard.press('Escape');
});

test('Renew the N expiring within 30 days…: the review leaves out the one already queued, queues the rest as one order', async ({ page, webHost }) => {
  const { total } = await invoke(page, 'data.list', { resource: 'domains', filters: { expiringWithinDays: 30 }, limit: 1 });
  await page.goto(`${webHost.origin}/#/`);
  await page.getByRole('button', { name: `Renew the ${total} expiring within 30 days…` }).click();
  // The title counts the domains renewed: the one already queued is left out.
  await expect(dialog(page).getByRole('heading', { name: `Renew ${total - 1} domains` })).toBeVisible();
  const review = dialog(page).getByTestId('renew-review');
  // The header row and one row per domain to renew.
  await expect(review.getByRole('row')).toHaveCount(total);
  await expect(review).not.toContainText(SOON);
  const leftOut = dialog(page).getByTestId('renew-left-out');
  await expect(leftOut).toContainText('Left out (1)');
  await expect(leftOut).toContainText(`${SOON} has a renewal queued already`);
  // The .com names are priced from the cached answer; a TLD never checked is not known offline.
  await expect(review.getByRole('row').filter({ hasText: '.com' }).first()).toContainText('$');
  await expect(review).toContainText('price not known offline');
  // The total is the part known offline, and how many prices are not.
  await expect(dialog(page).getByTestId('renew-total')).toHaveText(/^\$[\d,]+\.\d\d \+ \d+ prices? not known offline$/);
  // One row's own years, chosen from the keyboard: its row and the order carry them, the others keep the default.
  const priced = review.getByRole('row').filter({ hasText: '.com' }).first();
  const pricedName = (await priced.locator('bdi').textContent())!;
  const ownYears = dialog(page).getByRole('combobox', { name: `Years for ${pricedName}` });
  const pricePerYear = (await priced.getByRole('cell').nth(3).textContent())!;
  await ownYears.focus();
  await page.keyboard.press('ArrowDown');
  await expect(ownYears).toHaveValue('2');
  await page.keyboard.press('ArrowDown');
  await expect(ownYears).toBeFocused();
  await expect(ownYears).toHaveValue('3');
  // Priced for three years now: its line's total is no longer its price per year.
  await expect(priced.getByRole('cell').nth(4)).not.toHaveText(pricePerYear);
  await lookAt(page, 'renew-many');

  await dialog(page).getByRole('button', { name: 'Queue renewal' }).click();
  await expect(dialog(page)).toBeHidden();
  const orders = await pendingOrders(page);
  expect(orders).toHaveLength(2);
  const renewals = orders.find((order) => !(SOON in (order.params.domainrenewals ?? {})))!.params.domainrenewals!;
  expect(Object.keys(renewals)).toHaveLength(total - 1);
  expect(renewals[pricedName]).toBe(3);
  expect(Object.entries(renewals).every(([name, years]) => years === (name === pricedName ? 3 : 1))).toBe(true);
  expect(renewals[SOON]).toBeUndefined();
});

test('a domain whose status forbids renewal is listed apart with why, and nothing is queued', async ({ page, webHost }) => {
  const domain = await domainNamed(page, CANCELLED);
  await page.goto(`${webHost.origin}/#/domains/${domain.id}`);
  await page.getByRole('button', { name: 'Renew…' }).click();
  const leftOut = dialog(page).getByTestId('renew-left-out');
  await expect(leftOut).toContainText(`${CANCELLED} is Cancelled: only active, expired, grace and redemption domains can be renewed`);
  await expect(dialog(page).getByText('None of these domains can be renewed now.')).toBeVisible();
  const before = (await pendingOrders(page)).length;
  await dialog(page).getByRole('button', { name: 'Queue renewal' }).click();
  await expect(dialog(page).getByRole('alert')).toHaveText('None of these domains can be renewed now.');
  expect(await pendingOrders(page)).toHaveLength(before);
  await page.keyboard.press('Escape');
});

test('Order an add-on… from a service, by keyboard alone: the catalogue’s add-ons, cycle, price and total, queued once', async ({ page, webHost }) => {
  await page.goto(`${webHost.origin}/#/services/${RESELLER_SERVICE}`);
  await expect(page.getByRole('button', { name: 'Order an add-on…' })).toBeVisible();
  // Tab from the detail pane to the button.
  await page.getByRole('region', { name: /detail/i }).first().focus();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === 'Order an add-on…') break;
  }
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByRole('heading', { name: /^Order an add-on for / })).toBeVisible();
  const addon = dialog(page).getByLabel('Add-on');
  await expect(addon).toBeVisible();
  for (let i = 0; i < 10 && !(await addon.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(addon).toBeFocused();
  // The product's add-ons as the mirrored catalogue gives them; choosing one by keyboard.
  await expect(addon.locator('option:not([disabled])')).toHaveText(['Daily Off-site Backups', 'Dedicated IP Address', 'WHMCS Licence']);
  await addon.press('ArrowDown');
  await addon.press('ArrowDown');
  await expect(addon).toHaveValue('2');
  const review = dialog(page).getByTestId('addon-review');
  await expect(review.getByRole('row').nth(1)).toContainText('Dedicated IP Address');
  await expect(review.getByRole('row').nth(1)).toContainText('Monthly');
  await expect(dialog(page).getByTestId('addon-total')).toHaveText('$3.00');
  await lookAt(page, 'addon-order');

  const before = (await pendingOrders(page)).length;
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === 'Queue order') break;
  }
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeHidden();
  const orders = await pendingOrders(page);
  expect(orders).toHaveLength(before + 1);
  expect(orders.find((order) => order.params.addonid !== undefined)!.params).toEqual({ addonid: 2, serviceid: RESELLER_SERVICE, paymentmethod: 'stripe', shownprice: '3.00' });
  await setFaults(webHost.sandbox!, { reset: 0 });
});
