/**
 * The log file and the diagnostics bundle (issue 36.4): every secret the app knows of planted where it can live
 * (the client secret, the password, access and refresh tokens, a transfer code, a sub-account password in a
 * queued add-contact, a root password, an EPP code the provider gave, URL credentials in the proxy variables),
 * the log at its most talkative; then the bundle written by the engine and by `reseller-desk diagnostics --out`
 * as a process holds what it promises and none of them, and neither does the log file.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { Desk } from '../../electron/core/desk/index.js';
import { MemoryVault } from '../../electron/core/vault/index.js';
import { startSandbox } from '../../sandbox/index.js';
import type { RunningSandbox } from '../../sandbox/options.js';
import { A_CONTACT, cli, NO_KEYCHAIN, secretsOf } from './cli/harness.js';
import { startProxy, type TestProxy } from './network/network-fixtures.js';
import { sandboxSecrets } from './sandbox-secrets.js';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

const TRANSFER_CODE = 'Xfer-Code-Diag-7Qm2';
const SUBACCOUNT_PASSWORD = 'Sub-Acc0unt-Diag-93';
const QUEUED_SUBACCOUNT_PASSWORD = 'Queued-Sub-Pw-Diag-17';
/** The account's proxy sign-in's password (no proxy on the way here: stored, never used). */
const ACCOUNT_PROXY_PASSWORD = 'Pr0xy-Acc0unt-Pw-27';
const ROOT_PASSWORD = 'R00t-Pw-Diag-51';
const EPP_CODE = 'Epp-Code-Diag-88';
const PROXY_PASSWORD = 'Proxy-Url-Pw-Diag-64';

let sb: RunningSandbox;
let refusing: TestProxy;
let dir: string;

beforeAll(async () => {
  sb = await startSandbox({ port: 0, altPort: 0, controlPort: 0 });
  refusing = await startProxy({ status: 403, text: 'Forbidden' });
  dir = mkdtempSync(join(tmpdir(), 'diagnostics-'));
});

afterAll(async () => {
  await Promise.all([sb?.stop(), refusing?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

/** Each of the secrets found in `text`, as it is or in base64. */
function leaks(secrets: Record<string, string>, places: Record<string, string>): string[] {
  return Object.entries(secrets).flatMap(([what, secret]) =>
    Object.entries(places)
      .filter(([, text]) => text.includes(secret) || text.includes(Buffer.from(secret).toString('base64')))
      .map(([place]) => `${what} in ${place}`),
  );
}

it('the bundle holds versions, settings, accounts, file health, sync runs, the outbox and the log, and no secret; nor does the log file', async () => {
  const dataDir = join(dir, 'data');
  const desk = await Desk.open({ dataDir, vault: new MemoryVault('diagnostics'), background: false, log: () => undefined });
  let inProcess: string;
  try {
    await desk.call('settings.set', { logLevel: 'debug' });
    await desk.call('accounts.add', { name: 'Main', baseUrl: sb.baseUrl, altBaseUrl: sb.altBaseUrl, clientId: sb.clientId, username: sb.username, clientSecret: sb.clientSecret, password: sb.password, proxyUser: 'corp.desk', proxyPassword: ACCOUNT_PROXY_PASSWORD });
    const only = ['client', 'orders', 'contacts', 'services', 'domains'] as const;
    await desk.call('sync.run', { only: [...only] });
    const held = sb.db.prepare("SELECT domainname FROM domains WHERE userid <> 1 AND domainname LIKE '%.com' LIMIT 1").pluck().get() as string;
    const own = sb.db.prepare('SELECT id FROM domains WHERE userid = 1 LIMIT 1').pluck().get() as number;
    sb.db.prepare('UPDATE domains SET eppcode = ?, registrar_error = NULL WHERE id = ?').run(EPP_CODE, own);
    const server = sb.db.prepare("SELECT pid FROM products WHERE type = 'server' LIMIT 1").pluck().get() as number;
    const gateway = (sb.db.prepare('SELECT defaultgateway FROM clients WHERE id = 1').pluck().get() as string) || 'paypal';
    await desk.call('outbox.enqueue', { kind: 'add-order', params: { domain: [held], domaintype: ['transfer'], eppcode: [TRANSFER_CODE], paymentmethod: gateway } });
    await desk.call('outbox.enqueue', { kind: 'add-contact', params: { ...A_CONTACT, email: 'sub@example.com', password2: SUBACCOUNT_PASSWORD } });
    await desk.call('outbox.enqueue', {
      kind: 'add-order',
      params: { pid: [server], domain: ['diag-vps.com'], hostname: ['vps1.diag-vps.com'], ns1prefix: ['ns1'], ns2prefix: ['ns2'], rootpw: [ROOT_PASSWORD], paymentmethod: gateway },
    });
    await desk.call('outbox.enqueue', { kind: 'domain-request-epp', params: { domainid: own } });
    await desk.call('sync.run', { only: [...only] });
    expect(await desk.call('outbox.list', { states: ['done'] })).toHaveLength(4);
    // One left queued: the bundle lists it by its field names.
    await desk.call('outbox.enqueue', { kind: 'add-contact', params: { ...A_CONTACT, email: 'queued@example.com', password2: QUEUED_SUBACCOUNT_PASSWORD } });
    inProcess = desk.diagnostics({ app: '9.9.9', electron: null });
  } finally {
    await desk.dispose();
  }

  const bundle = JSON.parse(inProcess) as Record<string, any>;
  expect(bundle.versions).toMatchObject({ app: '9.9.9', electron: null, node: process.versions.node });
  expect(bundle.versions.sqlite).toMatch(/^3\.\d+\.\d+$/);
  expect(bundle.settings.logLevel).toBe('debug');
  expect(bundle.accounts).toEqual([expect.objectContaining({ name: 'Main', baseUrl: sb.baseUrl, caFile: '', current: true, files: { mirror: 'ok', outbox: 'ok' } })]);
  expect(bundle.open.account).toBe('Main');
  expect(bundle.open.syncRuns.map((run: { outcome: string }) => run.outcome)).toEqual(['ok', 'ok']);
  expect(bundle.open.outbox.counts).toEqual(
    expect.arrayContaining([
      { kind: 'add-order', state: 'done', entries: 2 },
      { kind: 'add-contact', state: 'done', entries: 1 },
      { kind: 'add-contact', state: 'queued', entries: 1 },
      { kind: 'domain-request-epp', state: 'done', entries: 1 },
    ]),
  );
  expect(bundle.open.outbox.unsettled).toEqual([expect.objectContaining({ kind: 'add-contact', state: 'queued', fields: expect.arrayContaining(['email', 'password2']) })]);
  expect(bundle.log.lines.some((line: string) => / INFO  sync \d+ of "Main" \(demand\): ok, \d+ change/.test(line)), bundle.log.lines.join('\n')).toBe(true);

  // The command line through a proxy named with a password, which refuses: the failure is logged; then the bundle.
  const viaProxy = { ...NO_KEYCHAIN, HTTP_PROXY: refusing.url.replace('http://', `http://diag:${PROXY_PASSWORD}@`), NO_PROXY: '' };
  const synced = await cli(dataDir, ['sync', '--only', 'orders'], { secrets: secretsOf(sb), env: viaProxy });
  expect(synced.code).not.toBe(0);
  expect(refusing.tunnels.length).toBeGreaterThan(0);
  const out = join(dir, 'bundle.json');
  const written = await cli(dataDir, ['diagnostics', '--out', out], { env: viaProxy });
  expect(written.code).toBe(0);
  const fromCli = readFileSync(out, 'utf8');
  expect(JSON.parse(fromCli).versions.app).toMatch(/^\d+\.\d+\.\d+/);
  expect(fromCli).toContain('the proxy http://127.0.0.1');

  const logs = join(dataDir, 'logs');
  expect(existsSync(join(logs, 'reseller-desk.log'))).toBe(true);
  const logFiles = Object.fromEntries(readdirSync(logs).map((name) => [`logs/${name}`, readFileSync(join(logs, name), 'utf8')]));
  const secrets: Record<string, string> = {
    ...sandboxSecrets(sb),
    'the transfer code': TRANSFER_CODE,
    "the sub-account's password": SUBACCOUNT_PASSWORD,
    "the queued sub-account's password": QUEUED_SUBACCOUNT_PASSWORD,
    'the root password': ROOT_PASSWORD,
    "the account's proxy password": ACCOUNT_PROXY_PASSWORD,
    'the EPP code': EPP_CODE,
    "the proxy URL's password": PROXY_PASSWORD,
  };
  const places = { 'the bundle (engine)': inProcess, 'the bundle (command line)': fromCli, ...logFiles, 'the command line output': synced.stdout + synced.stderr + written.stdout + written.stderr };
  console.log(`diagnostics scan: ${Object.keys(secrets).length} secrets looked for in ${Object.keys(places).length} places`);
  expect(leaks(secrets, places)).toEqual([]);
});
