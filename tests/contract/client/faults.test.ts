/**
 * Error kinds and retry behaviour against the sandbox's fault injection: every kind it can produce, reads
 * converging through transient failures, and writes sent exactly once whatever happens.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError } from '../../../electron/core/api/errors.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { NO_FAULTS } from '../../../sandbox/options.js';
import { connect, start, type Connected } from './harness.js';

let sb: RunningSandbox;
let conn: Connected;

beforeAll(async () => {
  sb = await start();
  conn = await connect(sb, { retry: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 20 } });
});

afterEach(() => {
  sb.setFaults(NO_FAULTS);
  conn.requests.reset();
});

afterAll(async () => {
  await sb?.stop();
});

const failure = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as ApiError);

describe('each error kind', () => {
  it('result:error → rejected with the provider message; not retried', async () => {
    sb.setFaults({ resultError: 1 });
    const error = await failure(conn.client.getOrders());
    expect(error).toMatchObject({ kind: 'rejected', operation: 'get-orders', status: 200, message: 'Injected fault: temporary provider error' });
    expect(conn.requests.count('get-orders')).toBe(1);
  });

  it('readListPage judges a failed reply as every read does: result:error → rejected, HTTP 500 → server, retried', async () => {
    sb.setFaults({ resultError: 1 });
    expect(await failure(conn.client.readListPage('get-tickets', { limitnum: 5 }))).toMatchObject({ kind: 'rejected', operation: 'get-tickets' });
    sb.setFaults({ http500: 1 });
    expect(await failure(conn.client.readListPage('get-contacts', { limitnum: 5 }))).toMatchObject({ kind: 'server', status: 500 });
    expect(conn.requests.count('get-contacts')).toBe(3);
  });

  it('HTTP 500 → server; a read is tried maxAttempts times', async () => {
    sb.setFaults({ http500: 1 });
    expect(await failure(conn.client.getTickets())).toMatchObject({ kind: 'server', status: 500, operation: 'get-tickets' });
    expect(conn.requests.count('get-tickets')).toBe(3);
  });

  it('connection reset → network', async () => {
    sb.setFaults({ reset: 1 });
    expect(await failure(conn.client.getClientsDomains())).toMatchObject({ kind: 'network', status: null });
    // Three tries; the first sent once more at once when it went on a kept-alive connection, which a reset there
    // cannot be told apart from the provider having closed while idle (api/http.ts).
    expect(conn.requests.count('get-clients-domains')).toBeGreaterThanOrEqual(3);
    expect(conn.requests.count('get-clients-domains')).toBeLessThanOrEqual(4);
  });

  it('HTTP 429 → rate_limited with Retry-After', async () => {
    const once = await connect(sb, { retry: { maxAttempts: 1 } });
    sb.setFaults({ rateLimit: 1, retryAfterSeconds: 7 });
    expect(await failure(once.client.getAnnouncements())).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterMs: 7000 });
  });

  it('a Retry-After is waited out, then the read succeeds', async () => {
    const pauses: number[] = [];
    // The pause hook runs only after the 429 arrived: lift the limit there, so the retry goes through.
    const limited = await connect(sb, { sleep: async (ms) => void (pauses.push(ms), sb.setFaults(NO_FAULTS)) });
    sb.setFaults({ rateLimit: 1, retryAfterSeconds: 2 });
    expect((await limited.client.getSupportDepartments()).items.length).toBeGreaterThan(0);
    expect(pauses).toEqual([2000]);
    expect(limited.requests.count('get-support-departments')).toBe(2);
  });

  it('wrong credentials → auth', async () => {
    const wrong = await failure(connect(sb, { password: 'not-the-password' }));
    expect(wrong).toMatchObject({ kind: 'auth', operation: 'token' });
  });
});

describe('transient failures', () => {
  it('reads converge through 500s and resets at a 0.5 share', async () => {
    const patient = await connect(sb, { retry: { maxAttempts: 12, baseDelayMs: 2, maxDelayMs: 10 } });
    sb.setFaults({ http500: 0.25, reset: 0.25 });
    const reads = [
      () => patient.client.getOrders(),
      () => patient.client.getTickets(),
      () => patient.client.getClientsProducts(),
      () => patient.client.getTransactions(),
      () => patient.client.getContacts(),
      () => patient.client.getClientsDomains(),
    ];
    for (let round = 0; round < 3; round++) for (const read of reads) expect((await read()).total).toBeGreaterThan(0);
    const sent = [...patient.requests.counts.values()].reduce((a, b) => a + b, 0);
    expect(sent).toBeGreaterThan(reads.length * 3);
  });

  it('writes are sent exactly once each: failures surface, nothing is duplicated', async () => {
    sb.setFaults({ http500: 0.25, reset: 0.25 });
    const tag = `once-${Date.now()}`;
    const outcomes = [];
    for (let i = 0; i < 12; i++) {
      outcomes.push(await failure(conn.client.addContact({ firstname: tag, lastname: String(i), email: `${tag}-${i}@example.com` })));
    }
    sb.setFaults(NO_FAULTS);
    expect(conn.requests.count('add-contact')).toBe(12);
    const failed = outcomes.filter((o): o is ApiError => o !== null);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((e) => e.kind === 'server' || e.kind === 'network')).toBe(true);
    const stored = await conn.client.getContacts({ firstname: tag, limitnum: 100 });
    expect(stored.total).toBe(12 - failed.length);
  });
});
