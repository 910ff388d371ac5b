/** `reseller-desk sync` as a person waits for it: what it says while it works, when it stops, and what it did. */
import { execFile } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox } from '../../../sandbox/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { A_CONTACT, addAccount, BIN, cli, newDataDir, secretsOf, spawnCli, waitForStderr } from './harness.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const dataDir = newDataDir();
let sb: RunningSandbox;
let secrets: { clientSecret: string; password: string };

beforeAll(async () => {
  sb = await startSandbox({ port: 0, altPort: 0, controlPort: 0, strict: true });
  secrets = secretsOf(sb);
  expect((await addAccount(dataDir, sb, 'Main')).code).toBe(0);
});

afterEach(() => sb.setFaults({ latencyMs: 0, http500: 0 }));

afterAll(async () => {
  await sb?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('sync', () => {
  it('pulls only the resources named, and says what it sent and how long it took', async () => {
    const only = await cli(dataDir, ['sync', '--only', 'domains,contacts', '--json'], { secrets });
    expect(only.code, only.stderr).toBe(0);
    expect((JSON.parse(only.stdout) as { resources: { resource: string }[] }).resources.map((r) => r.resource)).toEqual(['domains', 'contacts']);

    expect((await cli(dataDir, ['queue', 'add-contact', '--params', JSON.stringify(A_CONTACT)])).code).toBe(0);
    const sent = await cli(dataDir, ['sync', '--only', 'contacts'], { secrets });
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.stdout).toMatch(/sent #\d+ add-contact: done/);
    expect(sent.stdout).toMatch(/sync ok in \d+\.\d s; 1 edit\(s\) sent/);
    expect((await cli(dataDir, ['sync', '--only', 'products'], { secrets })).code).toBe(2);
  });

  it('says the warnings of its resources: a product whose description is past its limit is kept without it (issue 35.14)', async () => {
    const [product] = sb.db.prepare('SELECT pid, description FROM products ORDER BY pid LIMIT 1').all() as { pid: number; description: string }[];
    sb.db.prepare('UPDATE products SET description = ? WHERE pid = ?').run('d'.repeat(100 * 1024), product!.pid);
    try {
      const run = await cli(dataDir, ['sync', '--only', 'catalogue'], { secrets });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^warning: catalogue: description could not be read in 1 record \(longer than 65,536 characters \(102,400\)\); left unset, the records kept$/m);
      const shown = await cli(dataDir, ['show', 'catalogue', String(product!.pid), '--json']);
      expect(JSON.parse(shown.stdout)).toMatchObject({ pid: product!.pid, description: '' });
    } finally {
      sb.db.prepare('UPDATE products SET description = ? WHERE pid = ?').run(product!.description, product!.pid);
    }
  });

  it('says each resource as it starts, with its step', async () => {
    const run = await cli(dataDir, ['sync'], { secrets });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/^\[1\/10\] client…$/m);
    expect(run.stderr).toMatch(/^\[10\/10\] catalogue…$/m);
  });

  it.skipIf(!existsSync('/usr/bin/script'))('on a terminal, rewrites one progress line with step, records and elapsed time, and clears it', async () => {
    const command = [process.execPath, BIN, 'sync', '--only', 'client,domains', '--data-dir', dataDir].map((a) => `'${a}'`).join(' ');
    const output = await new Promise<string>((resolve) => {
      const env = { ...process.env, RESELLER_DESK_CLIENT_SECRET: secrets.clientSecret, RESELLER_DESK_PASSWORD: secrets.password };
      execFile('/usr/bin/script', ['-qec', command, '/dev/null'], { env }, (_error, stdout) => resolve(stdout));
    });
    expect(output).toMatch(/\r\x1b\[K\[2\/2\] domains: \d+(\/\d+)? records · \d+\.\d s/);
    // Cleared before the summary is printed.
    expect(output).toMatch(/\r\x1b\[K(\r\n)?RESOURCE/);
  });

  it('signs in once, never retrying, and skips the other resources at once when sign-in fails for a transient reason', async () => {
    sb.setFaults({ http500: 1 });
    sb.resetRequestCounts();
    const run = await cli(dataDir, ['sync', '--json'], { secrets });
    expect(run.code).toBe(1);
    // A provider may lock an account that hammers its login: one grant, no retry.
    expect(sb.requestCounts().token).toBe(1);
    expect(run.stderr).not.toMatch(/token: .*retry/);
    const { resources } = JSON.parse(run.stdout) as { resources: { outcome: string; error: string | null }[] };
    expect(resources[0]!.outcome).toBe('failed');
    for (const r of resources.slice(1)) {
      expect(r.outcome).toBe('skipped');
      expect(r.error).toMatch(/sign-in failed/);
    }
    const add = await addAccount(newDataDir(), sb, 'Other');
    expect(add.code).toBe(1);
    expect(add.stderr).toMatch(/500/);
    expect(sb.requestCounts().token).toBe(2);
  });

  it('stops at Ctrl-C, keeping the resources read in full and saying which one was discarded', async () => {
    const fresh = newDataDir();
    expect((await addAccount(fresh, sb, 'Main')).code).toBe(0);
    sb.setFaults({ latencyMs: 300 });
    const run = spawnCli(fresh, ['sync'], { secrets });
    await waitForStderr(run, /\[3\/10\]/);
    run.child.kill('SIGINT');
    const { code, stderr } = await run.exit;
    expect(code).toBe(130);
    const said = /interrupted — finished resources kept \(([a-z, ]+)\), (\w+) discarded/.exec(stderr);
    expect(said, stderr).not.toBeNull();
    sb.setFaults({ latencyMs: 0 });
    const status = JSON.parse((await cli(fresh, ['status', '--json'])).stdout) as { resources: { resource: string; lastSyncedAt: string | null }[] };
    const synced = status.resources.filter((r) => r.lastSyncedAt !== null).map((r) => r.resource);
    expect(synced.join(', ')).toBe(said![1]);
    expect(synced).not.toContain(said![2]);
    rmSync(fresh, { recursive: true, force: true });
  });
});
