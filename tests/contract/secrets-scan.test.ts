/**
 * The secrets scan (issue 24, suites): sign in, sync, queue and send an order with a transfer code, a contact
 * with a sub-account password and a server order with a root password, sync again, export, sign out; then look
 * for every secret in every file under the data folder (WAL and SHM included, while open and after), in every
 * export, in the engine's log and in what the command line prints. The keychain holds secrets; nothing else may.
 */
import { readdirSync, readFileSync, rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { Desk } from '../../electron/core/desk/index.js';
import { AT_REST_KEY_SECRET, MemoryVault } from '../../electron/core/vault/index.js';
import { startSandbox } from '../../sandbox/index.js';
import type { RunningSandbox } from '../../sandbox/options.js';
import { A_CONTACT, cli, NO_KEYCHAIN, secretsOf } from './cli/harness.js';
import { sandboxSecrets } from './sandbox-secrets.js';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

const TRANSFER_CODE = 'Xfer-Code-7Qm2';
const SUBACCOUNT_PASSWORD = 'Sub-Acc0unt-Pw-93';
/** The account's proxy sign-in's password (no proxy on the way here: stored, never used). */
const ACCOUNT_PROXY_PASSWORD = 'Pr0xy-Acc0unt-Pw-27';
const ROOT_PASSWORD = 'R00t-Pw-Vps-51';

let sb: RunningSandbox;
let dir: string;

beforeAll(async () => {
  sb = await startSandbox({ port: 0, altPort: 0, controlPort: 0 });
  dir = mkdtempSync(join(tmpdir(), 'secrets-scan-'));
});

afterAll(async () => {
  await sb?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Every file under `root`, with its bytes. */
function filesUnder(root: string): { name: string; bytes: Buffer }[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => ({ name: join(entry.parentPath, entry.name).slice(root.length + 1), bytes: readFileSync(join(entry.parentPath, entry.name)) }));
}

/** Where any of the secrets shows, as plain text or base64. */
function leaks(secrets: Record<string, string>, places: { name: string; bytes: Buffer }[]): string[] {
  const found: string[] = [];
  for (const [what, secret] of Object.entries(secrets)) {
    for (const form of [secret, Buffer.from(secret).toString('base64')]) {
      for (const place of places) if (place.bytes.includes(form)) found.push(`${what} in ${place.name}`);
    }
  }
  return found;
}

it('no secret in any file of the data folder, export, log or output', async () => {
  const dataDir = join(dir, 'data');
  const log: string[] = [];
  const vault = new MemoryVault('secrets-scan');
  const desk = await Desk.open({ dataDir, vault, background: false, log: (line) => log.push(line) });
  const exports: { name: string; bytes: Buffer }[] = [];
  let whileOpen: { name: string; bytes: Buffer }[];
  try {
    await desk.call('accounts.add', { name: 'Main', baseUrl: sb.baseUrl, altBaseUrl: sb.altBaseUrl, clientId: sb.clientId, username: sb.username, clientSecret: sb.clientSecret, password: sb.password, proxyUser: 'corp.desk', proxyPassword: ACCOUNT_PROXY_PASSWORD });
    // What the scan needs of the account (a full sync adds only time).
    const only = ['client', 'orders', 'contacts', 'services', 'domains'] as const;
    await desk.call('sync.run', { only: [...only] });
    const held = sb.db.prepare("SELECT domainname FROM domains WHERE userid <> 1 AND domainname LIKE '%.com' LIMIT 1").pluck().get() as string;
    const server = sb.db.prepare("SELECT pid FROM products WHERE type = 'server' LIMIT 1").pluck().get() as number;
    const gateway = sb.db.prepare('SELECT defaultgateway FROM clients WHERE id = 1').pluck().get() as string;
    await desk.call('outbox.enqueue', { kind: 'add-order', params: { domain: [held], domaintype: ['transfer'], eppcode: [TRANSFER_CODE], paymentmethod: gateway || 'paypal' } });
    await desk.call('outbox.enqueue', { kind: 'add-contact', params: { ...A_CONTACT, email: 'sub@example.com', password2: SUBACCOUNT_PASSWORD } });
    await desk.call('outbox.enqueue', {
      kind: 'add-order',
      params: { pid: [server], domain: ['scan-vps.com'], hostname: ['vps1.scan-vps.com'], ns1prefix: ['ns1'], ns2prefix: ['ns2'], rootpw: [ROOT_PASSWORD], paymentmethod: gateway || 'paypal' },
    });
    await desk.call('sync.run', { only: [...only] });
    const done = await desk.call('outbox.list', { states: ['done'] });
    expect(done, JSON.stringify(await desk.call('outbox.list'))).toHaveLength(3);
    for (const resource of ['orders', 'contacts', 'services', 'domains'] as const) {
      for (const format of ['csv', 'json'] as const) {
        exports.push({ name: `export of ${resource} (${format})`, bytes: Buffer.from((await desk.call('data.export', { resource, format })).text) });
      }
    }
    exports.push({ name: 'outbox.list', bytes: Buffer.from(JSON.stringify(await desk.call('outbox.list'))) });
    whileOpen = filesUnder(dataDir).map((f) => ({ ...f, name: `${f.name} (while open)` }));
    expect(whileOpen.map((f) => f.name)).toEqual(expect.arrayContaining(['accounts/Main/mirror.db-wal (while open)', 'accounts/Main/outbox.db-wal (while open)']));
    await desk.call('accounts.signOut', { name: 'Main' });
  } finally {
    await desk.dispose();
  }

  // The command line on the same folder (no keychain: the two secrets come from its environment).
  const outputs: { name: string; bytes: Buffer }[] = [];
  for (const args of [['status'], ['outbox', '--json'], ['export', 'contacts'], ['sync', '--only', 'orders']]) {
    const run = await cli(dataDir, args, { secrets: secretsOf(sb), env: NO_KEYCHAIN });
    outputs.push({ name: `\`${args.join(' ')}\` stdout`, bytes: Buffer.from(run.stdout) }, { name: `\`${args.join(' ')}\` stderr`, bytes: Buffer.from(run.stderr) });
  }

  const secrets: Record<string, string> = {
    ...sandboxSecrets(sb),
    'the transfer code': TRANSFER_CODE,
    "the sub-account's password": SUBACCOUNT_PASSWORD,
    'the root password': ROOT_PASSWORD,
    "the account's proxy password": ACCOUNT_PROXY_PASSWORD,
  };
  const atRestKey = await vault.get('Main', AT_REST_KEY_SECRET);
  if (atRestKey) secrets['the at-rest key'] = atRestKey;
  const places = [...whileOpen!, ...filesUnder(dataDir), ...exports, { name: 'the engine log', bytes: Buffer.from(log.join('\n')) }, ...outputs];
  console.log(`secrets scan: ${Object.keys(secrets).length} secrets looked for in ${places.length} places (files, WAL/SHM, exports, log, output)`);
  expect(leaks(secrets, places)).toEqual([]);
});
