/**
 * Issue 24's outbox recovery in the app: an account whose outbox.db has a damaged page (its entries table's, as
 * the corruption matrix damages it) opens on the screen that says which file and what it held; "Recover…" asks
 * first, saying what will happen (readable entries into a new file, the old one kept aside in its folder), then
 * says the result in words: the entries carried over, those lost, where the old file is. Through the web host
 * with its bundled sandbox (restarted on the same data folder), axe-clean, light and dark, English and Italian.
 */
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { invoke } from './fixtures/page-bridge';
import { expect, setFaults, startWebHost, test } from './fixtures/web-host';
import { seriousViolations, seriousViolationsIn } from './fixtures/axe';

const SCREENS_DIR = process.env.SCREENS_DIR ?? 'test-results/screens';
const CONTACT = { firstname: 'Ann', lastname: 'Lee', address1: 'Via Roma 1', city: 'Rome', state: 'RM', postcode: '00100', country: 'IT', phonenumber: '+39.0612345' };

/** Overwrites the first page of the outbox's entries table, its WAL checkpointed into the file first. */
function damageEntriesPage(file: string): void {
  const db = new Database(file);
  db.pragma('wal_checkpoint(TRUNCATE)');
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  const page = db.prepare("SELECT rootpage FROM sqlite_schema WHERE name = 'entries'").pluck().get() as number;
  db.close();
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (page - 1) * pageSize);
  closeSync(fd);
}

test('a damaged outbox is recovered from the app, in words, after asking', async ({ page }) => {
  test.setTimeout(300_000);
  mkdirSync(SCREENS_DIR, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'rd-outbox-recover-'));
  try {
    // Two edits queued while the provider cannot be reached: they wait in the outbox.
    const first = await startWebHost(['--sandbox'], dataDir);
    await setFaults(first.host.sandbox!, { reset: 1 });
    await page.goto(first.host.url);
    await page.waitForFunction(() => document.querySelector('#app')?.children.length);
    for (const email of ['a@example.com', 'b@example.com']) await invoke(page, 'outbox.enqueue', { kind: 'add-contact', params: { ...CONTACT, email } });
    await first.stop();

    const outboxFile = join(dataDir, 'accounts', 'Demo', 'outbox.db');
    damageEntriesPage(outboxFile);

    const second = await startWebHost(['--sandbox'], dataDir);
    try {
      await page.goto(second.host.url);
      const notice = page.getByRole('region', { name: 'The outbox of Demo cannot be opened' });
      await expect(notice).toBeVisible({ timeout: 60_000 });
      await expect(notice).toContainText(`Its file is damaged: ${outboxFile}.`);
      await expect(notice).toContainText('When last opened it held 2 edits not yet sent.');
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        expect(await seriousViolationsIn(scheme, page), scheme).toEqual([]);
        await page.screenshot({ path: `${SCREENS_DIR}/outbox-recover-en-${scheme}.png`, fullPage: true });
      }
      await invoke(page, 'settings.set', { language: 'it' });
      await expect(page.getByRole('region', { name: 'Non si riesce ad aprire la coda di uscita di Demo' })).toContainText('danneggiato');
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: `${SCREENS_DIR}/outbox-recover-it-${scheme}.png`, fullPage: true });
      }
      await page.emulateMedia({ colorScheme: 'light' });
      await invoke(page, 'settings.set', { language: 'en' });
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');

      // By keyboard: the button, then the dialog that says what will happen; Cancel leaves everything as it was.
      const recoverButton = notice.getByRole('button', { name: 'Recover…' });
      await recoverButton.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('alertdialog', { name: 'Recover the outbox of Demo?' });
      await expect(dialog).toContainText('The entries that can still be read are copied into a new outbox file');
      await expect(dialog).toContainText(`kept aside in the same folder (${dirname(outboxFile)})`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SCREENS_DIR}/outbox-recover-dialog-en-light.png` });
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      expect(readdirSync(dirname(outboxFile)).filter((name) => name.includes('.damaged-') && !name.includes('-wal') && !name.includes('-shm'))).toHaveLength(1);

      await recoverButton.click();
      await dialog.getByRole('button', { name: 'Recover', exact: true }).click();
      const done = page.getByRole('region', { name: 'The outbox of Demo is recovered.' });
      await expect(done).toBeVisible({ timeout: 30_000 });
      const said = (await done.getByRole('status').textContent())!;
      // Both edits are accounted for: carried over, or named as lost.
      const carried = Number(/(\d+|One|No) entr/.exec(said)?.[1]?.replace('One', '1').replace('No', '0'));
      const lost = [...said.matchAll(/#(\d+)/g)].length;
      expect(carried + lost, said).toBe(2);
      if (lost === 0) expect(said).toContain('None was lost.');
      const kept = (await done.getByText(/The old file is kept at /).textContent())!.replace('The old file is kept at ', '').replace(/\.$/, '');
      expect(kept).toContain(`${outboxFile}.damaged-`);
      expect(existsSync(kept)).toBe(true);
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.screenshot({ path: `${SCREENS_DIR}/outbox-recover-done-en-dark.png`, fullPage: true });
      await page.emulateMedia({ colorScheme: 'light' });

      // The account opens again with the carried entries queued.
      await done.getByRole('button', { name: 'Open the app' }).click();
      await expect(page).toHaveURL(/#\/$|#\/dashboard/);
      const counts = await invoke(page, 'outbox.counts');
      expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(carried);
    } finally {
      await second.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
