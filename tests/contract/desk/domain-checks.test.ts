/**
 * domains.recent through Desk.call against the sandbox provider: the domains checked with domains.whois,
 * newest first, once each, with the availability the provider gave; still there when the provider is not.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Desk } from '../../../electron/core/desk.js';
import { MemoryVault } from '../../../electron/core/vault/memory-vault.js';
import { startSandbox } from '../../../sandbox/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';

const dir = mkdtempSync(join(tmpdir(), 'desk-domain-checks-'));
let sb: RunningSandbox;
let desk: Desk;

beforeAll(async () => {
  sb = await startSandbox({ port: 0, altPort: 0, controlPort: 0, strict: true });
  desk = await Desk.open({ dataDir: join(dir, 'app'), vault: new MemoryVault('tests'), background: false });
  await desk.call('accounts.add', {
    name: 'Main', baseUrl: sb.baseUrl, altBaseUrl: sb.altBaseUrl, clientId: sb.clientId, username: sb.username,
    clientSecret: sb.clientSecret, password: sb.password,
  });
});

afterAll(async () => {
  await desk?.close();
  await sb?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('domains.recent', () => {
  it('is empty before any check', async () => {
    expect(await desk.call('domains.recent')).toEqual([]);
  });

  it('lists the domains checked, newest first, once each, with the availability the provider gave', async () => {
    await desk.call('domains.whois', { domain: 'example.com' });
    await new Promise((r) => setTimeout(r, 5));
    await desk.call('domains.whois', { domain: 'Surely-Free-Name-5521.net' });
    await new Promise((r) => setTimeout(r, 5));
    await desk.call('domains.whois', { domain: 'example.com', refresh: true });

    const recent = await desk.call('domains.recent');
    expect(recent.map((c) => [c.domain, c.available])).toEqual([
      ['example.com', false],
      ['surely-free-name-5521.net', true],
    ]);
    expect(Date.parse(recent[0]!.fetchedAt)).toBeGreaterThan(Date.parse(recent[1]!.fetchedAt));
    expect(await desk.call('domains.recent', { limit: 1 })).toHaveLength(1);
  });

  it('refuses a limit out of range with the field named', async () => {
    await expect(desk.call('domains.recent', { limit: 0 })).rejects.toMatchObject({ code: 'invalid_input', issues: [{ field: 'limit' }] });
  });

  it('still answers with the provider gone', async () => {
    await sb.stop();
    expect((await desk.call('domains.recent')).map((c) => c.domain)).toEqual(['example.com', 'surely-free-name-5521.net']);
  });
});
