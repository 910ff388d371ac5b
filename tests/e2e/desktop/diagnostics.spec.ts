/**
 * Help › Export Diagnostics… in the desktop app, through the desktop stand-in (or a real binary): the save
 * dialog offers a dated JSON file in Documents, the bundle written there holds the versions, the demo account,
 * its files' health and the log's last lines, and not the sub-account password queued in an add-contact; a
 * cancelled dialog writes nothing. The log file is in the data folder.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { invoke } from '../fixtures/page-bridge.js';
import { DesktopApp } from './fixtures/desktop-app.js';

test.describe.configure({ mode: 'serial' });

const SUBACCOUNT_PASSWORD = 'Desktop-Sub-Pw-Diag-31';
let desktop: DesktopApp;
let page: Page;

test.beforeAll(async () => {
  desktop = await DesktopApp.launch();
  page = await desktop.window();
  await expect(page.getByRole('link', { name: 'Domains', exact: true })).toBeVisible({ timeout: 60_000 });
});
test.afterAll(async () => {
  await desktop?.close();
});

test('Help › Export Diagnostics… saves the bundle where the person chooses, without secrets', async () => {
  await invoke(page, 'settings.set', { logLevel: 'debug' });
  await invoke(page, 'outbox.enqueue', {
    kind: 'add-contact',
    params: { firstname: 'Ann', lastname: 'Lee', email: 'ann.diag@example.com', address1: 'Via Roma 1', city: 'Rome', state: 'RM', postcode: '00100', country: 'IT', phonenumber: '+39.0612345', password2: SUBACCOUNT_PASSWORD },
  });
  expect((await invoke(page, 'sync.run')).outcome).toBe('ok');

  const file = join(desktop.home, 'Documents', 'diagnostics.json');
  desktop.command({ type: 'dialog-answer', kind: 'save', answer: { canceled: false, filePath: file } });
  desktop.command({ type: 'menu', path: ['help', 'Export Diagnostics…'] });
  await expect.poll(() => existsSync(file) && readFileSync(file, 'utf8').endsWith('}\n'), { timeout: 30_000 }).toBe(true);
  const dialog = desktop.all('dialog').find((entry) => entry.kind === 'save');
  expect(String((dialog?.options as { defaultPath?: string }).defaultPath)).toMatch(/Documents\/reseller-desk-diagnostics-\d{4}-\d\d-\d\d\.json$/);

  const text = readFileSync(file, 'utf8');
  const bundle = JSON.parse(text) as Record<string, any>;
  expect(bundle.versions.app).toMatch(/^\d+\.\d+\.\d+/);
  // Electron's version in a real binary; the stand-in runs in Node, which has none.
  expect(bundle.versions.electron).toBe(desktop.standIn ? null : expect.stringMatching(/^\d+\./));
  expect(bundle.accounts).toEqual([expect.objectContaining({ name: 'Demo', demo: true, current: true, files: { mirror: 'ok', outbox: 'ok' } })]);
  expect(bundle.open.outbox.counts).toEqual(expect.arrayContaining([{ kind: 'add-contact', state: 'done', entries: 1 }]));
  expect(bundle.log.lines.some((line: string) => /sync \d+ of "Demo"/.test(line))).toBe(true);
  expect(text).not.toContain(SUBACCOUNT_PASSWORD);
  expect(readdirSync(join(desktop.userData, 'logs'))).toContain('reseller-desk.log');
  expect(readFileSync(join(desktop.userData, 'logs', 'reseller-desk.log'), 'utf8')).not.toContain(SUBACCOUNT_PASSWORD);
});

test('a cancelled save dialog writes nothing', async () => {
  const before = desktop.all('dialog').length;
  desktop.command({ type: 'menu', path: ['help', 'Export Diagnostics…'] });
  await expect.poll(() => desktop.all('dialog').length).toBe(before + 1);
  expect(readdirSync(join(desktop.home, 'Documents')).filter((name) => name.startsWith('reseller-desk-diagnostics'))).toEqual([]);
});
