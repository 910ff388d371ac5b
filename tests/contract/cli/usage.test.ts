/** How the command line answers before any work: version, help per command, refusals, the keychain note. */
import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox } from '../../../sandbox/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { addAccount, cli, newDataDir, NO_KEYCHAIN, type Run } from './harness.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const ROOT = join(import.meta.dirname, '../../..');
const dataDir = newDataDir();
let sb: RunningSandbox;

beforeAll(async () => {
  sb = await startSandbox({ port: 0, altPort: 0, controlPort: 0, strict: true });
});

afterAll(async () => {
  await sb?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('usage', () => {
  it('prints its version', async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const run = await cli(dataDir, ['--version']);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(`reseller-desk ${version}`);
  });

  it('answers no command with the usage, as bad usage', async () => {
    const run = await cli(dataDir, []);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^Usage: reseller-desk <command>/);
  });

  it('has help per command, as `help COMMAND` and `COMMAND --help`', async () => {
    const help = await cli(dataDir, ['help', 'sync']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Usage: reseller-desk sync/);
    expect(help.stdout).toContain('--only');
    expect(help.stdout).not.toContain('--format');
    expect((await cli(dataDir, ['sync', '--help'])).stdout).toBe(help.stdout);
    const remove = await cli(dataDir, ['account', 'remove', '--help']);
    expect(remove.stdout).toContain('--force');
    expect(remove.stdout).toContain('--keep-data');
  });

  it('refuses options a command does not take, and extra words, as bad usage', async () => {
    const option = await cli(dataDir, ['status', '--format', 'csv']);
    expect(option.code).toBe(2);
    expect(option.stderr).toMatch(/status does not take --format/);
    const extra = await cli(dataDir, ['status', 'now']);
    expect(extra.code).toBe(2);
    expect(extra.stderr).toMatch(/unexpected "now"/);
    const accountFlag = await cli(dataDir, ['account', 'list', '--account', 'X']);
    expect(accountFlag.code).toBe(2);
  });
});

describe('without an OS keychain', () => {
  const env = NO_KEYCHAIN;

  beforeAll(async () => {
    expect((await addAccount(dataDir, sb, 'Main')).code).toBe(0);
  });

  it('says to set both secrets for each command that talks to the provider', async () => {
    const run = await cli(dataDir, ['sync'], { env });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/no OS keychain here.*set RESELLER_DESK_CLIENT_SECRET and RESELLER_DESK_PASSWORD for each command/);
    expect(run.stderr).not.toMatch(/no client-secret stored/);
  });

  it('says nothing about the keychain where no secret is needed', async () => {
    for (const args of [['account', 'list'], ['export', 'domains'], ['status']]) {
      const run = await cli(dataDir, args, { env });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).not.toMatch(/keychain/);
    }
  });
});

describe('the sandbox provider as the README runs it', () => {
  it('shows `npm run --silent sandbox -- --json`, so that the one JSON line is all there is', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('npm run --silent sandbox -- --json');
    expect(readme).not.toMatch(/npm run sandbox -- --json/);
  });

  it('refuses a --today that is no date like its other flags, without a stack trace', async () => {
    const run = await new Promise<Run>((resolve) => {
      execFile(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'sandbox/cli.ts'), '--today', '2026-13-45'], (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
      );
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--today must be a date YYYY-mm-dd, got '2026-13-45'/);
    expect(run.stderr).not.toMatch(/RangeError|\n\s+at /);
  });
});
