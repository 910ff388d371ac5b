/**
 * Switching accounts against the sandbox: Desk says every resource changed when another account's mirror opens,
 * so views drawn from the previous account read again (data.changed), alongside accounts.changed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Desk } from '../../../electron/core/desk/index.js';
import { MemoryVault } from '../../../electron/core/vault/memory-vault.js';
import type { EventPayloads } from '../../../shared/contract.js';
import { RESOURCE_NAMES } from '../../../shared/records.js';
import { startSandbox } from '../../../sandbox/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';

const dir = mkdtempSync(join(tmpdir(), 'desk-switch-'));
let sb: RunningSandbox;
let desk: Desk;

const account = (name: string) => ({
  name,
  baseUrl: sb.baseUrl,
  altBaseUrl: sb.altBaseUrl,
  clientId: sb.clientId,
  clientSecret: sb.clientSecret,
  username: sb.username,
  password: sb.password,
});

beforeAll(async () => {
  sb = await startSandbox({ port: 0, altPort: 0, controlPort: 0, db: join(dir, 'provider.db') });
  desk = await Desk.open({ dataDir: join(dir, 'app'), vault: new MemoryVault('tests'), background: false });
  await desk.call('accounts.add', account('First'));
  await desk.call('accounts.add', account('Second'));
});

afterAll(async () => {
  await desk?.dispose();
  await sb?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('switching accounts', () => {
  it('says every resource changed, after the accounts themselves', async () => {
    const events: string[] = [];
    const changed: EventPayloads['data.changed'][] = [];
    desk.on('accounts.changed', ({ current }) => events.push(`accounts.changed ${current}`));
    desk.on('data.changed', (payload) => {
      events.push('data.changed');
      changed.push(payload);
    });
    await desk.call('accounts.select', { name: 'First' });
    expect(events).toEqual(['accounts.changed First', 'data.changed']);
    expect([...changed[0]!.resources].sort()).toEqual([...RESOURCE_NAMES].sort());
  });

  it('says nothing when the account asked for is already open', async () => {
    let told = 0;
    desk.on('data.changed', () => told++);
    await desk.call('accounts.select', { name: 'First' });
    expect(told).toBe(0);
  });
});
