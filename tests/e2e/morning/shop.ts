/**
 * The reseller's morning, the shop's part: order a hosting product with a billing cycle, a configurable option,
 * an add-on, a custom field and a new domain with ID protection and two nameservers, through the UI (the
 * catalogue's Order…, the cart, its review, Place order), offline. `check` reads the sandbox's own API: the
 * order exists once, with exactly those lines, the service's options, add-on and custom field, the domain's
 * period, ID protection and nameservers.
 */
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { CLIENT_SECRET_SECRET, PASSWORD_SECRET, ResellerClient } from '../../../electron/core/api/client.js';
import { MemoryVault } from '../../../electron/core/vault/memory-vault.js';
import type { CatalogueEntry } from '../../../shared/records';
import { hostnameField } from '../../../renderer/src/components/shop/product-draft.js';
import type { SandboxInfo } from '../fixtures/web-host.js';
import { invoke } from '../fixtures/page-bridge.js';
import type { MorningStep } from './step.js';

/** The kinds of product hosted on a domain (the demo's shared-hosting products have options or add-ons, not both). */
const HOSTING_TYPES = ['hostingaccount', 'reselleraccount', 'server'];

/** The custom fields the order form asks for: a server's Hostname field is the form's Hostname, not asked twice. */
const askedFields = (product: CatalogueEntry) => product.customFields.filter((f) => f !== hostnameField(product));

/** A hosting product with a priced annual cycle, a choice option, an add-on and a custom field, read from the mirror. */
export async function hostingProduct(page: Page): Promise<CatalogueEntry> {
  const list = await invoke(page, 'data.list', { resource: 'catalogue', limit: 500 });
  for (const row of list.rows) {
    if (!('type' in row) || !HOSTING_TYPES.includes(String(row.type))) continue;
    const product = (await invoke(page, 'data.get', { resource: 'catalogue', id: Number((row as Record<string, unknown>).pid) })) as CatalogueEntry | null;
    const annual = Object.values(product?.pricing ?? {})[0]?.annually;
    const options = product?.configOptions.filter((o) => (o.type === 'dropdown' || o.type === 'radio') && o.choices.length > 1) ?? [];
    if (product && annual && Number(annual) > 0 && options.length && product.addons.length && askedFields(product).length) return product;
  }
  throw new Error('the demo catalogue has no hosting product with options, add-ons and custom fields');
}

export interface HostingChoices {
  product: CatalogueEntry;
  domain: string;
  option: { id: number; name: string; choiceId: number; choice: string };
  addon: { id: number; name: string };
  field: { id: number; name: string; value: string };
  nameservers: [string, string];
}

/** The choices for one order of `product`: the last choice of its first option, its first add-on and custom field. */
export function choicesFor(product: CatalogueEntry, domain: string): HostingChoices {
  const option = product.configOptions.find((o) => (o.type === 'dropdown' || o.type === 'radio') && o.choices.length > 1)!;
  const choice = option.choices.at(-1)!;
  return {
    product,
    domain,
    option: { id: option.id, name: option.name, choiceId: choice.id, choice: choice.name },
    addon: { id: product.addons[0]!.id, name: product.addons[0]!.name },
    field: { id: askedFields(product)[0]!.id, name: askedFields(product)[0]!.name, value: 'Yes, from example-old.net' },
    nameservers: ['ns1.morning-dns.net', 'ns2.morning-dns.net'],
  };
}

/** Through the UI: the product's detail, Order…, every choice, Add to cart (the cart is then open). */
export async function addHostingToCart(page: Page, origin: string, c: HostingChoices): Promise<void> {
  await page.goto(`${origin}/#/catalogue/${c.product.pid}`);
  await expect(page.getByRole('heading', { name: c.product.name, level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Order…' }).click();
  const form = page.getByRole('dialog', { name: `Order ${c.product.name}` });
  await form.getByLabel('Billing cycle').selectOption('annually');
  await form.getByLabel(c.option.name, { exact: true }).selectOption(String(c.option.choiceId));
  await form.getByRole('checkbox', { name: c.addon.name }).check();
  await form.getByRole('group', { name: 'Details the order asks for' }).getByLabel(c.field.name).fill(c.field.value);
  await form.getByRole('radio', { name: 'Register a new domain' }).check();
  await form.getByLabel('Domain name').fill(c.domain);
  await form.getByRole('checkbox', { name: 'ID protection' }).check();
  await form.getByLabel('Nameserver 1').fill(c.nameservers[0]);
  await form.getByLabel('Nameserver 2').fill(c.nameservers[1]);
  await form.getByRole('button', { name: 'Add to cart' }).click();
  await expect(form).toBeHidden();
}

/** Through the UI: the cart's review, then Place order; resolves once the order is queued (its panel shows). */
export async function placeCart(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Cart', exact: true }).click();
  await page.getByRole('button', { name: 'Review the order…' }).click();
  await expect(page.getByTestId('cart-review')).toBeVisible();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByTestId('placed-order')).toBeVisible();
}

/** The engine's own client, signed in to the sandbox's demo account (as tests/contract/client/harness.ts does). */
export async function sandboxClient(sandbox: SandboxInfo): Promise<ResellerClient> {
  const vault = new MemoryVault('morning check');
  await vault.set('demo', CLIENT_SECRET_SECRET, sandbox.clientSecret);
  await vault.set('demo', PASSWORD_SECRET, sandbox.password);
  const client = new ResellerClient(
    { account: 'demo', baseUrl: sandbox.baseUrl, altBaseUrl: sandbox.altBaseUrl, clientId: sandbox.clientId, username: sandbox.username },
    vault,
  );
  await client.signIn();
  return client;
}

export const shopSteps: MorningStep[] = [
  {
    name: 'order a hosting product with options, an add-on, a custom field and a new domain',
    async act({ page, webHost, notes }) {
      const product = await hostingProduct(page);
      const choices = choicesFor(product, `morning-shop-${Date.now().toString(36)}.com`);
      notes.set('shop', choices);
      await addHostingToCart(page, webHost.origin, choices);
      await placeCart(page);
      await expect(page.getByTestId('placed-order')).toContainText('Queued');
      await page.goto(`${webHost.origin}/#/`);
    },
    async check(ctx) {
      const c = ctx.notes.get('shop') as HostingChoices;
      const api = await sandboxClient(ctx.webHost.sandbox!);
      const domains = await api.getClientsDomains({ domain: c.domain });
      expect(domains.items).toHaveLength(1);
      const domain = domains.items[0]!;
      expect(domain).toMatchObject({ domainName: c.domain, regPeriod: 1, idProtection: true, dnsManagement: false });
      const services = (await api.getClientsProducts({ pid: c.product.pid, limitnum: 250 })).items.filter((s) => s.orderId === domain.orderId);
      expect(services).toHaveLength(1);
      const service = services[0]!;
      expect(service.domain).toBe(c.domain);
      expect(service.billingCycle).toBe('Annually');
      expect(service.customFields.map((f) => [f.id, f.value])).toEqual([[c.field.id, c.field.value]]);
      expect(service.configOptions.find((o) => o.id === c.option.id)?.value).toBe(c.option.choice);
      const order = await api.getOrders({ id: domain.orderId! });
      expect(order.items).toHaveLength(1);
      expect(order.items[0]!.nameservers.split(',')).toEqual(c.nameservers);
      // The provider names a product's line with its group first ("Cloud VPS - VPS 1 GB").
      const lines = order.items[0]!.lineItems.map((l) => [l.type, l.type === 'product' && l.product.endsWith(` - ${c.product.name}`) ? c.product.name : l.product, l.domain]);
      expect(lines.sort()).toEqual([['addon', c.addon.name, ''], ['domain', 'Register', c.domain], ['product', c.product.name, c.domain]].sort());
    },
  },
];
