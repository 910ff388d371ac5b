/**
 * accounts.test against the sandbox over real HTTP: each kind of wrong input fails with the field to correct
 * named in the error's issues, a good account passes, and nothing is stored either way.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorWords } from '../../../shared/error-words.js';
import { Desk } from '../../../electron/core/desk/index.js';
import type { DeskError } from '../../../electron/core/desk-error.js';
import { MemoryVault } from '../../../electron/core/vault/memory-vault.js';
import { startSandbox } from '../../../sandbox/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';

const dir = mkdtempSync(join(tmpdir(), 'desk-connection-'));
const vault = new MemoryVault('tests');
let sb: RunningSandbox;
let desk: Desk;
/** Answers every request with a web page: an address that is not the provider's API. */
let webPage: Server;
let webPageUrl: string;

const account = () => ({
  name: 'Main',
  baseUrl: sb.baseUrl,
  altBaseUrl: sb.altBaseUrl,
  clientId: sb.clientId,
  clientSecret: sb.clientSecret,
  username: sb.username,
  password: sb.password,
});

async function failure(input: Record<string, unknown>): Promise<DeskError> {
  try {
    await desk.callUnchecked('accounts.test', input);
  } catch (error) {
    return error as DeskError;
  }
  throw new Error('expected the check to fail');
}

const fields = (error: DeskError) => (error.issues ?? []).map((i) => i.field).sort();

beforeAll(async () => {
  sb = await startSandbox({ port: 0, altPort: 0, controlPort: 0, db: join(dir, 'provider.db'), strict: true });
  desk = await Desk.open({ dataDir: join(dir, 'app'), vault, background: false });
  webPage = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Welcome</body></html>'));
  await new Promise<void>((resolve) => webPage.listen(0, '127.0.0.1', resolve));
  webPageUrl = `http://127.0.0.1:${(webPage.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await desk?.dispose();
  await sb?.stop();
  await new Promise((resolve) => webPage?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('accounts.test', () => {
  it('names the account holder of a good account and stores nothing', async () => {
    const found = await desk.call('accounts.test', account());
    expect(found.email).toBe(sb.username);
    expect(found.clientName).not.toBe('');
    expect(await desk.call('accounts.list')).toEqual([]);
    expect(await vault.get('Main', 'password')).toBeNull();
  });

  it('puts a wrong password on the password field', async () => {
    const error = await failure({ ...account(), password: 'not-the-password' });
    expect(error.code).toBe('auth');
    expect(fields(error)).toEqual(['password']);
  });

  it('puts a wrong client secret on the client id and secret', async () => {
    const error = await failure({ ...account(), clientSecret: 'not-the-secret' });
    expect(error.code).toBe('auth');
    expect(fields(error)).toEqual(['clientId', 'clientSecret']);
  });

  it('puts an address nobody answers on the base URL', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure({ ...account(), baseUrl: `http://127.0.0.1:${port}` });
    expect(error.code).toBe('offline');
    expect(fields(error)).toEqual(['baseUrl']);
    // Said from its facts, with the address; the socket's words stay in the details, not in the sentence.
    expect(error.message).not.toMatch(/ECONNREFUSED/);
    expect(errorWords(error.facts!)).toEqual({ key: 'refusedConnection', params: { host: '127.0.0.1' } });
  });

  it('says an address no server answers at (no such host) in words, with the host', async () => {
    const error = await failure({ ...account(), baseUrl: 'https://api.example.invalid' });
    expect(error.code).toBe('offline');
    expect(fields(error)).toEqual(['baseUrl']);
    expect(error.message).not.toMatch(/ENOTFOUND|EAI_AGAIN|getaddrinfo/);
    expect(errorWords(error.facts!)).toEqual({ key: 'noServer', params: { host: 'api.example.invalid' } });
  });

  it('puts a segment that answers 404 on the service segment', async () => {
    const error = await failure({ ...account(), service: 'not-svc' });
    expect(fields(error)).toEqual(['service']);
    expect(error.message).toMatch(/404/);
  });

  it('puts an address that answers 404 on the base URL', async () => {
    const error = await failure({ ...account(), baseUrl: `${sb.baseUrl}/elsewhere` });
    expect(fields(error)).toEqual(['baseUrl']);
    expect(error.message).toMatch(/404/);
  });

  it('puts an address that answers something other than the API on that address', async () => {
    expect(fields(await failure({ ...account(), baseUrl: webPageUrl }))).toEqual(['baseUrl']);
    expect(fields(await failure({ ...account(), altBaseUrl: webPageUrl }))).toEqual(['altBaseUrl']);
  });

  it('says the alt base URL is needed when it is left empty and the base URL does not publish the alt operations', async () => {
    const message = /the alt base URL is needed for transactions, tickets, departments and contact updates/;
    const error = await failure({ ...account(), altBaseUrl: '' });
    expect(fields(error)).toEqual(['altBaseUrl']);
    expect(error.message).toMatch(message);
    // Adding the account checks it the same way, and stores nothing.
    await expect(desk.call('accounts.add', { ...account(), name: 'No alt', altBaseUrl: '' })).rejects.toMatchObject({ message: expect.stringMatching(message) });
    expect((await desk.call('accounts.list')).map((a) => a.name)).not.toContain('No alt');
  });

  it('names a taken account name before asking the provider', async () => {
    await desk.call('accounts.add', account());
    const error = await failure(account());
    expect(error.code).toBe('refused');
    expect(fields(error)).toEqual(['name']);
  });
});
