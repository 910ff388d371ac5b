/**
 * Updates against a local feed (latest-linux.yml and an AppImage served on loopback), through the stand-in with
 * the feed named for the run (RESELLER_DESK_UPDATE_FEED) and an installed AppImage to update (APPIMAGE): the
 * check at start; Help › Check for Updates… finding nothing new; a download whose sha512 does not match, refused
 * and said so; then one that downloads and offers Restart to Update. The prompts are the system's dialogs,
 * recorded by the stand-in.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DesktopApp, electronBinary } from './fixtures/desktop-app.js';
import { drawMessageBox } from './fixtures/draw-surface.js';

test.skip(process.platform !== 'linux' || electronBinary() !== null, 'the local feed serves a Linux AppImage to the stand-in');

const ARTIFACT = 'Reseller-Desk-0.2.0-x86_64.AppImage';
const bytes = Buffer.from(`#!/bin/sh\necho "Reseller Desk 0.2.0"\n${'x'.repeat(64 * 1024)}`);
const sha512 = (data: Buffer) => createHash('sha512').update(data).digest('base64');

/** What the feed serves now, and what it was asked for. */
const feed = { version: '0.1.0', sha512: sha512(bytes), asked: [] as string[] };
let server: Server;
let feedUrl: string;

test.beforeAll(async () => {
  server = createServer((request, response) => {
    feed.asked.push(request.url ?? '');
    if (request.url?.startsWith('/latest-linux.yml')) {
      response.setHeader('content-type', 'text/yaml');
      response.end(`version: ${feed.version}\nfiles:\n  - url: ${ARTIFACT}\n    sha512: ${feed.sha512}\n    size: ${bytes.length}\npath: ${ARTIFACT}\nsha512: ${feed.sha512}\nreleaseDate: '2026-12-01T09:00:00.000Z'\n`);
    } else if (request.url === `/${ARTIFACT}`) {
      response.setHeader('content-length', String(bytes.length));
      response.end(bytes);
    } else {
      response.statusCode = 404;
      response.end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
test.afterAll(() => new Promise<void>((done) => server.close(() => done())));

test('a check at start and from the menu; a download that does not match its checksum is refused; one that does offers a restart', async ({ browser }) => {
  const home = mkdtempSync(join(tmpdir(), 'rd-desktop-'));
  const installed = join(home, 'Reseller-Desk-0.1.0-x86_64.AppImage');
  writeFileSync(installed, 'the installed AppImage', { mode: 0o755 });
  const desktop = await DesktopApp.launch({ home, env: { RESELLER_DESK_UPDATE_FEED: feedUrl, APPIMAGE: installed } });
  try {
    const page = await desktop.window();
    await expect(page.locator('#app h1')).toBeVisible({ timeout: 60_000 });
    await expect.poll(() => feed.asked.some((url) => url.startsWith('/latest-linux.yml'))).toBe(true);
    const message = (after: number) => desktop.waitFor('dialog', (entry) => entry.kind === 'message', { after, timeout: 30_000 });
    const checkNow = () => desktop.command({ type: 'menu', path: ['help', 'Check for Updates…'] });

    let before = desktop.records.length;
    checkNow();
    expect((await message(before)).options).toMatchObject({ message: 'You’re up to date', detail: 'Reseller Desk 0.1.0 is the newest version.' });

    feed.version = '0.2.0';
    feed.sha512 = sha512(Buffer.from('another file'));
    before = desktop.records.length;
    checkNow();
    const refused = await desktop.waitFor('dialog', (entry) => (entry.options as { message?: string }).message === 'The update could not be installed', { after: before, timeout: 30_000 });
    expect((refused.options as { detail: string }).detail).toBe('The download did not match the checksum its update feed gave, so it was discarded and nothing was installed.');
    expect(desktop.all('dialog').slice(0).some((entry) => String((entry.options as { message?: string }).message).endsWith('is ready'))).toBe(false);

    feed.sha512 = sha512(bytes);
    // Later: the prompt is answered without a restart (installed when the app next quits).
    desktop.command({ type: 'dialog-answer', kind: 'message', answer: { response: 0 } });
    desktop.command({ type: 'dialog-answer', kind: 'message', answer: { response: 1 } });
    before = desktop.records.length;
    checkNow();
    const ready = await desktop.waitFor('dialog', (entry) => (entry.options as { message?: string }).message === 'Reseller Desk 0.2.0 is ready', { after: before, timeout: 30_000 });
    expect((ready.options as { buttons: string[] }).buttons).toEqual(['Restart to Update', 'Later']);
    await drawMessageBox(browser, ready.options as { message: string; detail: string; buttons: string[] }, 'desktop-update-ready');
    await drawMessageBox(browser, refused.options as { message: string; detail: string }, 'desktop-update-refused');
    expect(feed.asked).toContain(`/${ARTIFACT}`);
    expect(await desktop.runsAfter(500)).toBe(true);

    // In Italian, as the person reads the app: the same prompt, asked again.
    await page.evaluate(() => window.desk.invoke('settings.set', { language: 'it' }));
    desktop.command({ type: 'dialog-answer', kind: 'message', answer: { response: 0 } });
    desktop.command({ type: 'dialog-answer', kind: 'message', answer: { response: 1 } });
    before = desktop.records.length;
    desktop.command({ type: 'menu', path: ['help', 'Cerca aggiornamenti…'] });
    const pronta = await desktop.waitFor('dialog', (entry) => (entry.options as { message?: string }).message === 'Reseller Desk 0.2.0 è pronta', { after: before, timeout: 30_000 });
    expect((pronta.options as { buttons: string[] }).buttons).toEqual(['Riavvia e aggiorna', 'Più tardi']);
    await drawMessageBox(browser, pronta.options as { message: string; detail: string; buttons: string[] }, 'desktop-update-ready-it');
  } finally {
    await desktop.close();
  }
});
