/**
 * A full disk, for real (issue 24.4): a 2 MB tmpfs as the data folder, filled with a file but for a little room.
 * `account add` on it fails with "The disk is full (… free at …)", leaving nothing behind (no record, no
 * keychain entry, no files: a retry once there is room succeeds); a sync that runs out of room says so too.
 * Mounting needs root; elsewhere these tests are skipped, saying why.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_SECRETS } from '../../../electron/core/api/index.js';
import { Desk } from '../../../electron/core/desk/index.js';
import { callError } from '../desk/sandbox-desk.js';
import { cli } from '../cli/harness.js';
import { AT_REST_KEY_SECRET, MemoryVault } from '../../../electron/core/vault/index.js';
import { startSandbox } from '../../../sandbox/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const root = process.getuid?.() === 0;
let mountPoint = '';
let mounted = false;
let sb: RunningSandbox;

function tryMount(): boolean {
  mountPoint = mkdtempSync(join(tmpdir(), 'full-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mountPoint], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

/** Fills the disk of `dir` but for `room` bytes, with one file; returns its path. */
function fill(dir: string, room: number): string {
  const filler = join(dir, 'filler');
  const { bavail, bsize } = statfsSync(dir);
  writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - room)));
  return filler;
}

beforeAll(async () => {
  mounted = root && tryMount();
  sb = await startSandbox({ port: 0, altPort: 0, controlPort: 0 });
});

afterAll(async () => {
  await sb?.stop();
  if (mounted) execFileSync('umount', [mountPoint]);
  if (mountPoint) rmSync(mountPoint, { recursive: true, force: true });
});

const connection = () => ({ baseUrl: sb.baseUrl, altBaseUrl: sb.altBaseUrl, clientId: sb.clientId, username: sb.username, clientSecret: sb.clientSecret, password: sb.password });

describe.runIf(root)('a full disk (a 2 MB tmpfs; needs root to mount, skipped otherwise)', () => {
  it('account add rolls back everything it wrote, keychain entries included, and says the disk is full', async (context) => {
    if (!mounted) context.skip('mount -t tmpfs failed here (no CAP_SYS_ADMIN in this container)');
    const dataDir = join(mountPoint, 'add');
    mkdirSync(dataDir);
    const vault = new MemoryVault('full-disk');
    const log: string[] = [];
    // The first account, its files settled (a new mirror's write-ahead log is checkpointed on close).
    const before = await Desk.open({ dataDir, vault, background: false, log: () => undefined });
    await before.call('accounts.add', { name: 'First', ...connection() });
    await before.dispose();
    const desk = await Desk.open({ dataDir, vault, background: false, log: (line) => log.push(line) });
    try {
      // Room to reopen the first account, not for a new account's mirror (its schema alone takes about 900 kB).
      const filler = fill(dataDir, 300 * 1024);
      const error = await callError(desk.call('accounts.add', { name: 'Second', ...connection() }));
      expect(error.code).toBe('disk_full');
      expect(error.message).toMatch(new RegExp(`^The disk is full \\(\\d+\\.\\d MB free at ${dataDir}\\)`));
      const accounts = await desk.call('accounts.list');
      expect(log.filter((line) => line.includes('undoing'))).toEqual([]);
      expect(accounts.map((a) => [a.name, a.current])).toEqual([['First', true]]);
      for (const secret of [...ACCOUNT_SECRETS, AT_REST_KEY_SECRET]) expect(await vault.get('Second', secret)).toBeNull();
      expect(readdirSync(join(dataDir, 'accounts'))).toEqual(['First']);
      // The first account is open again and works.
      expect((await desk.call('outbox.list'))).toEqual([]);
      rmSync(filler);
      await desk.call('accounts.add', { name: 'Second', ...connection() });
      expect((await desk.call('accounts.list')).map((a) => a.name)).toEqual(['First', 'Second']);
    } finally {
      await desk.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('account add on a disk with no room at all says the disk is full in words, not ENOSPC (issue 35.16)', async (context) => {
    if (!mounted) context.skip('mount -t tmpfs failed here');
    const filler = fill(mountPoint, 0);
    try {
      const run = await cli(join(mountPoint, 'new-data'), ['account', 'add', 'Main', '--base-url', sb.baseUrl, '--alt-base-url', sb.altBaseUrl, '--client-id', sb.clientId, '--username', sb.username], {
        secrets: { clientSecret: sb.clientSecret, password: sb.password },
      });
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).toMatch(/the disk is full \(0\.0 MB free at \S*new-data\): free some space, then try again\./i);
      expect(run.stderr).not.toMatch(/\(ENOSPC\)|ENOSPC:/);
    } finally {
      rmSync(filler, { force: true });
    }
  });

  it('a sync that runs out of room says the disk is full, how much is free and where', async (context) => {
    if (!mounted) context.skip('mount -t tmpfs failed here');
    const dataDir = join(mountPoint, 'sync');
    mkdirSync(dataDir);
    const desk = await Desk.open({ dataDir, vault: new MemoryVault('full-disk-sync'), background: false, log: () => undefined });
    try {
      await desk.call('accounts.add', { name: 'Main', ...connection() });
      fill(dataDir, 16 * 1024);
      let words: string;
      try {
        const summary = await desk.call('sync.run');
        words = summary.resources.map((r) => r.error ?? '').join('\n');
      } catch (error) {
        words = (error as Error).message;
      }
      expect(words).toMatch(new RegExp(`The disk is full \\(\\d+\\.\\d MB free at ${dataDir}\\)`));
      expect(words).not.toMatch(/disk I\/O error|SQLITE_/);
    } finally {
      rmSync(join(dataDir, 'filler'), { force: true });
      await desk.dispose();
    }
  });
});
