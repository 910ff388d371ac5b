/**
 * The reseller as the printed invoice's issuer: name, address, VAT number and a logo chosen in Settings (the logo
 * kept in the data folder), printed at the head of an invoice made in the app, the logo as a data: URL.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { invoke } from './fixtures/page-bridge';
import { expect, openApp, test } from './fixtures/web-host';
import { seriousViolationsIn } from './fixtures/axe';

const SCREENS_DIR = process.env.SCREENS_DIR ?? 'test-results/screens';
test.beforeAll(() => mkdirSync(SCREENS_DIR, { recursive: true }));
/** A 120×40 PNG: a blue band over an orange one, a logo as a screenshot can show it. */
function logoPng(): Buffer {
  const width = 120;
  const height = 40;
  const rows = Array.from({ length: height }, (_, y) => Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => (y < 26 ? [37, 99, 235] : [249, 115, 22])).flat())]));
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}
const PNG = logoPng();

test('the issuer set in Settings heads the printed invoice: name, address, VAT number and logo', async ({ page, webHost }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page, webHost);
  await page.evaluate(() => (location.hash = '#/settings'));
  const section = page.getByRole('region', { name: 'You, on your invoices' });
  await section.getByLabel('Name or company').fill('Rossi Hosting S.r.l.');
  await section.getByLabel('Address').fill('Via Roma 1\n00100 Roma RM');
  await section.getByLabel('VAT number').fill('IT01234567890');
  await section.getByLabel('VAT number').blur();
  await section.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(section.getByRole('img', { name: 'Your logo' })).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect.poll(async () => (await invoke(page, 'settings.get', {})).issuer).toEqual({ name: 'Rossi Hosting S.r.l.', address: 'Via Roma 1\n00100 Roma RM', vatNumber: 'IT01234567890' });
  expect(existsSync(join(webHost.dataDir, 'issuer-logo.png'))).toBe(true);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await section.screenshot({ path: `${SCREENS_DIR}/settings-issuer-${scheme}.png` });
    expect(await seriousViolationsIn(scheme, page), scheme).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  await page.evaluate(() => (location.hash = '#/invoices'));
  await page.getByRole('button', { name: 'New invoice' }).click();
  const form = page.getByRole('dialog', { name: 'New invoice' });
  await form.getByLabel('Line 1: description').fill('Hosting, one year');
  await form.getByLabel('Line 1: amount').fill('100.00');
  await form.getByRole('button', { name: 'Create invoice' }).click();
  await expect(form).toBeHidden();
  await expect.poll(async () => (await invoke(page, 'outbox.list', { kind: 'create-invoice' }))[0]!.state, { timeout: 30_000 }).toBe('done');
  const invoice = (await invoke(page, 'data.list', { resource: 'invoices', limit: 1 })).rows[0]!;
  await page.evaluate((id) => (location.hash = `#/invoices/${id}`), invoice.id);

  const issuer = page.getByRole('region', { name: /detail/i }).getByRole('region', { name: 'From' });
  await expect(issuer).toContainText('Rossi Hosting S.r.l.');
  await expect(issuer).toContainText('Via Roma 1');
  await expect(issuer).toContainText('00100 Roma RM');
  await expect(issuer).toContainText('VAT number IT01234567890');
  await expect(issuer.getByRole('img', { name: 'Rossi Hosting S.r.l.' })).toHaveAttribute('src', /^data:image\/png;base64,/);
  // Printed: the issuer heads the one copy on the page.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('[data-testid="invoice-issuer"]:visible')).toHaveCount(1);
  await expect(page.locator('[data-testid="invoice-issuer"]:visible')).toContainText('VAT number IT01234567890');
  await page.screenshot({ path: `${SCREENS_DIR}/invoice-issuer-print.png` });
  await page.emulateMedia({ media: 'screen' });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.getByRole('region', { name: /detail/i }).getByRole('article').screenshot({ path: `${SCREENS_DIR}/invoice-issuer-${scheme}.png` });
  }
});
