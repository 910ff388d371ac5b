/**
 * The top bar follows the connection as the engine knows it (issue 35.8), against a provider of the spec's own
 * whose faults the spec sets: a failed Sync on a provider resetting every connection says "Provider failing"
 * within a second of the engine saying so, never "Synced this minute"; while the connection is down no probe
 * looks like a sync (no "Syncing 0 of 10", no Cancel); the reason under the top bar is the latest one (resets,
 * then HTTP 500s); and the provider's return is shown as soon as the engine hears it.
 */
import type { Page } from '@playwright/test';
import { invoke } from './fixtures/page-bridge';
import { lookAt } from './fixtures/screens';
import { expect, openApp, setFaults, startProvider, test, type SandboxInfo } from './fixtures/web-host';

test.use({ webHostArgs: [] });

let provider: SandboxInfo;
let stopProvider: () => Promise<void>;

test.beforeAll(async () => {
  ({ provider, stop: stopProvider } = await startProvider());
});
test.afterAll(async () => stopProvider?.());

/** What the engine says the connection is, asked through the page's bridge. */
const engineState = async (page: Page) => (await invoke(page, 'session.info')).connection.state;

/** The connection's state the top bar shows, asserted to agree with the engine's within a second. */
async function headerFollows(page: Page, state: 'online' | 'failing', words: string): Promise<void> {
  await expect.poll(() => engineState(page), { timeout: 30_000, intervals: [100] }).toBe(state);
  await expect(page.getByRole('banner').getByRole('status')).toHaveText(words, { timeout: 1_000 });
}

/** Nothing in the top bar looks like a sync at work. */
async function noSyncShown(page: Page): Promise<void> {
  const banner = page.getByRole('banner');
  await expect(banner.getByText(/^Syncing/)).toHaveCount(0);
  await expect(banner.getByRole('button', { name: /Cancel/ })).toHaveCount(0);
}

test('a failed sync on a failing provider shows it failing at once, with the latest reason, and its return', async ({ page, webHost }) => {
  test.setTimeout(120_000);
  await openApp(page, webHost);
  const { baseUrl, altBaseUrl, clientId, clientSecret, username, password } = provider;
  await invoke(page, 'accounts.add', { name: 'Fabrikam', baseUrl, altBaseUrl, clientId, clientSecret, username, password });
  await invoke(page, 'sync.run');
  await page.evaluate(() => (location.hash = '#/'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await headerFollows(page, 'online', 'Online');

  await setFaults(provider, { reset: 1 });
  await page.getByRole('banner').getByRole('button', { name: 'Sync', exact: true }).click();
  await headerFollows(page, 'failing', 'Provider failing');
  await expect(page.getByRole('banner')).not.toContainText('Synced this minute');
  const banner = page.getByRole('status').filter({ hasText: /^The provider is failing/ });
  await expect(banner).toContainText('closed the connection');

  // The sync the person asked for ends soon, failed: what it has not read is not attempted against a failing provider.
  await expect(page.getByRole('banner').getByRole('alert')).toHaveText('Sync failed', { timeout: 8_000 });
  // Probes run while it fails: none of them shows as a sync, over several of them.
  for (let i = 0; i < 6; i++) {
    await noSyncShown(page);
    await page.waitForTimeout(500);
  }
  // Sync asked for again while it fails: one probe, said as such, and no sync run.
  const runs = (await invoke(page, 'sync.history')).length;
  await page.getByRole('banner').getByRole('button', { name: 'Sync', exact: true }).click();
  await expect(page.getByRole('banner').getByRole('alert')).toHaveText('Sync failed', { timeout: 8_000 });
  await noSyncShown(page);
  expect((await invoke(page, 'sync.history')).length).toBe(runs);

  // The fault changes: the reason said is the latest.
  await setFaults(provider, { reset: 0, http500: 1 });
  await expect(banner).not.toContainText('closed the connection', { timeout: 15_000 });
  await expect(banner).toContainText('500');
  await noSyncShown(page);
  await lookAt(page, 'connection-failing-500');

  await setFaults(provider, { http500: 0 });
  await headerFollows(page, 'online', 'Online');
  await expect(banner).toHaveCount(0);
});
