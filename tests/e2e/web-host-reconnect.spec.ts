import { rmSync } from 'node:fs';
import { expect, openApp, startWebHost, test } from './fixtures/web-host';

test('a tab whose host restarts says it is reconnecting, then carries on', async ({ page }) => {
  const first = await startWebHost(['--sandbox']);
  const port = Number(new URL(first.host.url).port);
  const counts = () =>
    page.evaluate(async () => (await window.desk.invoke('data.counts')).ok);
  try {
    await openApp(page, first.host);
    expect(await counts()).toBe(true);
    await first.stop();
    await expect(page.getByRole('status').filter({ hasText: 'Reconnecting' })).toBeVisible();

    const second = await startWebHost(['--sandbox'], first.host.dataDir, port);
    try {
      await expect(page.getByRole('status').filter({ hasText: 'Reconnecting' })).toBeHidden({ timeout: 15_000 });
      expect(await counts()).toBe(true);
    } finally {
      await second.stop();
    }
  } finally {
    await first.stop();
    rmSync(first.host.dataDir, { recursive: true, force: true });
  }
});
