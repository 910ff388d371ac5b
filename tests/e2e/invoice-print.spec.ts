/**
 * An invoice made in the app with both levels of tax and any status the provider accepts for create-invoice,
 * sent to the sandbox; its detail shows a printable copy (who it is for, lines, subtotal, each tax with its rate,
 * total), whose print stylesheet leaves the copy alone on the page. In a browser tab "Save as PDF…" opens the
 * browser's print dialog (window.print; the desktop app's printToPDF is tests/unit/ipc-binding.test.ts' part).
 * The print preview is saved under test-results/screens/.
 */
import { mkdirSync } from 'node:fs';
import { INVOICE_STATUSES } from '../../shared/outbox/schemas';
import { invoke } from './fixtures/page-bridge';
import { expect, openApp, test } from './fixtures/web-host';
import { seriousViolationsIn } from './fixtures/axe';

const SCREENS_DIR = process.env.SCREENS_DIR ?? 'test-results/screens';
test.beforeAll(() => mkdirSync(SCREENS_DIR, { recursive: true }));

test('an invoice with two tax rates and a status beyond Unpaid/Paid/Draft: sent, then printed alone from its copy', async ({ page, webHost }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // The browser's print dialog would block the page: counted instead, as the page asked for it.
  await page.addInitScript(() => {
    (window as { printed?: number }).printed = 0;
    window.print = () => void ((window as { printed?: number }).printed! += 1);
  });
  await openApp(page, webHost);
  await page.evaluate(() => (location.hash = '#/invoices'));
  await page.getByRole('button', { name: 'New invoice' }).click();
  const form = page.getByRole('dialog', { name: 'New invoice' });

  // Every status the provider accepts is offered.
  const status = form.getByLabel('Status');
  await expect(status.locator('option')).toHaveCount(INVOICE_STATUSES.length);
  await status.selectOption('Payment Pending');
  await form.getByLabel('Line 1: description').fill('Hosting, one year');
  await form.getByLabel('Line 1: amount').fill('100.00');
  await form.getByLabel('Line 1: taxed').check();
  await form.getByLabel('Tax rate (%)').fill('22');
  await form.getByLabel('Second-level tax (%)').fill('4');
  // 100.00 + 22.00 + 4.00.
  await expect(form.getByRole('definition').last()).toContainText('126.00');
  await form.getByRole('button', { name: 'Create invoice' }).click();
  await expect(form).toBeHidden();
  const [entry] = await invoke(page, 'outbox.list', { kind: 'create-invoice' });
  expect(entry!.params).toMatchObject({ status: 'Payment Pending', taxrate: 22, taxrate2: 4 });
  await expect.poll(async () => (await invoke(page, 'outbox.list', { kind: 'create-invoice' }))[0]!.state, { timeout: 30_000 }).toBe('done');

  const invoice = (await invoke(page, 'data.list', { resource: 'invoices', limit: 1 })).rows[0]!;
  await page.evaluate((id) => (location.hash = `#/invoices/${id}`), invoice.id);
  const copy = page.getByRole('region', { name: /detail/i }).getByRole('article');
  await expect(copy).toContainText(`No. ${invoice.id}`);
  await expect(copy).toContainText('Payment pending');
  await expect(copy).toContainText('Tax (22%)');
  await expect(copy).toContainText('Second tax (4%)');
  await expect(copy.getByRole('definition').last()).toContainText('126.00');

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${SCREENS_DIR}/invoice-copy-${scheme}.png` });
    expect(await seriousViolationsIn(scheme, page), scheme).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  await page.getByRole('button', { name: 'Save as PDF…' }).click();
  await page.getByRole('button', { name: 'Print…' }).click();
  expect(await page.evaluate(() => (window as { printed?: number }).printed)).toBe(2);

  // Printed, the page holds the copy alone: the app's frame is not drawn.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('#app')).toBeHidden();
  await expect(page.locator('.print-only .invoice-copy')).toBeVisible();
  await expect(page.locator('.print-only')).toContainText('Second tax (4%)');
  await page.screenshot({ path: `${SCREENS_DIR}/invoice-print-preview.png`, fullPage: true });
});
