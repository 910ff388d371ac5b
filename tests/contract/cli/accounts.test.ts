/** Accounts from the command line: adding with clear refusals, editing, choosing, removing without losing edits. */
import { spawn } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Desk } from '../../../electron/core/desk/index.js';
import { MemoryVault } from '../../../electron/core/vault/index.js';
import { startSandbox } from '../../../sandbox/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { A_CONTACT, addAccount, BIN, cli, newDataDir, secretsOf } from './harness.js';

// Each command is a process of its own; a loaded machine takes seconds for each.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let sb: RunningSandbox;
const dirs: string[] = [];
const dataDir = () => {
  const dir = newDataDir();
  dirs.push(dir);
  return dir;
};
const accounts = async (dir: string) =>
  JSON.parse((await cli(dir, ['account', 'list', '--json'])).stdout) as { name: string; current: boolean; service: string; clientId: string; username: string }[];

beforeAll(async () => {
  sb = await startSandbox({ port: 0, altPort: 0, controlPort: 0, strict: true });
});

afterAll(async () => {
  await sb?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('account add', () => {
  it('names missing flags in the command line\'s words, as bad usage', async () => {
    const run = await cli(dataDir(), ['account', 'add', 'X'], { secrets: secretsOf(sb) });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--base-url, --client-id, --username are required/);
    expect(run.stderr).not.toMatch(/baseUrl|Invalid input/);
  });

  it('says one thing per problem, and what to give for a base URL with the API path or a query', async () => {
    const dir = dataDir();
    const add = (baseUrl: string) =>
      cli(dir, ['account', 'add', 'X', '--base-url', baseUrl, '--client-id', sb.clientId, '--username', sb.username], { secrets: secretsOf(sb) });
    const notUrl = await add('api.example');
    expect(notUrl.code).toBe(2);
    expect(notUrl.stderr.match(/--base-url/g)).toHaveLength(1);
    const withPath = await add(`${sb.baseUrl}/api/v2`);
    expect(withPath.code).toBe(2);
    expect(withPath.stderr).toContain(`give ${sb.baseUrl}`);
    const withQuery = await add(`${sb.baseUrl}/?x=1`);
    expect(withQuery.code).toBe(2);
    expect(withQuery.stderr).toMatch(/query/);
    expect(await accounts(dir)).toEqual([]);
  });

  it('says the server does not speak HTTPS, and a wrong service segment, instead of adding the account', async () => {
    const dir = dataDir();
    const https = await cli(dir, ['account', 'add', 'X', '--base-url', sb.baseUrl.replace('http:', 'https:'), '--client-id', sb.clientId, '--username', sb.username], {
      secrets: secretsOf(sb),
    });
    expect(https.code).toBe(1);
    expect(https.stderr).toMatch(/does not speak HTTPS/);
    expect(https.stderr).not.toMatch(/SSL|ssl3_get_record/);
    const segment = await addAccount(dir, sb, 'X', ['--service', 'nope']);
    expect(segment.code).toBe(1);
    expect(segment.stderr).toMatch(/answers 404 for \/api\/v2\/nope\/…: check the service segment/);
    expect(await accounts(dir)).toEqual([]);
  });

  it.skipIf(!existsSync('/usr/bin/script'))('asks for the secrets on a terminal, without showing them', async () => {
    const dir = dataDir();
    const args = ['account', 'add', 'Typed', '--base-url', sb.baseUrl, '--alt-base-url', sb.altBaseUrl, '--client-id', sb.clientId, '--username', sb.username];
    const command = [process.execPath, BIN, ...args, '--data-dir', dir].map((a) => `'${a}'`).join(' ');
    const env = { ...process.env, RESELLER_DESK_CLIENT_SECRET: '', RESELLER_DESK_PASSWORD: '' };
    const terminal = spawn('/usr/bin/script', ['-qec', command, '/dev/null'], { env });
    let output = '';
    // Each answer once its question is on the screen.
    const answers = [sb.clientSecret, sb.password];
    let answered = 0;
    terminal.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const asked = output.match(/client secret: |password: /g)?.length ?? 0;
      for (; answered < Math.min(asked, answers.length); answered++) terminal.stdin.write(`${answers[answered]}\n`);
    });
    const code = await new Promise<number | null>((resolve) => terminal.on('close', resolve));
    expect(code, output).toBe(0);
    expect(output).toMatch(/added account "Typed"/);
    expect(output).not.toContain(sb.clientSecret);
    expect(output).not.toContain(sb.password);
  });

  it('refuses a --data-dir that is a file', async () => {
    const file = join(dataDir(), 'a-file');
    writeFileSync(file, 'x');
    const run = await cli(file, ['account', 'list']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/is a file, not a folder/);
    const below = await cli(join(file, 'data'), ['account', 'list']);
    expect(below.code).toBe(2);
    expect(below.stderr).toMatch(/cannot be created \(ENOTDIR\)/);
  });
});

describe('accounts in use', () => {
  const dir = newDataDir();
  dirs.push(dir);

  beforeAll(async () => {
    expect((await addAccount(dir, sb, 'A')).code).toBe(0);
    // An edit queued as the app queues it (the CLI's own `queue` has its test elsewhere).
    const desk = await Desk.open({ dataDir: dir, vault: new MemoryVault('test'), background: false });
    await desk.call('outbox.enqueue', { kind: 'add-contact', params: A_CONTACT });
    await desk.dispose();
    expect((await addAccount(dir, sb, 'B')).code).toBe(0);
  });

  it('edits a connection only once the provider accepts it', async () => {
    const refused = await cli(dir, ['account', 'edit', 'A', '--service', 'nope'], { secrets: secretsOf(sb) });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/check the service segment/);
    expect((await accounts(dir)).find((a) => a.name === 'A')?.service).toBe('svc');
    // The sandbox's second account: other client id, user and secrets.
    const [, other] = sb.accounts;
    const edited = await cli(dir, ['account', 'edit', 'A', '--client-id', other!.clientId, '--username', other!.username], { secrets: other });
    expect(edited.code, edited.stderr).toBe(0);
    expect((await accounts(dir)).find((a) => a.name === 'A')).toMatchObject({ clientId: other!.clientId, username: other!.username });
  });

  it('uses --account for one command only; account use changes the current account', async () => {
    const status = await cli(dir, ['status', '--json', '--account', 'A']);
    expect(JSON.parse(status.stdout).account).toBe('A');
    expect((await accounts(dir)).find((a) => a.current)?.name).toBe('B');
    expect((await cli(dir, ['account', 'use', 'A'])).code).toBe(0);
    expect((await accounts(dir)).find((a) => a.current)?.name).toBe('A');
    expect((await cli(dir, ['account', 'use', 'B'])).code).toBe(0);
  });

  it('refuses to remove an account that is not open but has queued edits, naming the ways out', async () => {
    const run = await cli(dir, ['account', 'remove', 'A']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/1 queued edit/);
    expect(run.stderr).toContain('--force');
    expect(run.stderr).toContain('reseller-desk outbox discard ID');
    expect((await accounts(dir)).map((a) => a.name)).toEqual(['A', 'B']);
  });

  it('says which account is current after removing the current one', async () => {
    const run = await cli(dir, ['account', 'remove', 'B']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/the current account is now "A"/);
    expect((await accounts(dir)).map((a) => [a.name, a.current])).toEqual([['A', true]]);
  });
});
