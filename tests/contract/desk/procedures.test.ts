/**
 * Desk's procedures that no other test calls, each through Desk.call as a front end calls it, against the
 * sandbox provider over real HTTP and real mirror and outbox files.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPaths } from '../../../electron/core/data-dir.js';
import type { Desk } from '../../../electron/core/desk/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { callError, deskOnSandbox } from './sandbox-desk.js';

let sb: RunningSandbox;
let desk: Desk;
let dataDir: string;
let close: () => Promise<void>;
/** The Desk's clock runs with the real one, this far ahead: a test moves it on rather than waiting. */
let ahead = 0;

beforeAll(async () => {
  ({ desk, sb, dataDir, close } = await deskOnSandbox('desk-procedures-', { clock: () => Date.now() + ahead }));
  expect((await desk.call('sync.run')).outcome).toBe('ok');
});

afterAll(() => close?.());

describe('data', () => {
  it('data.client is the account’s own client record', async () => {
    expect(await desk.call('data.client')).toMatchObject({ client: { email: sb.username } });
  });

  it('data.search finds a domain by the start of its name', async () => {
    const domain = (await desk.call('data.list', { resource: 'domains', limit: 1 })).rows[0];
    if (!domain || !('domainName' in domain)) throw new Error('the sandbox account holds no domain');
    const part = domain.domainName.slice(0, 5);
    const hits = await desk.call('data.search', { text: part, limit: 50 });
    expect(hits).toContainEqual(expect.objectContaining({ resource: 'domains', id: domain.id }));
  });
});

describe('sync', () => {
  it('sync.history lists the runs, newest first, with their outcome', async () => {
    const history = await desk.call('sync.history', { limit: 5 });
    expect(history[0]).toMatchObject({ outcome: 'ok' });
    const times = history.map((run) => run.startedAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('sync.summary is told once the sync is over: sync.status then says it is not running', async () => {
    const statusAtSummary = new Promise<boolean>((resolve) => desk.once('sync.summary', () => void desk.call('sync.status').then((s) => resolve(s.running))));
    await desk.call('sync.run');
    expect(await statusAtSummary).toBe(false);
  });

  it('sync.cancel stops the running sync, which reports itself cancelled', async () => {
    sb.setFaults({ latencyMs: 150 });
    try {
      const started = new Promise<void>((resolve) => desk.once('sync.progress', () => resolve()));
      const sync = desk.call('sync.run');
      await started;
      await desk.call('sync.cancel');
      expect((await sync).outcome).toBe('cancelled');
    } finally {
      sb.setFaults({ latencyMs: 0 });
    }
  });
});

describe('domains', () => {
  it('domains.whoisInfo answers from the provider, then from the mirror until asked to refresh', async () => {
    const first = await desk.call('domains.whoisInfo', { domain: 'example-whois.com' });
    expect(first.stale).toBe(false);
    const again = await desk.call('domains.whoisInfo', { domain: 'example-whois.com' });
    expect(again.fetchedAt).toBe(first.fetchedAt);
    ahead += 1000;
    const refreshed = await desk.call('domains.whoisInfo', { domain: 'example-whois.com', refresh: true });
    expect(refreshed.fetchedAt > first.fetchedAt).toBe(true);
  });
});

describe('outbox', () => {
  it('outbox.discard cancels an edit and sends the edits that referred to it to review; markApplied settles one of those', async () => {
    const created = await desk.call('outbox.enqueue', { kind: 'add-contact', params: { firstname: 'Dora', lastname: 'Discarded', email: 'dora@example.com' } });
    const dependent = await desk.call('outbox.enqueue', { kind: 'update-contact', params: { contactid: created.localId!, city: 'Lyon' } });
    expect((await callError(desk.call('outbox.markApplied', { id: dependent.id }))).code).toBe('refused');

    expect(await desk.call('outbox.discard', { id: created.id })).toMatchObject({ state: 'cancelled' });
    const [review] = await desk.call('outbox.list', { states: ['needs_review'] });
    expect(review).toMatchObject({ id: dependent.id });
    expect(await desk.call('outbox.markApplied', { id: dependent.id })).toMatchObject({ state: 'done' });
    expect((await desk.call('outbox.counts')).needs_review).toBe(0);
  });
});

describe('settings', () => {
  it('settings.set keeps what it was given and refuses what is out of range, naming the field', async () => {
    const before = await desk.call('settings.get');
    const next = await desk.call('settings.set', { syncIntervalMinutes: 45 });
    expect(next).toEqual({ ...before, syncIntervalMinutes: 45 });
    expect(await desk.call('settings.get')).toEqual(next);
    const error = await callError(desk.call('settings.set', { syncIntervalMinutes: -1 }));
    expect(error.code).toBe('invalid_input');
    expect(error.issues?.[0]?.field).toBe('syncIntervalMinutes');
  });
});

describe('accounts', () => {
  it('signOut forgets the session with its reason; signIn with the password brings it back', async () => {
    const out = await desk.call('accounts.signOut', { name: 'Main' });
    expect(out).toMatchObject({ connectivity: 'signed_out', signedOutReason: 'signed out by the user' });
    expect((await callError(desk.call('accounts.signIn', { name: 'Main', password: 'wrong' }))).code).toBe('auth');
    const back = await desk.call('accounts.signIn', { name: 'Main', password: sb.password });
    expect(back.signedOutReason).toBeNull();
    expect((await desk.call('sync.run')).outcome).toBe('ok');
  });

  it('remove is refused while edits are queued, and with force forgets the account and its data', async () => {
    await desk.call('outbox.enqueue', { kind: 'add-contact', params: { firstname: 'Queued', email: 'queued@example.com' } });
    const refused = await callError(desk.call('accounts.remove', { name: 'Main' }));
    expect(refused.code).toBe('refused');
    expect(refused.message).toMatch(/1 queued edit/);
    expect(existsSync(accountPaths(dataDir, 'Main').dir)).toBe(true);

    expect(await desk.call('accounts.remove', { name: 'Main', force: true })).toEqual([]);
    expect(existsSync(accountPaths(dataDir, 'Main').dir)).toBe(false);
    expect((await desk.call('session.info')).account).toBeNull();
  });
});
