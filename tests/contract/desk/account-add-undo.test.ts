/**
 * An add that is refused or cut short leaves the keychain as it was (issue 35.11), also when the secrets came from
 * the environment (the CLI's RESELLER_DESK_CLIENT_SECRET / RESELLER_DESK_PASSWORD): those are never written.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SECRETS, CLIENT_SECRET_SECRET, PASSWORD_SECRET, REFRESH_TOKEN_SECRET } from '../../../electron/core/api/index.js';
import { accountPaths } from '../../../electron/core/data-dir.js';
import { Desk } from '../../../electron/core/desk/index.js';
import { EnvOverlayVault } from '../../../electron/core/vault/env-vault.js';
import { AT_REST_KEY_SECRET } from '../../../electron/core/vault/index.js';
import { MemoryVault } from '../../../electron/core/vault/memory-vault.js';
import { startSandbox } from '../../../sandbox/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';

const SECRETS = [...ACCOUNT_SECRETS, AT_REST_KEY_SECRET];
const dir = mkdtempSync(join(tmpdir(), 'desk-add-undo-'));
let sb: RunningSandbox;

beforeAll(async () => {
  sb = await startSandbox({ port: 0, altPort: 0, controlPort: 0, db: join(dir, 'provider.db') });
});
afterAll(async () => {
  await sb?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A Desk on a keychain (memory here) seen through the environment's secrets, as the CLI opens it. */
async function deskWithEnvironment(name: string, env: { clientSecret: string; password: string }) {
  const keychain = new MemoryVault('tests');
  const vault = new EnvOverlayVault(keychain, { [CLIENT_SECRET_SECRET]: env.clientSecret, [PASSWORD_SECRET]: env.password });
  const dataDir = join(dir, name);
  const desk = await Desk.open({ dataDir, vault, background: false });
  const stored = async (account: string) => Object.fromEntries(await Promise.all(SECRETS.map(async (s) => [s, await keychain.get(account, s)])));
  return { desk, keychain, dataDir, stored };
}

const connection = (name: string) => ({ name, baseUrl: sb.baseUrl, altBaseUrl: sb.altBaseUrl, clientId: sb.clientId, username: sb.username });
const nothing = Object.fromEntries(SECRETS.map((s) => [s, null]));

describe('an add that does not finish', () => {
  it('refused by the provider, writes nothing to the keychain, not even the environment’s secrets', async () => {
    const { desk, stored } = await deskWithEnvironment('refused', { clientSecret: sb.clientSecret, password: 'not-the-password' });
    await expect(desk.call('accounts.add', { ...connection('Refused'), clientSecret: sb.clientSecret, password: 'not-the-password' })).rejects.toMatchObject({ code: 'auth' });
    expect(await stored('Refused')).toEqual(nothing);
    await desk.dispose();
  });

  it('cut short after the check, takes back what it stored and leaves what was there before', async () => {
    const { desk, keychain, dataDir, stored } = await deskWithEnvironment('interrupted', { clientSecret: sb.clientSecret, password: sb.password });
    // A secret the keychain held already for the name (a remove that kept it): it stays as it was.
    await keychain.set('Cut', REFRESH_TOKEN_SECRET, 'kept-from-before');
    // The account's folder cannot be made (a file in its place): the add fails once the secrets are stored.
    const folder = accountPaths(dataDir, 'Cut').dir;
    mkdirSync(dirname(folder), { recursive: true });
    writeFileSync(folder, 'not a folder');
    // With a proxy sign-in (no proxy on the way: its password is stored, then taken back).
    const proxySignIn = { proxyUser: 'corp', proxyPassword: 'Pr0xy-Cut-8' };
    await expect(desk.call('accounts.add', { ...connection('Cut'), ...proxySignIn, clientSecret: sb.clientSecret, password: sb.password })).rejects.toThrow();
    expect(await stored('Cut')).toEqual({ ...nothing, [REFRESH_TOKEN_SECRET]: 'kept-from-before' });
    expect((await desk.call('accounts.list')).map((a) => a.name)).not.toContain('Cut');
    await desk.dispose();
  });
});
