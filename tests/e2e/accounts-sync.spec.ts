/**
 * The top bar's sync, in Chromium through the web host and the demo provider slowed by its latency fault: during
 * a sync it says how far it is, its panel has a bar per resource, Cancel stops it, and it says when it synced.
 */
import { invoke } from './fixtures/page-bridge';
import { expect, openApp, setFaults, test } from './fixtures/web-host';

test('a slow sync shows its progress per resource, and Cancel stops it', async ({ page, webHost }) => {
  test.setTimeout(120_000);
  await openApp(page, webHost);
  const bar = page.getByRole('banner');
  await expect(bar.getByRole('button', { name: /^Synced / })).toBeVisible();

  await setFaults(webHost.sandbox!, { latencyMs: 1500 });
  try {
    await bar.getByRole('button', { name: 'Sync', exact: true }).click();
    const status = bar.getByRole('button', { name: /^Syncing \d+ of 10$/ });
    await expect(status).toBeVisible();

    await status.click();
    const panel = page.getByRole('dialog', { name: 'Syncing…' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('progressbar', { name: 'Client' })).toBeVisible();
    await expect(panel.getByRole('row')).toHaveCount(11); // the header and the ten resources
    await page.keyboard.press('Escape');

    await bar.getByRole('button', { name: 'Cancel sync' }).click();
    await expect(bar.getByRole('button', { name: 'Sync', exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(bar.getByRole('button', { name: /^Synced / })).toBeVisible();
    const [last] = await invoke(page, 'sync.history', { limit: 1 });
    expect(last!.outcome).toBe('cancelled');
  } finally {
    await setFaults(webHost.sandbox!, { latencyMs: 0 });
  }
});
