/**
 * The person's network (issue 36.3), over real HTTP: a CONNECT proxy in front of the sandbox that every request
 * passes (the system's answer in the engine, HTTPS_PROXY / HTTP_PROXY in the command line as a process, NO_PROXY
 * honoured), one that refuses, a SOCKS5 proxy (the system's SOCKS5 entry; one that refuses; one that asks for a
 * sign-in, given in the proxy's address or not), and a sandbox served over TLS with a CA of its own: trusted once the account names
 * the CA's file, refused in words without it or with another CA.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { WebServerFrame } from '../../../shared/bridge.js';
import { PROXY_PASSWORD_SECRET } from '../../../electron/core/api/index.js';
import { Desk } from '../../../electron/core/desk/index.js';
import type { DeskError } from '../../../electron/core/desk-error.js';
import { systemProxy } from '../../../electron/core/network/proxy-route.js';
import { MemoryVault } from '../../../electron/core/vault/memory-vault.js';
import { startSandbox } from '../../../sandbox/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { cli, newDataDir, secretsOf } from '../cli/harness.js';
import { makeCa, startProxy, startSocksProxy, type TestCa, type TestProxy } from './network-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'network-'));
let sb: RunningSandbox;
let tlsSb: RunningSandbox;
let proxy: TestProxy;
let refusing: TestProxy;
let socks: TestProxy;
let socksRefusing: TestProxy;
let socksSignIn: TestProxy;
let ca: TestCa;
let otherCa: TestCa;
const desks: Desk[] = [];

/** A Desk whose system proxy settings answer `pac` for every address (as Electron's resolveProxy would). */
async function deskBehind(pac: string, vault = new MemoryVault('tests'), dataDir = mkdtempSync(join(dir, 'app-'))): Promise<Desk> {
  const desk = await Desk.open({ dataDir, vault, background: false, proxy: systemProxy(async () => pac) });
  desks.push(desk);
  return desk;
}

const account = (on: RunningSandbox, extra: Record<string, unknown> = {}) => ({
  name: 'Main',
  baseUrl: on.baseUrl,
  altBaseUrl: on.altBaseUrl,
  clientId: on.clientId,
  clientSecret: on.clientSecret,
  username: on.username,
  password: on.password,
  ...extra,
});

async function failure(desk: Desk, input: Record<string, unknown>): Promise<DeskError> {
  try {
    await desk.callUnchecked('accounts.test', input);
  } catch (error) {
    return error as DeskError;
  }
  throw new Error('expected the check to fail');
}

const portOf = (url: string) => new URL(url).port;

beforeAll(async () => {
  ca = makeCa('inspecting');
  otherCa = makeCa('other');
  sb = await startSandbox({ port: 0, altPort: 0, controlPort: 0 });
  tlsSb = await startSandbox({ port: 0, altPort: 0, controlPort: 0, tls: { cert: ca.cert, key: ca.key } });
  proxy = await startProxy();
  refusing = await startProxy({ status: 403, text: 'Forbidden' });
  socks = await startSocksProxy();
  socksRefusing = await startSocksProxy({ refuse: 2 });
  socksSignIn = await startSocksProxy({ signIn: { user: 'desk', password: 's3cret' } });
});

afterAll(async () => {
  for (const desk of desks) await desk.dispose();
  await Promise.all([sb?.stop(), tlsSb?.stop(), ...[proxy, refusing, socks, socksRefusing, socksSignIn].map((p) => p?.close())]);
  rmSync(dir, { recursive: true, force: true });
});

describe('a proxy in front of the provider', () => {
  it('the check goes through the system proxy, says so, and every request passed it', async () => {
    const desk = await deskBehind(`PROXY ${new URL(proxy.url).host}; DIRECT`);
    proxy.tunnels.length = 0;
    const result = await desk.callUnchecked('accounts.test', account(sb));
    expect(result.proxy).toEqual({ url: proxy.url, source: 'system' });
    // The token, the service operation (base) and the alt operation: each through a tunnel to its own listener.
    expect(new Set(proxy.tunnels)).toEqual(new Set([`127.0.0.1:${portOf(sb.baseUrl)}`, `127.0.0.1:${portOf(sb.altBaseUrl)}`]));
  });

  it('a proxy that refuses the tunnel is named, with its answer, and the provider hears nothing', async () => {
    const desk = await deskBehind(`PROXY ${new URL(refusing.url).host}`);
    sb.resetRequestCounts();
    const error = await failure(desk, account(sb));
    expect(error.code).toBe('offline');
    expect(error.message).toBe(
      `The proxy ${refusing.url} refused the connection to 127.0.0.1:${portOf(sb.baseUrl)}: it answers HTTP 403 Forbidden: check the proxy settings, or ask whoever runs the proxy.`,
    );
    expect(sb.requestCounts()).toEqual({});
  });

  it('a proxy that cannot be reached is named as the way the check tried', async () => {
    const desk = await deskBehind('PROXY 127.0.0.1:9');
    const error = await failure(desk, account(sb));
    expect(error.message).toBe(`${sb.baseUrl} cannot be reached through the proxy http://127.0.0.1:9 (set in the system's proxy settings): check the proxy settings and your network.`);
  });

  it('the command line goes through HTTP_PROXY, and straight to the hosts NO_PROXY lists', async () => {
    const args = () => [
      'account', 'add', 'Main', '--base-url', sb.baseUrl, '--alt-base-url', sb.altBaseUrl, '--client-id', sb.clientId, '--username', sb.username,
    ];
    proxy.tunnels.length = 0;
    const through = newDataDir();
    const added = await cli(through, args(), { secrets: secretsOf(sb), env: { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, NO_PROXY: '' } });
    expect(added.code).toBe(0);
    const synced = await cli(through, ['sync'], { secrets: secretsOf(sb), env: { HTTP_PROXY: proxy.url, NO_PROXY: '' } });
    expect(synced.code).toBe(0);
    const viaProxy = proxy.tunnels.length;
    expect(viaProxy).toBeGreaterThanOrEqual(4);
    expect(new Set(proxy.tunnels)).toEqual(new Set([`127.0.0.1:${portOf(sb.baseUrl)}`, `127.0.0.1:${portOf(sb.altBaseUrl)}`]));

    const direct = newDataDir();
    refusing.tunnels.length = 0;
    const bypassed = await cli(direct, args(), { secrets: secretsOf(sb), env: { HTTP_PROXY: refusing.url, no_proxy: '', NO_PROXY: '127.0.0.1' } });
    expect(bypassed.code).toBe(0);
    expect(refusing.tunnels).toEqual([]);
    rmSync(through, { recursive: true, force: true });
    rmSync(direct, { recursive: true, force: true });
  });

  it('the web host, as a process, goes through HTTPS_PROXY / HTTP_PROXY and its check says so', async () => {
    const web = spawn(process.execPath, ['bin/reseller-desk-web.js', '--port', '0', '--json', '--data-dir', mkdtempSync(join(dir, 'web-'))], {
      cwd: resolve(import.meta.dirname, '../../..'),
      env: { ...process.env, HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, NO_PROXY: '', no_proxy: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const line = await new Promise<string>((done) => createInterface({ input: web.stdout }).once('line', done));
      const page = new URL((JSON.parse(line) as { url: string }).url);
      const ws = new WebSocket(`ws://${page.host}/ws?token=${page.searchParams.get('token')}`, { headers: { origin: page.origin } });
      const frames: WebServerFrame[] = [];
      ws.on('message', (data) => frames.push(JSON.parse(String(data)) as WebServerFrame));
      await new Promise((open) => ws.once('open', open));
      proxy.tunnels.length = 0;
      ws.send(JSON.stringify({ type: 'call', id: 1, name: 'accounts.test', input: account(sb) }));
      await expect.poll(() => frames.find((f) => f.type === 'reply' && f.id === 1), { timeout: 30_000 }).toBeTruthy();
      const reply = (frames.find((f) => f.type === 'reply' && f.id === 1) as Extract<WebServerFrame, { type: 'reply' }>).reply;
      expect(reply).toMatchObject({ ok: true, value: { proxy: { url: proxy.url, source: 'environment' } } });
      expect(proxy.tunnels).toContain(`127.0.0.1:${portOf(sb.baseUrl)}`);
      ws.close();
    } finally {
      web.kill('SIGTERM');
    }
  }, 180_000);
});

describe('a SOCKS proxy in front of the provider', () => {
  /** A Desk whose proxy is `url` for every address, as HTTPS_PROXY or ALL_PROXY would name it. */
  async function deskThrough(url: string): Promise<Desk> {
    const desk = await Desk.open({ dataDir: mkdtempSync(join(dir, 'app-')), vault: new MemoryVault('tests'), background: false, proxy: async () => ({ proxy: url, source: 'environment' }) });
    desks.push(desk);
    return desk;
  }
  const hostOf = (url: string) => new URL(url).host;

  it("the check goes through the system's SOCKS5 entry, says so, and every request passed it, to a provider over TLS too", async () => {
    const desk = await deskBehind(`SOCKS5 ${hostOf(socks.url)}; DIRECT`);
    socks.tunnels.length = 0;
    const result = await desk.callUnchecked('accounts.test', account(sb));
    expect(result.proxy).toEqual({ url: `socks5h://${hostOf(socks.url)}`, source: 'system' });
    expect(new Set(socks.tunnels)).toEqual(new Set([`127.0.0.1:${portOf(sb.baseUrl)}`, `127.0.0.1:${portOf(sb.altBaseUrl)}`]));
    await expect(desk.callUnchecked('accounts.test', account(tlsSb, { caFile: ca.caFile }))).resolves.toMatchObject({ email: tlsSb.username });
    expect(socks.tunnels).toContain(`127.0.0.1:${portOf(tlsSb.baseUrl)}`);
  });

  it('a SOCKS proxy that refuses is named, with its answer in words, and the provider hears nothing', async () => {
    const desk = await deskBehind(`SOCKS5 ${hostOf(socksRefusing.url)}`);
    sb.resetRequestCounts();
    const error = await failure(desk, account(sb));
    expect(error.code).toBe('offline');
    expect(error.message).toBe(
      `The proxy socks5h://${hostOf(socksRefusing.url)} refused the connection to 127.0.0.1:${portOf(sb.baseUrl)}: it does not allow connections there: check the proxy settings, or ask whoever runs the proxy.`,
    );
    expect(sb.requestCounts()).toEqual({});
  });

  it('a SOCKS proxy that asks for a sign-in takes the one in its address; without it, or with a wrong one, it is said in words', async () => {
    const at = hostOf(socksSignIn.url);
    const without = await failure(await deskThrough(`socks5://${at}`), account(sb));
    expect(without.message).toBe(`The proxy socks5://${at} refused the connection to 127.0.0.1:${portOf(sb.baseUrl)}: it asks for a user name and password, which the app does not give it: give its user name and password as the account's proxy sign-in.`);
    expect(without.issues?.map((i) => i.field)).toEqual(['proxyUser']);
    const wrong = await failure(await deskThrough(`socks5://desk:nope@${at}`), account(sb));
    expect(wrong.message).toContain('it refused the user name and password in its address');
    expect(wrong.message).not.toContain('nope');
    socksSignIn.tunnels.length = 0;
    const result = await (await deskThrough(`socks5://desk:s3cret@${at}`)).callUnchecked('accounts.test', account(sb));
    expect(result.email).toBe(sb.username);
    expect(JSON.stringify(result)).not.toContain('s3cret');
    expect(socksSignIn.tunnels).toContain(`127.0.0.1:${portOf(sb.baseUrl)}`);
  });

  it("a SOCKS proxy that asks for a sign-in takes the account's; a wrong one is said in words; the address's own wins", async () => {
    const at = hostOf(socksSignIn.url);
    const desk = await deskBehind(`SOCKS5 ${at}`);
    socksSignIn.tunnels.length = 0;
    await expect(desk.callUnchecked('accounts.test', account(sb, { proxyUser: 'desk', proxyPassword: 's3cret' }))).resolves.toMatchObject({ email: sb.username });
    expect(socksSignIn.tunnels).toContain(`127.0.0.1:${portOf(sb.baseUrl)}`);
    const wrong = await failure(desk, account(sb, { proxyUser: 'desk', proxyPassword: 'n0pe-pw' }));
    expect(wrong.message).toBe(
      `The proxy socks5h://${at} refused the connection to 127.0.0.1:${portOf(sb.baseUrl)}: it refused the user name and password of the account's proxy sign-in: check the proxy user name and password.`,
    );
    expect(wrong.issues?.map((i) => i.field)).toEqual(['proxyPassword']);
    const own = await deskThrough(`socks5://desk:s3cret@${at}`);
    await expect(own.callUnchecked('accounts.test', account(sb, { proxyUser: 'desk', proxyPassword: 'n0pe-pw' }))).resolves.toMatchObject({ email: sb.username });
  });
});

describe("an HTTP proxy that asks for a sign-in, and the account's proxy sign-in", () => {
  const SIGN_IN = { user: 'corp.desk', password: 'Pr0xy-Pa55-71' };
  const HEADER = `Basic ${Buffer.from(`${SIGN_IN.user}:${SIGN_IN.password}`).toString('base64')}`;
  let basic: TestProxy;
  let negotiate: TestProxy;
  beforeAll(async () => {
    basic = await startProxy(undefined, { scheme: 'Basic', ...SIGN_IN });
    negotiate = await startProxy(undefined, { scheme: 'Negotiate', ...SIGN_IN });
  });
  afterAll(() => Promise.all([basic?.close(), negotiate?.close()]));
  const signIn = (password = SIGN_IN.password) => ({ proxyUser: SIGN_IN.user, proxyPassword: password });
  /** Every file under `root`, read as text. */
  const filesUnder = (root: string) =>
    readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => readFileSync(join(e.parentPath, e.name)).toString('latin1'));

  it('without a sign-in, or with a wrong password, the check is refused in words at the field, and the provider hears nothing', async () => {
    const desk = await deskBehind(`PROXY ${new URL(basic.url).host}`);
    sb.resetRequestCounts();
    const without = await failure(desk, account(sb));
    expect(without.message).toBe(
      `The proxy ${basic.url} refused the connection to 127.0.0.1:${portOf(sb.baseUrl)}: it asks for a user name and password, which the app does not give it: give its user name and password as the account's proxy sign-in.`,
    );
    expect(without.issues?.map((i) => i.field)).toEqual(['proxyUser']);
    const wrong = await failure(desk, account(sb, signIn('Wr0ng-Pa55')));
    expect(wrong.message).toBe(
      `The proxy ${basic.url} refused the connection to 127.0.0.1:${portOf(sb.baseUrl)}: it refused the user name and password of the account's proxy sign-in: check the proxy user name and password.`,
    );
    expect(wrong.issues?.map((i) => i.field)).toEqual(['proxyPassword']);
    expect(JSON.stringify({ message: wrong.message, issues: wrong.issues, facts: wrong.facts })).not.toContain('Wr0ng-Pa55');
    expect(sb.requestCounts()).toEqual({});
  });

  it('with the right one the check passes, every tunnel carried it, and accounts.add keeps the password in the vault alone', async () => {
    const vault = new MemoryVault('tests');
    const dataDir = mkdtempSync(join(dir, 'app-'));
    const desk = await deskBehind(`PROXY ${new URL(basic.url).host}`, vault, dataDir);
    basic.authorizations.length = 0;
    const result = await desk.callUnchecked('accounts.test', account(sb, signIn()));
    expect(result.proxy).toEqual({ url: basic.url, source: 'system' });
    // Each tunnel (one to the base URL, one to the alt): asked without a sign-in, answered 407, asked again with it.
    expect(basic.authorizations.filter((a) => a === HEADER).length).toBeGreaterThanOrEqual(2);
    expect(basic.authorizations.every((a, i) => (a === null ? basic.authorizations[i + 1] === HEADER : a === HEADER))).toBe(true);

    const added = await desk.callUnchecked('accounts.add', account(sb, signIn()));
    expect(added).toMatchObject({ name: 'Main', proxyUser: SIGN_IN.user });
    expect(JSON.stringify(added)).not.toContain(SIGN_IN.password);
    expect(JSON.stringify(await desk.callUnchecked('accounts.list', undefined))).not.toContain(SIGN_IN.password);
    expect(await vault.get('Main', PROXY_PASSWORD_SECRET)).toBe(SIGN_IN.password);
    // The opened account's client takes it from the vault: a sync goes through the proxy too.
    basic.authorizations.length = 0;
    await desk.callUnchecked('sync.run', { only: ['client'] });
    expect(basic.authorizations).toContain(HEADER);
    // An edit that leaves the password out keeps it.
    await desk.callUnchecked('accounts.edit', { name: 'Main', proxyUser: SIGN_IN.user });
    expect(await vault.get('Main', PROXY_PASSWORD_SECRET)).toBe(SIGN_IN.password);
    await desk.dispose();
    for (const text of filesUnder(dataDir)) expect(text.includes(SIGN_IN.password) || text.includes(Buffer.from(SIGN_IN.password).toString('base64'))).toBe(false);
    // Removing the account removes its proxy password.
    const again = await deskBehind(`PROXY ${new URL(basic.url).host}`, vault, dataDir);
    await again.callUnchecked('accounts.remove', { name: 'Main' });
    expect(await vault.get('Main', PROXY_PASSWORD_SECRET)).toBeNull();
  });

  it('a proxy that asks for Negotiate is refused in words: the app cannot give that sign-in', async () => {
    const desk = await deskBehind(`PROXY ${new URL(negotiate.url).host}`);
    const error = await failure(desk, account(sb, signIn()));
    expect(error.message).toBe(
      `The proxy ${negotiate.url} refused the connection to 127.0.0.1:${portOf(sb.baseUrl)}: it asks for a Negotiate sign-in, which the app cannot give: give the proxy's address with a user name and password it accepts, or ask whoever runs it.`,
    );
    expect(error.issues?.map((i) => i.field)).toEqual(['proxyPassword']);
  });

  it('the command line signs in with --proxy-user and RESELLER_DESK_PROXY_PASSWORD, and says which is missing', async () => {
    const args = (...more: string[]) => [
      'account', 'add', 'Main', '--base-url', sb.baseUrl, '--alt-base-url', sb.altBaseUrl, '--client-id', sb.clientId, '--username', sb.username, ...more,
    ];
    const env = { HTTP_PROXY: basic.url, HTTPS_PROXY: basic.url, NO_PROXY: '' };
    const without = newDataDir();
    const refused = await cli(without, args(), { secrets: secretsOf(sb), env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("it asks for a user name and password, which the app does not give it: give its user name and password as the account's proxy sign-in");
    const signedIn = newDataDir();
    basic.authorizations.length = 0;
    const added = await cli(signedIn, args('--proxy-user', SIGN_IN.user), { secrets: secretsOf(sb), env: { ...env, RESELLER_DESK_PROXY_PASSWORD: SIGN_IN.password } });
    expect(added.code, added.stderr).toBe(0);
    expect(basic.authorizations).toContain(HEADER);
    expect(`${added.stdout}${added.stderr}`).not.toContain(SIGN_IN.password);
    rmSync(without, { recursive: true, force: true });
    rmSync(signedIn, { recursive: true, force: true });
  });
});

describe('a provider (or a proxy) with a certificate of its own authority', () => {
  it("is refused in words while the account names no CA, and trusted once it names the authority's PEM file, through the proxy too", async () => {
    const desk = await deskBehind('DIRECT');
    const refused = await failure(desk, account(tlsSb));
    expect(refused.code).toBe('offline');
    expect(refused.message).toMatch(/^https:\/\/127\.0\.0\.1:\d+ was reached, but its certificate was refused: (it is signed by an authority this app does not trust|the authority that signed it is not one this app trusts)/);
    expect(refused.message).toContain("If a proxy or firewall inspects this computer's connections, name its CA certificate in the account's settings.");
    expect(refused.issues?.map((i) => i.field)).toEqual(['baseUrl']);

    await expect(desk.callUnchecked('accounts.test', account(tlsSb, { caFile: ca.caFile }))).resolves.toMatchObject({ email: tlsSb.username, proxy: null });

    const behind = await deskBehind(`PROXY ${new URL(proxy.url).host}`);
    proxy.tunnels.length = 0;
    await expect(behind.callUnchecked('accounts.test', account(tlsSb, { caFile: ca.caFile }))).resolves.toMatchObject({ proxy: { url: proxy.url, source: 'system' } });
    expect(proxy.tunnels).toContain(`127.0.0.1:${portOf(tlsSb.baseUrl)}`);
  });

  it('another CA is refused, naming its file', async () => {
    const desk = await deskBehind('DIRECT');
    const refused = await failure(desk, account(tlsSb, { caFile: otherCa.caFile }));
    expect(refused.message).toMatch(/its certificate was refused: .+\. The CA certificate in .+ca\.pem is not the one that signed it\.$/);
    expect(refused.issues?.map((i) => i.field)).toEqual(['caFile']);
  });

  it('a CA file that is not a PEM certificate, or is missing, is refused before anything is sent', async () => {
    const desk = await deskBehind('DIRECT');
    const notPem = join(dir, 'not-a-cert.pem');
    writeFileSync(notPem, 'hello\n');
    tlsSb.resetRequestCounts();
    const garbage = await failure(desk, account(tlsSb, { caFile: notPem }));
    expect(garbage.code).toBe('invalid_input');
    expect(garbage.issues).toEqual([{ field: 'caFile', message: `${notPem} holds no PEM certificate (a block from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----)` }]);
    const missing = await failure(desk, account(tlsSb, { caFile: join(dir, 'nowhere.pem') }));
    expect(missing.issues).toEqual([{ field: 'caFile', message: `${join(dir, 'nowhere.pem')} does not exist` }]);
    expect(tlsSb.requestCounts()).toEqual({});
  });
});
