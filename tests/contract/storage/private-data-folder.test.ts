/**
 * The data folder is the user's alone (issue 24.10): under any umask, every folder the engine makes is 0700 and
 * every file 0600 (mirror, outbox, their WAL and SHM, accounts.json, settings.json); an existing folder left
 * readable by others is tightened at start, said once.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Desk } from '../../../electron/core/desk/index.js';
import { MemoryVault } from '../../../electron/core/vault/index.js';
import { startSandbox } from '../../../sandbox/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { A_CONTACT, cli } from '../cli/harness.js';

/** Starts the web host on `dataDir` (no demo provider), waits for its ready line, stops it: what it said on stderr. */
async function webHostOnce(dataDir: string): Promise<string> {
  const child = spawn(process.execPath, [join(import.meta.dirname, '../../../bin/reseller-desk-web.js'), '--port', '0', '--json', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the web host exited with ${code}: ${stderr}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return stderr;
}

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const posix = process.platform !== 'win32';
let sb: RunningSandbox;
let root: string;

beforeAll(async () => {
  sb = await startSandbox({ port: 0, altPort: 0, controlPort: 0 });
  root = mkdtempSync(join(tmpdir(), 'private-data-'));
});

afterAll(async () => {
  await sb?.stop();
  rmSync(root, { recursive: true, force: true });
});

/** Every path under `dir` (itself included) with its permission bits, as octal text. */
function modes(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (path: string, name: string) => {
    const stat = statSync(path);
    out[name] = (stat.mode & 0o777).toString(8);
    if (stat.isDirectory()) for (const child of readdirSync(path)) visit(join(path, child), name === '.' ? child : `${name}/${child}`);
  };
  visit(dir, '.');
  return out;
}

describe.runIf(posix)('permissions of the data folder (POSIX)', () => {
  it.each([['000', 0o000], ['022', 0o022]])('umask %s: folders 0700, files 0600, WAL and SHM included', async (_name, umask) => {
    const dataDir = join(root, `umask-${umask.toString(8)}`, 'Reseller Desk');
    const previous = process.umask(umask);
    try {
      const desk = await Desk.open({ dataDir, vault: new MemoryVault('perm'), background: false, log: () => undefined });
      try {
        await desk.call('accounts.add', { name: 'Main', baseUrl: sb.baseUrl, altBaseUrl: sb.altBaseUrl, clientId: sb.clientId, username: sb.username, clientSecret: sb.clientSecret, password: sb.password });
        await desk.call('settings.set', { syncIntervalMinutes: 30 });
        await desk.call('sync.run', { only: ['contacts'] });
        await desk.call('outbox.enqueue', { kind: 'add-contact', params: A_CONTACT });
        const seen = modes(dataDir);
        // While open: the WAL and SHM files are there.
        for (const name of ['accounts.json', 'settings.json', 'accounts/Main/mirror.db', 'accounts/Main/mirror.db-wal', 'accounts/Main/mirror.db-shm', 'accounts/Main/outbox.db', 'accounts/Main/outbox.db-wal']) {
          expect(seen[name], name).toBe('600');
        }
        for (const [name, mode] of Object.entries(seen)) {
          const isDir = statSync(join(dataDir, name)).isDirectory();
          expect(`${name} ${mode}`).toBe(`${name} ${isDir ? '700' : '600'}`);
        }
      } finally {
        await desk.dispose();
      }
    } finally {
      process.umask(previous);
    }
  });

  it('a data folder the CLI or the web host has just made is private from the start, and nothing is said of it (issue 35.16)', async () => {
    const cliDir = join(root, 'made-by-cli', 'nested');
    const cliRun = await cli(cliDir, ['status']);
    expect(cliRun.stderr).not.toMatch(/could be read by other users/);
    expect(modes(join(root, 'made-by-cli'))).toMatchObject({ '.': '700', nested: '700' });

    const webDir = join(root, 'made-by-web-host');
    expect(await webHostOnce(webDir)).not.toMatch(/could be read by other users/);
    expect(modes(webDir)['.']).toBe('700');
  });

  it('tightens a folder left readable by others at start, and says so once', async () => {
    const dataDir = join(root, 'old');
    mkdirSync(join(dataDir, 'accounts', 'Main'), { recursive: true, mode: 0o755 });
    writeFileSync(join(dataDir, 'settings.json'), '{}', { mode: 0o644 });
    writeFileSync(join(dataDir, 'accounts', 'Main', 'notes'), 'x', { mode: 0o644 });
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'accounts'), 0o755);
    chmodSync(join(dataDir, 'accounts', 'Main'), 0o755);
    chmodSync(join(dataDir, 'settings.json'), 0o644);
    chmodSync(join(dataDir, 'accounts', 'Main', 'notes'), 0o444);
    const log: string[] = [];
    await (await Desk.open({ dataDir, vault: new MemoryVault('perm'), background: false, log: (line) => log.push(line) })).dispose();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(/could be read by other users of this computer: its 5 files and folders are now yours alone/);
    expect(modes(dataDir)).toMatchObject({ '.': '700', accounts: '700', 'accounts/Main': '700', 'settings.json': '600', 'accounts/Main/notes': '400' });
    await (await Desk.open({ dataDir, vault: new MemoryVault('perm'), background: false, log: (line) => log.push(line) })).dispose();
    expect(log).toHaveLength(1);
  });
});
