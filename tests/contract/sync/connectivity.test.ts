/** Connectivity as sync requests see it: offline when the provider is gone, signed_out when refused, online again on success. */
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { Syncer, type ConnectivityChange } from '../../../electron/core/sync/index.js';
import { allRows, makeClient, NOON, setUpSync, startTestSandbox, type SyncSetup } from './harness.js';
import { startLyingProvider } from './lying-provider.js';

const running: RunningSandbox[] = [];
const setups: SyncSetup[] = [];
const stops: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const setup of setups.splice(0)) setup.close();
  for (const stop of stops.splice(0)) await stop();
  for (const sb of running.splice(0)) await sb.stop();
});

async function sandbox(overrides: Parameters<typeof startTestSandbox>[0] = {}) {
  const sb = await startTestSandbox(overrides);
  running.push(sb);
  return sb;
}

const portOf = (url: string) => Number(new URL(url).port);

describe('connectivity', () => {
  it('goes offline when the provider stops, and online again when a sync succeeds', async () => {
    const sb = await sandbox();
    const setup = await setUpSync(sb);
    setups.push(setup);
    const changes: ConnectivityChange[] = [];
    setup.syncer.on('connectivity', (change) => changes.push(change));
    expect((await setup.syncer.sync()).outcome).toBe('ok');
    const countsBefore = setup.mirror.counts();

    const ports = { port: portOf(sb.baseUrl), altPort: portOf(sb.altBaseUrl) };
    await sb.stop();
    running.splice(running.indexOf(sb), 1);
    const offline = await setup.syncer.sync();
    expect(offline.outcome).toBe('failed');
    // One resource tried per base URL (client on the base, departments on the alt one); the rest skipped.
    expect(offline.resources.filter((r) => r.outcome === 'failed').map((r) => r.resource)).toEqual(['client', 'departments']);
    const skipped = offline.resources.filter((r) => r.outcome !== 'failed');
    expect(skipped.map((r) => r.outcome)).toEqual(Array(offline.resources.length - 2).fill('skipped'));
    expect(skipped.every((r) => /unreachable/.test(r.error!))).toBe(true);
    expect(setup.syncer.connectivity.state).toBe('offline');
    expect(changes.map(({ state, previous }) => ({ state, previous }))).toEqual([{ state: 'offline', previous: 'online' }]);
    expect(changes[0]!.reason).toMatchObject({ kind: 'network', code: 'ECONNREFUSED' });
    // The mirror keeps what it had; the failure is recorded where the UI shows it.
    expect(setup.mirror.counts()).toEqual(countsBefore);
    expect(setup.mirror.syncStates().find((s) => s.resource === 'client')?.lastError).toMatch(/get-clients-details/);

    // Same ports, fresh provider (its tokens are new: the client signs in again by itself).
    await sandbox(ports);
    const back = await setup.syncer.sync();
    expect(back.outcome).toBe('ok');
    expect(setup.syncer.connectivity.state).toBe('online');
    expect(changes.map(({ state, previous }) => ({ state, previous }))).toEqual([
      { state: 'offline', previous: 'online' },
      { state: 'online', previous: 'offline' },
    ]);
    expect(changes[1]).toMatchObject({ reason: null, lastSuccessAt: expect.any(String) });
    expect(setup.mirror.syncStates().every((s) => s.lastError === null)).toBe(true);
  }, 60_000);

  it('is signed_out when the provider refuses the credentials, and the other resources are not attempted', async () => {
    const sb = await sandbox();
    const setup = await setUpSync(sb);
    setups.push(setup);
    const client = await makeClient(sb, sb.accounts[0]!, { password: 'wrong password' });
    const syncer = new Syncer({ client, mirror: setup.mirror, now: NOON });
    const errors: string[] = [];
    syncer.on('error', (error) => errors.push(`${error.resource}:${error.kind}`));
    const summary = await syncer.sync();
    syncer.dispose();
    expect(summary.outcome).toBe('failed');
    expect(syncer.connectivity.state).toBe('signed_out');
    expect(errors).toEqual(['client:auth']);
    expect(summary.resources.slice(1).every((r) => r.outcome === 'skipped' && r.error === 'not attempted: signed out')).toBe(true);
    expect(setup.mirror.syncStates().find((s) => s.resource === 'client')?.lastError).toMatch(/sign-in refused/);
  }, 60_000);

  it('a value that cannot be read is left unset with a warning; the resource is written', async () => {
    const sb = await sandbox();
    const setup = await setUpSync(sb);
    setups.push(setup);
    sb.db.prepare("UPDATE orders SET date = 'garbage' WHERE userid = ?").run(sb.accounts[0]!.userid);
    const summary = await setup.syncer.sync();
    expect(summary.outcome).toBe('ok');
    const orders = summary.resources.find((r) => r.resource === 'orders')!;
    expect(orders.warnings).toEqual([expect.stringMatching(/^orders: date could not be read in \d+ records .*garbage/)]);
    expect(allRows(setup.mirror, 'orders').every((order) => order.date === null)).toBe(true);
  }, 60_000);

  it('a failing resource does not stop the others, and its error is recorded', async () => {
    const sb = await sandbox();
    // get-orders serves an id the decoder refuses (a protocol error: a record without its id cannot be kept).
    const provider = await startLyingProvider(sb, ({ operation, json }) =>
      operation === 'get-orders' ? { json: { ...json, 'orders[order][0][id]': 'x' } } : undefined,
    );
    stops.push(() => provider.stop());
    const setup = await setUpSync(sb, { urls: provider });
    setups.push(setup);
    const summary = await setup.syncer.sync();
    const orders = summary.resources.find((r) => r.resource === 'orders')!;
    expect(orders.outcome).toBe('failed');
    expect(summary.outcome).toBe('partial');
    expect(summary.resources.filter((r) => r.resource !== 'orders').every((r) => r.outcome === 'ok')).toBe(true);
    expect(setup.mirror.syncStates().find((s) => s.resource === 'orders')?.lastError).toBe(orders.error);
    expect(setup.syncer.connectivity.state).toBe('online');
  }, 60_000);
});
