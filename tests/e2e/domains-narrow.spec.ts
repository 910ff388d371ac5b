/**
 * The Domains list on a laptop's screen (1366 and 1024 wide): the columns a person reads a domain by — its name,
 * status and expiry, what it costs — are in view without scrolling, the rest scroll beside them.
 */
import { expect, showApp, testOnFilePage as test } from './fixtures/web-host';

for (const width of [1366, 1024]) {
  test(`at ${width} wide, Domains shows each domain's name, status, expiry and price; the rest scroll`, async ({ page, webHost }) => {
    await page.setViewportSize({ width, height: 768 });
    await showApp(page, webHost);
    await page.goto(`${webHost.origin}/#/domains`);
    const grid = page.getByRole('grid');
    await expect(grid.getByRole('row').nth(1)).toBeVisible();
    const box = (await grid.boundingBox())!;
    for (const name of ['Domain', 'Status', 'Expires', 'Recurring']) {
      const header = (await grid.getByRole('columnheader', { name, exact: true }).boundingBox())!;
      expect(header.x + header.width, `${name} in view at ${width}`).toBeLessThanOrEqual(box.x + box.width);
    }
    if (width === 1366) {
      // A domain open beside the list: its name and expiry stay in view.
      await grid.getByRole('row').nth(1).click();
      await expect(page).toHaveURL(/#\/domains\/\d+/);
      const narrowed = (await grid.boundingBox())!;
      const expires = (await grid.getByRole('columnheader', { name: 'Expires', exact: true }).boundingBox())!;
      expect(expires.x + expires.width, 'Expires in view beside a detail pane').toBeLessThanOrEqual(narrowed.x + narrowed.width);
    }
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `/tmp/shots-e/domains-${width}-${scheme}.png` });
    }
  });
}
