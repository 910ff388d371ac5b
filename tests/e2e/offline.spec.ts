/**
 * Offline, in Chromium through the web host, against a sandbox provider of the spec's own: with its faults set
 * so that every request fails (its control endpoint), after a reload every list, a detail and search still work
 * from the mirror and whois says it needs the network; with the provider gone (connections refused, which is
 * what the engine calls offline: a reset proves the provider is there) the top bar and the banner say offline
 * and a sync says it needs the network.
 */
import type { Page } from '@playwright/test';
import { invoke } from './fixtures/page-bridge';
import { expect, openApp, setFaults, startProvider, test, type SandboxInfo } from './fixtures/web-host';

test.use({ webHostArgs: [] });

const LISTS = ['Services', 'Domains', 'Orders', 'Payments', 'Contacts', 'Tickets', 'Announcements', 'Departments', 'Catalogue'];

let provider: SandboxInfo;
let stopProvider: () => Promise<void>;

test.beforeAll(async () => {
  ({ provider, stop: stopProvider } = await startProvider());
});
test.afterAll(async () => stopProvider?.());

/** Connects the provider's account through the page's bridge and waits for its first sync. */
async function connect(page: Page): Promise<void> {
  const { baseUrl, altBaseUrl, clientId, clientSecret, username, password } = provider;
  // A name no other spec uses: spec files run side by side, and in CI their hosts share one keychain.
  await invoke(page, 'accounts.add', { name: 'Contoso', baseUrl, altBaseUrl, clientId, clientSecret, username, password });
  await invoke(page, 'sync.run');
}

test('with every request failing, then with the provider gone, the mirror serves the whole account and the app says it is offline', async ({ page, webHost }) => {
  test.setTimeout(180_000);
  await openApp(page, webHost);
  await connect(page);
  await page.evaluate(() => (location.hash = '#/'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const sidebar = page.getByRole('navigation').first();

  await setFaults(provider, { reset: 1 });
  await page.reload();

  for (const name of LISTS) {
    await sidebar.getByRole('link', { name, exact: true }).click();
    const grid = page.getByRole('grid');
    await expect(grid.getByRole('row').nth(1), `${name} shows rows`).toBeVisible();
    await expect(grid.getByRole('gridcell').first()).not.toBeEmpty();
  }

  // A detail: the first domain, opened from its list; its whois needs the network and says so, no spinner.
  await sidebar.getByRole('link', { name: 'Domains', exact: true }).click();
  const firstDomain = page.getByRole('grid').getByRole('row').nth(1);
  const domainName = (await firstDomain.getByRole('gridcell').first().innerText()).trim();
  await firstDomain.click();
  const detail = page.getByRole('region', { name: /detail/i });
  await expect(detail.getByRole('heading', { level: 2 })).toContainText(domainName);
  await expect(detail.getByText(/needs the network/).first()).toBeVisible({ timeout: 60_000 });

  // Search, from the mirror's index.
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Search' }).fill(domainName.split('.')[0]!);
  await expect(page.getByRole('option').filter({ hasText: domainName }).first()).toBeVisible();
  await page.keyboard.press('Escape');

  // The provider gone: connections are refused, the engine says offline, the frame says so.
  await stopProvider();
  await page.getByRole('banner').getByRole('button', { name: 'Sync', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Offline\s*— showing your data as of/ })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('banner').getByRole('status')).toHaveText('Offline');
  await expect(page.getByRole('banner').getByRole('alert')).toHaveText('Sync needs the network', { timeout: 60_000 });

  await page.reload();
  await sidebar.getByRole('link', { name: 'Tickets', exact: true }).click();
  await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
});
