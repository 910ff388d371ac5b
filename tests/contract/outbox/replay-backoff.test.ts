/**
 * An account session replays on its own once a backoff runs out, waiting at most MAX_REPLAY_WAIT_MS before it
 * looks again. Its clock and timers are fake; the provider (rate limiting with Retry-After), the outbox file
 * and the requests are real.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountSession, MAX_REPLAY_WAIT_MS } from '../../../electron/core/account-session.js';
import { CLIENT_SECRET_SECRET, PASSWORD_SECRET } from '../../../electron/core/api/client.js';
import { AtRestCipher } from '../../../electron/core/vault/at-rest-cipher.js';
import { MemoryVault } from '../../../electron/core/vault/memory-vault.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import type { OutboxEntry } from '../../../shared/outbox/entry.js';
import { FakeTime } from '../../fake-time.js';
import { startSandbox } from './harness.js';

/** The replayer's first backoff (its default base). */
const FIRST_BACKOFF_MS = 2_000;

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A background session on its own sandbox, signed in and knowing its client id, on fake time. */
async function sessionOnSandbox() {
  const sb = await startSandbox();
  cleanups.push(() => sb.stop());
  const dataDir = mkdtempSync(join(tmpdir(), 'replay-backoff-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const vault = new MemoryVault('tests');
  await vault.set('Main', CLIENT_SECRET_SECRET, sb.clientSecret);
  await vault.set('Main', PASSWORD_SECRET, sb.password);
  const time = new FakeTime();
  const session = new AccountSession(
    { name: 'Main', baseUrl: sb.baseUrl, altBaseUrl: sb.altBaseUrl, service: 'svc', clientId: sb.clientId, username: sb.username, demo: false, insecureHttp: false, caFile: '', proxyUser: '' },
    { dataDir, vault, cipher: AtRestCipher.ephemeral(), syncIntervalMinutes: 0, background: true, clock: time.clock, timers: time.timers },
  );
  cleanups.push(() => session.dispose());
  // Before any fault: the rate limit below is meant for the write alone.
  await session.client.signIn();
  await session.client.ownClientId();
  return { sb, session, time };
}

function serverContacts(sb: RunningSandbox, email: string): number {
  return (sb.db.prepare('SELECT count(*) AS n FROM contacts WHERE email = ?').get(email) as { n: number }).n;
}

/** The entry's next change to `state`. */
function entryBecomes(session: AccountSession, id: number, state: OutboxEntry['state']): Promise<OutboxEntry> {
  return new Promise((resolve) => {
    const listener = (entry: OutboxEntry) => {
      if (entry.id !== id || entry.state !== state) return;
      session.outbox.off('changed', listener);
      resolve(entry);
    };
    session.outbox.on('changed', listener);
  });
}

describe('replay backoff', () => {
  it('a send the provider rate-limited is sent again on its own once the backoff runs out', async () => {
    const { sb, session, time } = await sessionOnSandbox();
    const email = 'backoff@example.com';
    sb.setFaults({ rateLimit: 1, retryAfterSeconds: 1 });
    const entry = await session.outbox.enqueue({ kind: 'add-contact', params: { firstname: 'Back', lastname: 'Off', email } });
    const report = await session.replay();
    expect(report).toMatchObject({ sent: 1, nextDueAt: time.clock() + FIRST_BACKOFF_MS });
    expect(session.outbox.get(entry.id)).toMatchObject({ state: 'queued' });
    // The backoff (longer than the provider's Retry-After), exactly.
    expect(time.pending()).toEqual([FIRST_BACKOFF_MS]);

    sb.setFaults({ rateLimit: 0 });
    time.advance(FIRST_BACKOFF_MS - 1);
    expect(time.pending()).toEqual([1]);
    const done = entryBecomes(session, entry.id, 'done');
    time.advance(1);
    await done;
    expect(serverContacts(sb, email)).toBe(1);
  });

  it('a backoff longer than the longest wait: it looks again after that wait, and sends once the backoff is over', async () => {
    const { sb, session, time } = await sessionOnSandbox();
    const email = 'long-backoff@example.com';
    const retryAfterMs = MAX_REPLAY_WAIT_MS + 60_000;
    sb.setFaults({ rateLimit: 1, retryAfterSeconds: retryAfterMs / 1000 });
    const entry = await session.outbox.enqueue({ kind: 'add-contact', params: { firstname: 'Long', lastname: 'Wait', email } });
    expect(await session.replay()).toMatchObject({ sent: 1, nextDueAt: time.clock() + retryAfterMs });
    expect(time.pending()).toEqual([MAX_REPLAY_WAIT_MS]);

    sb.setFaults({ rateLimit: 0 });
    time.advance(MAX_REPLAY_WAIT_MS);
    // That run finds nothing due yet, sends nothing and waits for the rest of the backoff.
    await vi.waitFor(() => expect(time.pending()).toEqual([retryAfterMs - MAX_REPLAY_WAIT_MS]));
    expect(session.outbox.get(entry.id)).toMatchObject({ state: 'queued' });
    expect(serverContacts(sb, email)).toBe(0);

    const done = entryBecomes(session, entry.id, 'done');
    time.advance(retryAfterMs - MAX_REPLAY_WAIT_MS);
    await done;
    expect(serverContacts(sb, email)).toBe(1);
  });
});
