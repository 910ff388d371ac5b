/**
 * A product group in the shop: choosing it in the Catalogue list reads its products from the provider then
 * (get-filtered-products), so a price the provider changed since the last sync shows at once; with the provider
 * out of reach, the list is the last copy, with its date. The group is named as the account's services name it
 * (the API names no group). Light and dark, English and Italian.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { seriousViolationsIn } from './fixtures/axe';
import { invoke } from './fixtures/page-bridge';
import { expect, setFaults, showApp, testOnFilePage as test } from './fixtures/web-host';

test.describe.configure({ mode: 'serial' });

const SCREENS_DIR = process.env.SCREENS_DIR ?? 'test-results/screens';
const NEW_PRICE = '123.45';

/**
 * A group with more than one product on the demo provider, one of whose products the account uses (so its
 * services name the group), and one of its products priced monthly; with the group's name on the provider.
 */
function pickProduct(dataDir: string): { gid: number; pid: number; name: string; count: number; group: string } {
  const db = new Database(join(dataDir, 'demo-provider.db'), { readonly: true });
  try {
    return db
      .prepare(
        `SELECT p.gid, p.pid, p.name, (SELECT COUNT(*) FROM products q WHERE q.gid = p.gid) AS count,
           (SELECT name FROM product_groups g WHERE g.id = p.gid) AS "group" FROM products p
         WHERE json_extract(p.pricing, '$.USD.monthly') NOT IN ('-1.00', '0.00') AND (SELECT COUNT(*) FROM products q WHERE q.gid = p.gid) > 1
           AND EXISTS (SELECT 1 FROM services s JOIN products q ON q.pid = s.pid WHERE q.gid = p.gid)
         ORDER BY p.gid, p.pid LIMIT 1`,
      )
      .get() as { gid: number; pid: number; name: string; count: number; group: string };
  } finally {
    db.close();
  }
}

/** Changes a product's monthly price on the provider, as its staff would. */
function setMonthly(dataDir: string, pid: number, price: string): void {
  const db = new Database(join(dataDir, 'demo-provider.db'));
  db.pragma('busy_timeout = 5000');
  db.prepare("UPDATE products SET pricing = json_set(pricing, '$.USD.monthly', ?) WHERE pid = ?").run(price, pid);
  db.close();
}

const row = (page: Page, name: string) => page.getByRole('grid').getByRole('row').filter({ hasText: name });

test("opening a group shows its products' prices as the provider has them now; offline, the last copy with its date", async ({ page, webHost }) => {
  const product = pickProduct(webHost.dataDir);
  await showApp(page, webHost, '#/catalogue');
  await expect(row(page, product.name)).toBeVisible();
  await expect(row(page, product.name)).not.toContainText(NEW_PRICE);
  // Changed on the provider after the last sync.
  setMonthly(webHost.dataDir, product.pid, NEW_PRICE);

  // The groups by name, with how many products each has; the group's column too.
  const groups = page.getByRole('combobox', { name: 'Group' });
  await expect(groups.getByRole('option', { name: `${product.group} (${product.count})` })).toHaveCount(1);
  await expect(row(page, product.name)).toContainText(product.group);
  await groups.selectOption(String(product.gid));
  const status = page.getByTestId('catalogue-group-check');
  await expect(status).toHaveText(`${product.group}: ${product.count} products, as the provider has them now`);
  await expect(page).toHaveURL(new RegExp(`gid=${product.gid}`));
  await expect(row(page, product.name)).toContainText(NEW_PRICE);
  await expect(page.getByRole('grid')).toHaveAttribute('aria-rowcount', String(product.count + 1));
  const readAt = (await invoke(page, 'catalogue.refreshGroup', { gid: product.gid })).asOf!;

  // Out of reach: the copy just read, with its date and time.
  await setFaults(webHost.sandbox!, { reset: 1 });
  try {
    await page.reload();
    const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(readAt));
    await expect(status).toHaveText(`${product.group}: prices from your copy of ${when}; the provider cannot be reached`, { timeout: 60_000 });
    await expect(row(page, product.name)).toContainText(NEW_PRICE);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await seriousViolationsIn(scheme, page, 'main'), scheme).toEqual([]);
      await page.screenshot({ path: `${SCREENS_DIR}/catalogue-group-offline-${scheme}.png` });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  } finally {
    await setFaults(webHost.sandbox!, { reset: 0 });
  }
  // Back online, the group is read again.
  await expect(status).toHaveText(`${product.group}: ${product.count} products, as the provider has them now`, { timeout: 60_000 });
  await invoke(page, 'settings.set', { language: 'it' });
  await expect(status).toHaveText(`${product.group}: ${product.count} prodotti, come li ha ora il fornitore`);
  await page.screenshot({ path: `${SCREENS_DIR}/catalogue-group-it-light.png` });
  await invoke(page, 'settings.set', { language: 'en' });
});
