/**
 * Form drafts kept by the engine per account (drafts.*): over a real data folder, a draft survives closing and
 * reopening the Desk; its secret fields (read from the kind's definition) and attachments never reach a file;
 * queueing its edit drops it with the edit, in one transaction; bad keys and values are refused plainly.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Desk } from '../../../electron/core/desk/index.js';
import { MemoryVault } from '../../../electron/core/vault/memory-vault.js';
import { startSandbox } from '../../../sandbox/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { DRAFT_LIMITS } from '../../../shared/outbox/drafts.js';
import { callError } from './sandbox-desk.js';

const SECRET = 'Sub-account-pass-93817';
const EPP = 'EPP-CODE-55120';

let dir: string;
let sb: RunningSandbox;
const vault = new MemoryVault('tests');
const open = () => Desk.open({ dataDir: join(dir, 'app'), vault, background: false });

/** Every byte under the data folder, as text, to look for what must not be there. */
function everyFile(folder: string): string {
  return readdirSync(folder).map((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? everyFile(path) : readFileSync(path).toString('latin1');
  }).join('\n');
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'desk-drafts-'));
  sb = await startSandbox({ port: 0, altPort: 0, controlPort: 0, strict: true });
  const desk = await open();
  await desk.call('accounts.add', {
    name: 'Main', baseUrl: sb.baseUrl, altBaseUrl: sb.altBaseUrl, clientId: sb.clientId, username: sb.username,
    clientSecret: sb.clientSecret, password: sb.password,
  });
  await desk.dispose();
});

afterAll(async () => {
  await sb.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('drafts', () => {
  it('outlive the Desk, without their secret fields or attachments', async () => {
    const first = await open();
    await first.call('drafts.save', {
      key: 'add-contact',
      value: { text: { firstname: 'Grace', city: 'Rovereto' }, subaccount: true, password2: SECRET },
    });
    await first.call('drafts.save', { key: 'add-order:transfer:bright-new.com', value: { term: 'biennially', eppcode: EPP } });
    await first.call('drafts.save', {
      key: 'open-ticket',
      value: { subject: 'Mail bounces', message: 'Since Tuesday', attachments: [{ name: 'log.txt', data: 'QVRUQUNITUVOVC1CWVRFUw==' }] },
    });
    await first.dispose();

    expect(everyFile(dir)).not.toContain(SECRET);
    expect(everyFile(dir)).not.toContain(EPP);
    expect(everyFile(dir)).not.toContain('QVRUQUNITUVOVC1CWVRFUw==');

    const again = await open();
    expect(await again.call('drafts.get', { key: 'add-contact' })).toEqual({ text: { firstname: 'Grace', city: 'Rovereto' }, subaccount: true });
    expect(await again.call('drafts.get', { key: 'add-order:transfer:bright-new.com' })).toEqual({ term: 'biennially' });
    expect(await again.call('drafts.get', { key: 'open-ticket' })).toEqual({ subject: 'Mail bounces', message: 'Since Tuesday' });
    expect(await again.call('drafts.get', { key: 'open-ticket:serviceid:4' })).toBeNull();
    await again.dispose();
  });

  it('go with the edit they became, and when cleared', async () => {
    const desk = await open();
    await desk.call('drafts.save', { key: 'update-contact:bulk', value: { text: { city: 'x' } } });
    await desk.call('drafts.save', { key: 'create-invoice', value: { notes: 'n' } });
    const entry = await desk.call('outbox.enqueue', {
      kind: 'add-contact',
      params: { firstname: 'Grace', email: 'grace@example.com' },
      draft: 'add-contact',
    });
    expect(entry.state).toBe('queued');
    expect(await desk.call('drafts.get', { key: 'add-contact' })).toBeNull();
    // A refused edit keeps its draft.
    await expect(desk.call('outbox.enqueue', { kind: 'open-ticket', params: { deptid: 1, subject: ' ', message: 'm' }, draft: 'open-ticket' })).rejects.toThrow(/subject/);
    expect(await desk.call('drafts.get', { key: 'open-ticket' })).not.toBeNull();
    await desk.call('drafts.clear', { key: 'create-invoice' });
    expect(await desk.call('drafts.get', { key: 'create-invoice' })).toBeNull();
    await desk.dispose();
  });

  it('refuse a bad key or an oversized value, saying which', async () => {
    const desk = await open();
    const badKey = await callError(desk.callUnchecked('drafts.save', { key: 'pay-invoice:3', value: {} }));
    expect(badKey).toMatchObject({ code: 'invalid_input', issues: [{ field: 'key', message: expect.stringContaining('must be a mutation kind') }] });
    const huge = await callError(desk.call('drafts.save', { key: 'open-ticket', value: { message: 'x'.repeat(DRAFT_LIMITS.bytes) } }));
    expect(huge).toMatchObject({ code: 'invalid_input', issues: [{ field: 'value', message: 'must be at most 64 KB as JSON' }] });
    // What was kept before stays.
    expect(await desk.call('drafts.get', { key: 'open-ticket' })).toMatchObject({ subject: 'Mail bounces' });
    await desk.dispose();
  });
});
