/**
 * Bidi controls in provider text never reorder what is around them (issue 35.12). The provider's own database is
 * given a right-to-left override at the start of many text values (the client's name and address, contacts,
 * tickets, announcements, payments, products); after a sync, every screen the sidebar reaches, each list's first
 * record, and an invoice's printable copy are walked, and every piece of text holding the override must be
 * isolated: inside an element that isolates its direction (<bdi>, unicode-bidi isolate or plaintext) holding that
 * value alone, or wrapped in FSI…PDI. The screens are found by walking the app, not listed here.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { invoke } from './fixtures/page-bridge';
import { expect, showApp, test } from './fixtures/web-host';

const RLO = '\u202E';

/** Text nodes holding the override that are not isolated on their own, with where they are. */
function unisolated(page: Page): Promise<string[]> {
  return page.evaluate((rlo) => {
    const bad: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const at = text.indexOf(rlo);
      if (at === -1) continue;
      // Wrapped in FSI … PDI within the text itself.
      const before = text.lastIndexOf('\u2068', at);
      if (before !== -1 && text.indexOf('\u2069', at) !== -1) continue;
      let el = node.parentElement;
      let isolated = false;
      while (el && !isolated) {
        const bidi = getComputedStyle(el).unicodeBidi;
        if (bidi === 'isolate' || bidi === 'plaintext' || bidi === 'isolate-override') isolated = (el.textContent ?? '').trim() === text.trim();
        if (el.childNodes.length > 1 || el.textContent !== text) break;
        el = el.parentElement;
      }
      if (!isolated) bad.push(`${node.parentElement?.tagName.toLowerCase()}: ${JSON.stringify(text.slice(0, 60))} in ${JSON.stringify((node.parentElement?.parentElement?.textContent ?? '').slice(0, 80))}`);
    }
    return bad;
  }, RLO);
}

test('every screen the app reaches isolates provider text holding bidi controls', async ({ page, webHost }) => {
  test.setTimeout(180_000);
  await showApp(page, webHost);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sync', exact: true })).toBeVisible({ timeout: 60_000 });
  const db = new Database(join(webHost.dataDir, 'demo-provider.db'));
  const prefix = (table: string, columns: string[], where = '') =>
    db.prepare(`UPDATE ${table} SET ${columns.map((c) => `${c} = '${RLO}' || ${c}`).join(', ')} ${where}`).run();
  prefix('clients', ['companyname', 'firstname', 'address1', 'city', 'state']);
  prefix('contacts', ['firstname', 'city']);
  prefix('tickets', ['subject']);
  prefix('announcements', ['title']);
  prefix('transactions', ['description']);
  prefix('products', ['name']);
  db.close();
  await page.evaluate(() => window.desk.invoke('sync.run'));
  // An invoice made here, for its printable copy (bill-to is the account's client).
  await invoke(page, 'outbox.enqueue', { kind: 'create-invoice', params: { status: 'Unpaid', items: [{ description: 'Hosting', amount: '10.00', taxed: false }] } });
  await page.reload();

  const screens = await page.getByRole('navigation').first().getByRole('link').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).hash));
  const problems: string[] = [];
  for (const hash of screens) {
    await showApp(page, webHost, hash);
    await page.waitForTimeout(400);
    problems.push(...(await unisolated(page)).map((p) => `${hash} ${p}`));
    // The list's first record, in its detail pane.
    const firstRow = page.getByRole('grid').getByRole('row').nth(1);
    if ((await firstRow.count()) > 0) {
      await firstRow.click();
      await page.waitForTimeout(400);
      problems.push(...(await unisolated(page)).map((p) => `${hash} (detail) ${p}`));
    }
  }
  // The invoice's printable copy, whose bill-to is the account's client.
  const [invoice] = await invoke(page, 'outbox.list', { kind: 'create-invoice' });
  await expect.poll(async () => (await invoke(page, 'outbox.list', { kind: 'create-invoice' }))[0]?.state, { timeout: 30_000 }).toBe('done');
  const { result } = (await invoke(page, 'outbox.list', { kind: 'create-invoice' }))[0]!;
  await showApp(page, webHost, `#/invoices/${(result as { invoiceId: number }).invoiceId}`);
  const copy = page.getByRole('region', { name: /detail/i }).getByRole('article');
  await expect(copy).toContainText('Bill to');
  await expect(copy).toContainText(RLO);
  problems.push(...(await unisolated(page)).map((p) => `invoice ${invoice!.id} ${p}`));

  expect(screens.length).toBeGreaterThan(10);
  expect(problems).toEqual([]);
});
