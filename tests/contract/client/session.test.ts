/**
 * The session against the sandbox's real token endpoint: expiry with short lifetimes while many requests run,
 * a 401 storm after server-side expiry, refresh failure falling back to the password, and signing out.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PASSWORD_SECRET } from '../../../electron/core/api/client.js';
import { REFRESH_TOKEN_SECRET } from '../../../electron/core/api/session.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { FakeTime } from '../../fake-time.js';
import { ACCOUNT, connect, start } from './harness.js';

let sb: RunningSandbox | undefined;

afterEach(async () => {
  await sb?.stop();
  sb = undefined;
});

/**
 * Moves the provider's and the client's shared clock past the lifetime of a token issued now (setup, not an
 * assertion). The sandbox rounds expiry up to a whole second, hence the extra second.
 */
const outlive = (time: FakeTime, seconds: number) => time.advance((seconds + 1) * 1000);

const twenty = <T>(fn: () => Promise<T>) => Promise.all(Array.from({ length: 20 }, fn));

describe('session against the provider', () => {
  it('an expired token with 20 requests waiting: exactly one refresh, all requests succeed', async () => {
    const time = new FakeTime();
    sb = await start({ accessTokenTtlSeconds: 2, clock: time.clock });
    const { client, requests, vault } = await connect(sb, { now: time.clock });
    const firstRefreshToken = await vault.get(ACCOUNT, REFRESH_TOKEN_SECRET);
    outlive(time, 2);
    requests.reset();
    const pages = await twenty(() => client.getTickets({ limitnum: 1 }));
    expect(pages.every((p) => p.total > 0)).toBe(true);
    expect(requests.count('token')).toBe(1);
    expect(client.session.grantCounts).toEqual({ password: 1, refresh: 1 });
    expect(requests.count('get-tickets')).toBe(20);
    const rotated = await vault.get(ACCOUNT, REFRESH_TOKEN_SECRET);
    expect(rotated).not.toBe(firstRefreshToken);
  });

  it('20 requests all answered 401 (token expired on the server only): one refresh, each re-sent once', async () => {
    sb = await start();
    // A frozen clock: the session believes its token is fresh, so only the provider's 401s can tell.
    const { client, requests } = await connect(sb, { now: () => 0 });
    await fetch(`${sb.controlUrl}/tokens/expire`, { method: 'POST' });
    requests.reset();
    const details = await twenty(() => client.getClientsDetails());
    expect(details.every((d) => d.client.userId === sb!.accounts[0]!.userid)).toBe(true);
    expect(requests.count('token')).toBe(1);
    expect(client.session.grantCounts.refresh).toBe(1);
    expect(requests.count('get-clients-details')).toBe(40);
  });

  it('a write answered 401 is re-sent once after the refresh and executes once', async () => {
    sb = await start();
    const { client, requests } = await connect(sb, { now: () => 0 });
    await fetch(`${sb.controlUrl}/tokens/expire`, { method: 'POST' });
    requests.reset();
    const email = `after-401-${Date.now()}@example.com`;
    await client.addContact({ firstname: 'After', lastname: '401', email });
    expect(requests.count('add-contact')).toBe(2);
    expect((await client.getContacts({ email })).total).toBe(1);
  });

  it('refresh refused → password grant with the stored password → working again', async () => {
    const time = new FakeTime();
    sb = await start({ accessTokenTtlSeconds: 2, refreshTokenTtlSeconds: 2, clock: time.clock });
    const { client } = await connect(sb, { now: time.clock });
    outlive(time, 2);
    expect((await client.getOrders({ limitnum: 1 })).total).toBeGreaterThan(0);
    expect(client.session.grantCounts).toEqual({ password: 2, refresh: 1 });
    expect(client.session.status.state).toBe('signed_in');
  });

  it('refresh refused and the stored password wrong → signed_out with the reason; then fail fast', async () => {
    const time = new FakeTime();
    sb = await start({ accessTokenTtlSeconds: 2, refreshTokenTtlSeconds: 2, clock: time.clock });
    const { client, vault, requests } = await connect(sb, { now: time.clock });
    const reasons: string[] = [];
    client.session.on('signed-out', (reason) => reasons.push(reason));
    await vault.set(ACCOUNT, PASSWORD_SECRET, 'changed-elsewhere');
    outlive(time, 2);
    await expect(client.getOrders()).rejects.toMatchObject({ kind: 'auth' });
    expect(client.session.status.state).toBe('signed_out');
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toMatch(/^sign-in refused: /);
    expect(client.session.grantCounts).toEqual({ password: 2, refresh: 1 });

    requests.reset();
    await expect(client.getTickets()).rejects.toMatchObject({ kind: 'auth', operation: 'get-tickets' });
    expect([...requests.counts.values()].reduce((a, b) => a + b, 0)).toBe(0);

    await client.signIn(sb.password);
    expect((await client.getTickets({ limitnum: 1 })).total).toBeGreaterThan(0);
  });

  it('signing out forgets the tokens: the next call needs a new sign-in', async () => {
    sb = await start();
    const { client, vault } = await connect(sb);
    await client.session.signOut();
    expect(await vault.get(ACCOUNT, REFRESH_TOKEN_SECRET)).toBeNull();
    await expect(client.getOrders()).rejects.toMatchObject({ kind: 'auth' });
  });
});
