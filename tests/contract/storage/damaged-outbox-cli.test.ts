/**
 * Issue 24.1-24.3 as a user meets them, each command a process of its own: an outbox with a damaged page
 * (its entries table's) once gave stack traces from `status`, `outbox` and `sync` and bare SQLite errors from
 * `account list`. Now the commands that need it say which file, what it held and what to do; the others work;
 * `outbox recover` carries on. And an outbox emptied to 0 bytes is never taken for a new, empty one.
 */
import { closeSync, cpSync, mkdtempSync, openSync, rmSync, truncateSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountPaths } from '../../../electron/core/data-dir.js';
import { Desk } from '../../../electron/core/desk/index.js';
import { MemoryVault } from '../../../electron/core/vault/index.js';
import { startSandbox } from '../../../sandbox/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { A_CONTACT, cli, NO_KEYCHAIN, secretsOf } from '../cli/harness.js';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

let sb: RunningSandbox;
let root: string;
let pristine: string;

beforeAll(async () => {
  sb = await startSandbox({ port: 0, altPort: 0, controlPort: 0 });
  root = mkdtempSync(join(tmpdir(), 'damaged-outbox-cli-'));
  pristine = join(root, 'pristine');
  const desk = await Desk.open({ dataDir: pristine, vault: new MemoryVault('cli'), background: false, log: () => undefined });
  await desk.call('accounts.add', { name: 'Main', baseUrl: sb.baseUrl, altBaseUrl: sb.altBaseUrl, clientId: sb.clientId, username: sb.username, clientSecret: sb.clientSecret, password: sb.password });
  for (const email of ['a@example.com', 'b@example.com']) await desk.call('outbox.enqueue', { kind: 'add-contact', params: { ...A_CONTACT, email } });
  await desk.dispose();
});

afterAll(async () => {
  await sb?.stop();
  rmSync(root, { recursive: true, force: true });
});

function copyOf(name: string): { dataDir: string; outbox: string } {
  const dataDir = join(root, name);
  cpSync(pristine, dataDir, { recursive: true });
  return { dataDir, outbox: accountPaths(dataDir, 'Main').outbox };
}

const run = (dataDir: string, args: string[]) => cli(dataDir, args, { secrets: secretsOf(sb), env: NO_KEYCHAIN });
const STACK = /\n\s+at |SqliteError/;

describe('a damaged outbox, from the command line', () => {
  it('status, outbox and sync say which file, what it held and what to do; account list works; outbox recover carries on', async () => {
    const { dataDir, outbox } = copyOf('damaged');
    const db = new Database(outbox, { readonly: true });
    const page = db.prepare("SELECT rootpage FROM sqlite_schema WHERE name = 'entries'").pluck().get() as number;
    db.close();
    // The entries table's page, as in the report: EntryStore.rows failed inside the replay started at open.
    const fd = openSync(outbox, 'r+');
    writeSync(fd, Buffer.alloc(4096, 0xa5), 0, 4096, (page - 1) * 4096);
    closeSync(fd);

    const list = await run(dataDir, ['account', 'list']);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/Main/);
    expect(list.stderr).not.toMatch(STACK);
    for (const command of [['status'], ['outbox'], ['sync']]) {
      const result = await run(dataDir, command);
      expect(result.code, command.join(' ')).toBe(1);
      expect(result.stderr).toContain(`The outbox of "Main" is damaged`);
      expect(result.stderr).toContain(outbox);
      expect(result.stderr).toContain('it held 2 edits not yet sent');
      expect(result.stderr).toContain('reseller-desk outbox recover --account "Main"');
      expect(result.stderr).not.toMatch(STACK);
    }
    const recover = await run(dataDir, ['outbox', 'recover', '--json']);
    expect(recover.stderr).not.toMatch(STACK);
    expect(recover.code).toBe(0);
    const report = JSON.parse(recover.stdout) as { aside: string; salvaged: number; lost: number[] };
    expect(report.aside).toMatch(/outbox\.db\.damaged-/);
    expect(report.salvaged + report.lost.length).toBe(2);
    const after = await run(dataDir, ['outbox', '--json']);
    expect(after.code).toBe(0);
    expect(JSON.parse(after.stdout)).toHaveLength(report.salvaged);
  });

  it('an outbox cut to 0 bytes is not an empty outbox: outbox and sync refuse, saying what was lost, until the user says to start afresh', async () => {
    const { dataDir, outbox } = copyOf('emptied');
    truncateSync(outbox, 0);
    const listed = await run(dataDir, ['outbox']);
    expect(listed.code).toBe(1);
    expect(listed.stdout).not.toContain('the outbox is empty');
    expect(listed.stderr).toContain(`The outbox of "Main" is empty (0 bytes): ${outbox}. It held 2 edits not yet sent (entries up to #2).`);
    const sync = await run(dataDir, ['sync']);
    expect(sync.code).toBe(1);
    expect(sync.stdout).not.toMatch(/edit\(s\) sent/);
    const fresh = await run(dataDir, ['outbox', 'recover']);
    expect(fresh.code).toBe(0);
    expect(fresh.stdout).toMatch(/0 entries carried over \(0 not yet sent\), 2 could not be read and are lost \(#1, #2\)/);
    const after = await run(dataDir, ['outbox']);
    expect(after.code).toBe(0);
    expect(after.stdout).toContain('the outbox is empty');
  });
});
