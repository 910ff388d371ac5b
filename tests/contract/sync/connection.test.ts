/**
 * The connection as a person is told it, from a background account session on real time and a real provider
 * (stopped and restarted on the same ports with the same state): a provider that resets every connection is
 * failing (not online); a stopped one is offline; while offline only probes go out (no sync run, no progress,
 * no entry marked sending); and when the provider is back, everything queued is sent at once, with no click.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountSession } from '../../../electron/core/account-session.js';
import { CLIENT_SECRET_SECRET, PASSWORD_SECRET } from '../../../electron/core/api/client.js';
import { AtRestCipher } from '../../../electron/core/vault/at-rest-cipher.js';
import { MemoryVault } from '../../../electron/core/vault/memory-vault.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import type { Connectivity } from '../../../shared/sync.js';
import { sandboxClock } from '../outbox/harness.js';
import { start } from '../sandbox/http.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const portOf = (url: string) => Number(new URL(url).port);

/** A background session (sync on start, replay on its own, probes while down) on a provider that can stop and come back. */
async function sessionOnProvider() {
  const dir = mkdtempSync(join(tmpdir(), 'connection-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const db = join(dir, 'provider.db');
  let sb: RunningSandbox | null = await start({ db });
  const first = sb;
  const ports = { port: portOf(first.baseUrl), altPort: portOf(first.altBaseUrl) };
  cleanups.push(async () => {
    await sb?.stop();
  });
  const vault = new MemoryVault('tests');
  await vault.set('Main', CLIENT_SECRET_SECRET, first.clientSecret);
  await vault.set('Main', PASSWORD_SECRET, first.password);
  const session = new AccountSession(
    { name: 'Main', baseUrl: first.baseUrl, altBaseUrl: first.altBaseUrl, service: 'svc', clientId: first.clientId, username: first.username, demo: false, insecureHttp: false, caFile: '', proxyUser: '' },
    { dataDir: join(dir, 'app'), vault, cipher: AtRestCipher.ephemeral(), syncIntervalMinutes: 0, background: true, clock: sandboxClock() },
  );
  cleanups.push(() => session.dispose());
  return {
    session,
    get sb(): RunningSandbox {
      if (!sb) throw new Error('the provider is stopped');
      return sb;
    },
    async stop() {
      await sb?.stop();
      sb = null;
    },
    async restart() {
      sb = await start({ db, ...ports });
    },
  };
}

/** Waits (bounded) until `done` holds; the bound is the wait's, not a measure of speed. */
async function until(done: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function stateIs(session: AccountSession, state: Connectivity) {
  return () => session.connectivity.state === state;
}

describe('the connection, as told', () => {
  it('a provider that resets every connection is failing, with the reason; a stopped one is offline', async () => {
    const provider = await sessionOnProvider();
    const { session } = provider;
    expect((await session.replayThenSync()).outcome).toBe('ok');
    expect(session.connectivity.status).toMatchObject({ state: 'online', reason: null, lastSuccessAt: expect.any(String) });
    const lastSuccess = session.connectivity.status.lastSuccessAt;
    // A lost create is matched by its date: the session's clock is in step with the provider's day.

    provider.sb.setFaults({ reset: 1 });
    expect((await session.replayThenSync()).outcome).toBe('failed');
    expect(session.connectivity.status).toMatchObject({ state: 'failing', reason: { kind: 'network', code: 'ECONNRESET' }, lastSuccessAt: lastSuccess });

    // Down, a sync asked for is one probe: it does not get through, so no sync runs and the caller hears why.
    await provider.stop();
    const runs = session.mirror.syncRuns(100).length;
    // One ask is enough: a kept-alive connection the stopped provider had closed is not taken for its answer (http.ts).
    await expect(session.replayThenSync()).rejects.toMatchObject({ kind: 'network' });
    expect(session.mirror.syncRuns(100)).toHaveLength(runs);
    expect(session.connectivity.status).toMatchObject({ state: 'offline', reason: { kind: 'network', code: 'ECONNREFUSED', host: '127.0.0.1' } });
  }, 60_000);

  it('a provider answering every call with an error is failing, and a sync that read nothing never leaves it online', async () => {
    const provider = await sessionOnProvider();
    const { session } = provider;
    expect((await session.replayThenSync()).outcome).toBe('ok');
    provider.sb.setFaults({ resultError: 1 });
    expect((await session.replayThenSync()).outcome).toBe('failed');
    expect(session.connectivity.status).toMatchObject({ state: 'failing', reason: { kind: 'rejected' } });
  }, 60_000);

  it('while offline only probes go out; back online, 100 queued edits are applied within 10 s with no click, each once', async () => {
    const provider = await sessionOnProvider();
    const { session } = provider;
    session.start();
    await until(() => session.mirror.syncRuns(1)[0]?.outcome === 'ok', 30_000, 'the first sync');
    const userid = provider.sb.accounts[0]!.userid;
    const serverCount = () => provider.sb.db.prepare("SELECT count(*) AS n FROM contacts WHERE userid = ? AND email LIKE 'drain-%@example.com'").pluck().get(userid) as number;

    await provider.stop();
    // As Desk does: each edit queued starts replay; the first send finds no network and takes the session offline.
    for (let i = 0; i < 100; i++) {
      await session.outbox.enqueue({ kind: 'add-contact', params: { firstname: 'Drain', lastname: `No ${i}`, email: `drain-${i}@example.com` } });
      void session.replay();
    }
    await until(stateIs(session, 'offline'), 30_000, 'offline');

    // Several probe cycles while offline (counted from the first, when the sends that found no network have
    // settled): not one sync progress event, not one entry changing state.
    let probes = 0;
    const probe = session.syncer.probe.bind(session.syncer);
    session.syncer.probe = () => {
      probes++;
      return probe();
    };
    await until(() => probes >= 1, 30_000, 'a first probe');
    const settled = session.outbox.counts();
    const progress: unknown[] = [];
    const entryChanges: unknown[] = [];
    session.on('sync.progress', (p) => progress.push(p));
    session.outbox.on('changed', (entry) => entryChanges.push(entry));
    await until(() => probes >= 4, 30_000, 'three more probes');
    expect(progress).toEqual([]);
    expect(entryChanges).toEqual([]);
    // Those whose connection broke mid-request stay sending (they are checked with the server first); none is done.
    expect(session.outbox.counts()).toEqual(settled);
    expect(settled.queued + settled.sending).toBe(100);
    expect(session.connectivity.state).toBe('offline');

    await provider.restart();
    await until(() => serverCount() === 100, 10_000, '100 edits applied on the provider');
    const emails = provider.sb.db.prepare("SELECT email FROM contacts WHERE userid = ? AND email LIKE 'drain-%@example.com'").pluck().all(userid) as string[];
    expect(new Set(emails).size).toBe(100);
    expect(session.connectivity.state).toBe('online');
    await until(() => session.outbox.counts().done === 100, 10_000, 'every entry done');
  }, 120_000);
});
