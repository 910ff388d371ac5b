/**
 * The renewals' part of the reseller's morning (issue 23): (a) renew one domain from its detail for two years,
 * (b) renew three domains from a selection in Domains, (c) order an add-on for an existing service from its
 * detail. Each acts through the UI only, offline; each check asks the sandbox's own API (a ResellerClient signed
 * in with the web host's sandbox credentials) that its order exists exactly once with what was chosen.
 *
 * reseller-morning.spec.ts runs them with the other parts of the morning.
 */
import type { Page } from '@playwright/test';
import { CLIENT_SECRET_SECRET, PASSWORD_SECRET, ResellerClient } from '../../../electron/core/api/index.js';
import { createHttp } from '../../../electron/core/api/http.js';
import { MemoryVault } from '../../../electron/core/vault/memory-vault.js';
import type { Domain, Order } from '../../../shared/models';
import type { OutboxEntryOf } from '../../../shared/outbox/entry';
import { RENEWABLE_DOMAIN_STATUSES } from '../../../shared/renewals';
import { invoke } from '../fixtures/page-bridge';
import type { SandboxInfo } from '../fixtures/web-host';
import { expect } from '../fixtures/web-host';
import type { MorningContext, MorningStep } from './step';

/** A client of the sandbox's demo account, as the app's engine signs in to it. */
async function sandboxApi(sandbox: SandboxInfo): Promise<ResellerClient> {
  const account = 'morning-check';
  const vault = new MemoryVault('morning check');
  await vault.set(account, CLIENT_SECRET_SECRET, sandbox.clientSecret);
  await vault.set(account, PASSWORD_SECRET, sandbox.password);
  const { baseUrl, altBaseUrl, clientId, username } = sandbox;
  const client = new ResellerClient({ account, baseUrl, altBaseUrl, clientId, username }, vault, { http: createHttp() });
  await client.signIn();
  return client;
}

/** Every order of the account, page by page. */
async function allOrders(client: ResellerClient): Promise<Order[]> {
  const orders: Order[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await client.getOrders({ limitstart: offset, limitnum: 100 });
    orders.push(...page.items);
    if (page.items.length < 100 || orders.length >= page.total) return orders;
  }
}

/** Renewable domains of the mirror not yet used by another step, soonest expiry first (read, not queued). */
async function renewableDomains(ctx: MorningContext, count: number): Promise<Domain[]> {
  const used = new Set((ctx.notes.get('renew:used') as string[] | undefined) ?? []);
  const { rows } = await invoke(ctx.page, 'data.list', { resource: 'domains', filters: { status: 'Active' }, sort: { field: 'expiryDate', dir: 'asc' }, limit: 50 });
  const found = rows
    .filter((row): row is typeof row & Domain => 'domainName' in row && typeof row.id === 'number' && RENEWABLE_DOMAIN_STATUSES.includes(row.status) && !used.has(row.domainName))
    .slice(0, count);
  if (found.length < count) throw new Error(`the account has ${found.length} active domains free for renewal, ${count} needed`);
  ctx.notes.set('renew:used', [...used, ...found.map((d) => d.domainName)]);
  return found;
}

/** The orders whose renewals are exactly these domains, each for its years ("12=2,14=1"), as the provider lists them. */
async function expectRenewalOrderOnce(ctx: MorningContext, domains: { id: number; name: string; years: number }[]): Promise<void> {
  const client = await sandboxApi(ctx.webHost.sandbox!);
  const orders = await allOrders(client);
  const touching = orders.filter((order) => order.lineItems.some((line) => line.product === 'Renewal' && domains.some((d) => d.name === line.domain)));
  expect(touching, `orders renewing ${domains.map((d) => d.name).join(', ')}`).toHaveLength(1);
  const [order] = touching;
  expect(order!.renewals.split(',').sort()).toEqual(domains.map((d) => `${d.id}=${d.years}`).sort());
  expect(order!.lineItems.map((line) => [line.product, line.domain, line.billingCycle]).sort()).toEqual(domains.map((d) => ['Renewal', d.name, String(d.years)]).sort());
}

/** The dialog's years for every domain, seen on `name`'s row (read back from the plan), then queued. */
async function queueRenewal(page: Page, years: number, name: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Years', { exact: true }).selectOption(String(years));
  await expect(dialog.getByRole('combobox', { name: `Years for ${name}` })).toHaveValue(String(years));
  await dialog.getByRole('button', { name: 'Queue renewal' }).click();
  await expect(dialog).toBeHidden();
}

/** (a) One domain from its detail, for two years. */
export const renewFromDetail: MorningStep = {
  name: 'renew one domain from its detail',
  async act(ctx) {
    const { page } = ctx;
    const [domain] = await renewableDomains(ctx, 1);
    ctx.notes.set('renew:one', { id: domain!.id, name: domain!.domainName, years: 2 });
    await page.getByRole('navigation').getByRole('link', { name: 'Domains', exact: true }).click();
    await page.getByRole('searchbox', { name: /^Filter / }).fill(domain!.domainName);
    await page.getByRole('row').filter({ hasText: domain!.domainName }).first().click();
    await page.getByRole('button', { name: 'Renew…' }).click();
    await queueRenewal(page, 2, domain!.domainName);
    await expect(page.getByTestId('renewal-pending')).toHaveText('Renewal for 2 years pending');
    await page.goto(`${ctx.webHost.origin}/#/`);
  },
  async check(ctx) {
    await expectRenewalOrderOnce(ctx, [ctx.notes.get('renew:one') as { id: number; name: string; years: number }]);
  },
};

/** (b) Three domains from a selection in Domains, for one year, the second of them for three (its row's own years). */
export const renewSelected: MorningStep = {
  name: 'renew three domains from a selection',
  async act(ctx) {
    const { page } = ctx;
    const domains = await renewableDomains(ctx, 3);
    const own = domains[1]!.domainName;
    ctx.notes.set('renew:three', domains.map((d) => ({ id: d.id, name: d.domainName, years: d.domainName === own ? 3 : 1 })));
    // The Domains list as renewableDomains reads it (active, soonest expiry first): the three are among its first
    // rows, ticked by their checkboxes (a new filter would start a new selection).
    await page.goto(`${ctx.webHost.origin}/#/domains?status=Active&sort=expiryDate`);
    for (const domain of domains) {
      await page.getByRole('checkbox', { name: `Select ${domain.domainName}`, exact: true }).click();
    }
    await expect(page.getByText('3 selected', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Renew 3 selected…' }).click();
    const review = page.getByRole('dialog').getByTestId('renew-review');
    await expect(review.getByRole('row')).toHaveCount(4);
    const ownYears = page.getByRole('dialog').getByRole('combobox', { name: `Years for ${own}` });
    await ownYears.selectOption('3');
    await expect(ownYears).toHaveValue('3');
    await queueRenewal(page, 1, domains[0]!.domainName);
    await page.goto(`${ctx.webHost.origin}/#/`);
  },
  async check(ctx) {
    await expectRenewalOrderOnce(ctx, ctx.notes.get('renew:three') as { id: number; name: string; years: number }[]);
  },
};

/** (c) An add-on for an existing service, from the service's detail: the first the catalogue offers its product. */
export const addonForService: MorningStep = {
  name: 'order an add-on for an existing service',
  async act(ctx) {
    const { page } = ctx;
    // A service of the account whose product offers an add-on (read from the mirror, not queued).
    const { rows } = await invoke(page, 'data.list', { resource: 'services', filters: { status: 'Active' }, limit: 100 });
    let chosen: { serviceid: number; domain: string; addonid: number; addon: string; cycle: string } | null = null;
    for (const service of rows) {
      if (!('pid' in service) || !('domain' in service) || service.pid === null || typeof service.id !== 'number') continue;
      const product = await invoke(page, 'data.get', { resource: 'catalogue', id: service.pid });
      const addon = product && 'addons' in product ? product.addons[0] : undefined;
      if (addon) chosen = { serviceid: service.id, domain: service.domain, addonid: addon.id, addon: addon.name, cycle: addon.billingCycle };
      if (chosen) break;
    }
    if (!chosen) throw new Error('no active service of the account has a product with add-ons');
    ctx.notes.set('renew:addon', chosen);
    await page.getByRole('navigation').getByRole('link', { name: 'Services', exact: true }).click();
    await page.getByRole('searchbox', { name: /^Filter / }).fill(chosen.domain);
    await page.getByRole('row').filter({ hasText: chosen.domain }).first().click();
    await page.getByRole('button', { name: 'Order an add-on…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Add-on').selectOption(String(chosen.addonid));
    await expect(dialog.getByTestId('addon-review')).toContainText(chosen.addon);
    await dialog.getByRole('button', { name: 'Queue order' }).click();
    await expect(dialog).toBeHidden();
    await page.goto(`${ctx.webHost.origin}/#/`);
  },
  async check(ctx) {
    const chosen = ctx.notes.get('renew:addon') as { serviceid: number; addonid: number; addon: string; cycle: string };
    const client = await sandboxApi(ctx.webHost.sandbox!);
    // The provider lists an add-on's line without its service: the order is found by its one add-on line …
    const orders = (await allOrders(client)).filter((order) => order.lineItems.length === 1 && order.lineItems[0]!.type === 'addon' && order.lineItems[0]!.product === chosen.addon);
    expect(orders, `orders of the add-on ${chosen.addon} alone`).toHaveLength(1);
    expect(orders[0]!.lineItems[0]!.billingCycle).toBe(chosen.cycle);
    // … and its service is the one the outbox sent it for (the order id the provider answered with).
    const sent = (await invoke(ctx.page, 'outbox.list', { kind: 'add-order', states: ['done'] })).filter(
      (entry): entry is OutboxEntryOf<'add-order'> => entry.kind === 'add-order' && entry.params.addonid === chosen.addonid && entry.params.serviceid === chosen.serviceid,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.result?.orderId).toBe(orders[0]!.id);
  },
};

/** The renewals' steps in the morning's order. */
export const renewSteps: MorningStep[] = [renewFromDetail, renewSelected, addonForService];
