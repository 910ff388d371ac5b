/**
 * Issue 24.2: the account record keeps what its outbox last held (the last entry id, the edits not yet sent), so
 * an outbox file that is gone, or was put back from an older copy, is never taken for the truth in silence.
 */
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { accountPaths } from '../../../electron/core/data-dir.js';
import { Desk } from '../../../electron/core/desk/index.js';
import { callError } from '../desk/sandbox-desk.js';
import { MemoryVault } from '../../../electron/core/vault/index.js';
import { startSandbox } from '../../../sandbox/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { A_CONTACT } from '../cli/harness.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let sb: RunningSandbox;
let root: string;
const vault = new MemoryVault('outbox-record');

beforeAll(async () => {
  sb = await startSandbox({ port: 0, altPort: 0, controlPort: 0 });
  root = mkdtempSync(join(tmpdir(), 'outbox-record-'));
});

afterAll(async () => {
  await sb?.stop();
  rmSync(root, { recursive: true, force: true });
});

const open = (dataDir: string) => Desk.open({ dataDir, vault, background: false, log: () => undefined });
const queue = (desk: Desk, email: string) => desk.call('outbox.enqueue', { kind: 'add-contact', params: { ...A_CONTACT, email } });

it('a vanished outbox, and one put back from an older copy, fail the account saying what it held', async () => {
  const dataDir = join(root, 'data');
  const { outbox } = accountPaths(dataDir, 'Main');
  let desk = await open(dataDir);
  await desk.call('accounts.add', { name: 'Main', baseUrl: sb.baseUrl, altBaseUrl: sb.altBaseUrl, clientId: sb.clientId, username: sb.username, clientSecret: sb.clientSecret, password: sb.password });
  await queue(desk, 'one@example.com');
  await desk.dispose();
  copyFileSync(outbox, join(root, 'older.db'));
  desk = await open(dataDir);
  await queue(desk, 'two@example.com');
  await desk.dispose();

  // Put back from the older copy: one entry short.
  copyFileSync(join(root, 'older.db'), outbox);
  desk = await open(dataDir);
  const older = await callError(desk.call('outbox.list'));
  expect(older.code).toBe('damaged_data');
  expect(older.message).toContain(`holds entries up to #1, but it held up to #2 (2 edits not yet sent)`);
  await desk.dispose();

  // Gone.
  rmSync(outbox);
  desk = await open(dataDir);
  const gone = await callError(desk.call('outbox.list'));
  expect(gone.message).toBe(
    `The outbox of "Main" is gone: ${outbox}. It held 2 edits not yet sent (entries up to #2). If you have a copy of the file, put it back; ` +
      'to start an empty outbox instead, losing them, run `reseller-desk outbox recover --account "Main"`.',
  );
  // Put back, it opens as it was.
  copyFileSync(join(root, 'older.db'), outbox);
  const report = await desk.call('outbox.recover', { account: 'Main' });
  expect(report).toMatchObject({ salvaged: 1, pending: 1, lost: [2], heldPending: 2 });
  const entries = await desk.call('outbox.list');
  expect(entries.map((e) => e.id)).toEqual([1]);
  expect((await queue(desk, 'three@example.com')).id).toBe(3);
  await desk.dispose();
});

it('recover on a healthy outbox is refused in words and changes nothing (issue 35.16)', async () => {
  const dataDir = join(root, 'healthy');
  const { outbox, dir } = accountPaths(dataDir, 'Main');
  const desk = await open(dataDir);
  await desk.call('accounts.add', { name: 'Main', baseUrl: sb.baseUrl, altBaseUrl: sb.altBaseUrl, clientId: sb.clientId, username: sb.username, clientSecret: sb.clientSecret, password: sb.password });
  await queue(desk, 'kept@example.com');
  const before = readdirSync(dir).sort();
  const refused = await callError(desk.call('outbox.recover', { account: 'Main' }));
  expect(refused).toMatchObject({ code: 'refused', message: 'The outbox of "Main" is not damaged: there is nothing to recover, and nothing was changed.' });
  expect(readdirSync(dir).sort()).toEqual(before);
  expect(existsSync(outbox)).toBe(true);
  expect((await desk.call('outbox.list')).map((e) => (e.params as { email: string }).email)).toEqual(['kept@example.com']);
  await desk.dispose();
});
