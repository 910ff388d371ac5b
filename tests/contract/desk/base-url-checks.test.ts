/**
 * The addresses an account is given, against the sandbox over real HTTP: a user name and password inside a base
 * URL are refused and never echoed, plain http:// to another machine is refused unless the user allowed it,
 * and loopback http:// (the sandbox, a local proxy) stays allowed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Desk } from '../../../electron/core/desk/index.js';
import type { DeskError } from '../../../electron/core/desk-error.js';
import { MemoryVault } from '../../../electron/core/vault/memory-vault.js';
import { startSandbox } from '../../../sandbox/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';

const dir = mkdtempSync(join(tmpdir(), 'desk-base-url-'));
let sb: RunningSandbox;
let desk: Desk;

/** An address of this machine other than loopback (a "remote" host the sandbox also answers on), if it has one. */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

/** The sandbox's address on another host name of this machine (it listens on every interface). */
const at = (url: string, hostname: string) => Object.assign(new URL(url), { hostname }).origin;

const account = (changes: Record<string, unknown> = {}) => ({
  name: 'Main',
  baseUrl: at(sb.baseUrl, '127.0.0.1'),
  altBaseUrl: at(sb.altBaseUrl, '127.0.0.1'),
  clientId: sb.clientId,
  clientSecret: sb.clientSecret,
  username: sb.username,
  password: sb.password,
  ...changes,
});

async function failure(name: 'accounts.test' | 'accounts.add', input: Record<string, unknown>): Promise<DeskError> {
  try {
    await desk.callUnchecked(name, input);
  } catch (error) {
    return error as DeskError;
  }
  throw new Error(`expected ${name} to fail`);
}

beforeAll(async () => {
  sb = await startSandbox({ host: '0.0.0.0', port: 0, altPort: 0, controlPort: 0, db: join(dir, 'provider.db'), strict: true });
  desk = await Desk.open({ dataDir: join(dir, 'app'), vault: new MemoryVault('tests'), background: false });
});

afterAll(async () => {
  await desk?.dispose();
  await sb?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('credentials inside a base URL', () => {
  it('are refused, naming the field, and never repeated in any message', async () => {
    const plain = at(sb.baseUrl, '127.0.0.1');
    const withUserinfo = plain.replace('http://', 'http://admin:hunter2@');
    for (const name of ['accounts.test', 'accounts.add'] as const) {
      const error = await failure(name, account({ baseUrl: withUserinfo }));
      expect(error.code).toBe('invalid_input');
      expect(error.issues?.map((i) => i.field)).toEqual(['baseUrl']);
      expect(JSON.stringify(error.toJSON())).not.toMatch(/hunter2|admin/);
      expect(error.message).toContain(plain);
    }
    expect(await desk.call('accounts.list')).toEqual([]);
  });

  it('are refused in the alt base URL too', async () => {
    const alt = await failure('accounts.test', account({ altBaseUrl: at(sb.altBaseUrl, '127.0.0.1').replace('http://', 'http://u:p4ss@') }));
    expect(alt.issues?.map((i) => i.field)).toEqual(['altBaseUrl']);
    expect(JSON.stringify(alt.toJSON())).not.toContain('p4ss');
  });
});

describe('plain http:// to another machine', () => {
  it('is refused before anything is sent, naming the field and how to allow it', async () => {
    const error = await failure('accounts.add', account({ baseUrl: 'http://api.provider.example', altBaseUrl: '' }));
    expect(error.code).toBe('invalid_input');
    expect(error.issues?.map((i) => i.field)).toEqual(['baseUrl']);
    expect(error.message).toMatch(/unencrypted/);
    expect(error.message).toContain('--insecure-http');
  });

  it('is refused for the alt base URL alone as well', async () => {
    const error = await failure('accounts.test', account({ altBaseUrl: 'http://alt.provider.example' }));
    expect(error.issues?.map((i) => i.field)).toEqual(['altBaseUrl']);
  });

  it('stays allowed to this machine (loopback), as the sandbox is', async () => {
    expect(await desk.call('accounts.test', account())).toMatchObject({ email: sb.username });
    expect(await desk.call('accounts.test', account({ baseUrl: at(sb.baseUrl, 'localhost'), altBaseUrl: at(sb.altBaseUrl, 'localhost') }))).toMatchObject({
      email: sb.username,
    });
  });

  it.skipIf(!lanAddress)('is accepted once the user allows it, and the account says so', async () => {
    const plain = account({ baseUrl: at(sb.baseUrl, lanAddress!), altBaseUrl: at(sb.altBaseUrl, lanAddress!) });
    expect((await failure('accounts.add', plain)).code).toBe('invalid_input');
    const added = await desk.call('accounts.add', { ...plain, insecureHttp: true });
    expect(added).toMatchObject({ name: 'Main', insecureHttp: true });
    // Taking the permission back while the address is still plain HTTP is refused, naming the address.
    const edit = await failure('accounts.edit' as 'accounts.add', { name: 'Main', insecureHttp: false });
    expect(edit.issues?.map((i) => i.field).sort()).toEqual(['altBaseUrl', 'baseUrl']);
  });
});
