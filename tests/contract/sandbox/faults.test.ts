/** Fault injection and the control endpoint, over real HTTP. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NO_FAULTS, type RunningSandbox } from '../../../sandbox/index.js';
import { call, control, oauthPost, passwordFields, start, token } from './http.js';

const OPERATION = 'get-clients-products';
const DEFAULT_SETTINGS = { ...NO_FAULTS, accessTokenTtlSeconds: 3600, refreshTokenTtlSeconds: 864000 };

let sb: RunningSandbox;
let accessToken: string;
beforeAll(async () => {
  sb = await start();
  accessToken = await token(sb);
});
afterAll(() => sb.stop());
afterEach(async () => {
  await control(sb, 'POST', '/faults/reset');
});

describe('fault kinds', () => {
  it('answers HTTP 500 to the share http500', async () => {
    sb.setFaults({ http500: 1 });
    const res = await call(sb, accessToken, OPERATION);
    expect(res.status).toBe(500);
    expect(res.json).toEqual({ result: 'error', message: 'Internal Server Error' });
    const tokenRes = await oauthPost(sb, '/oauth/token', passwordFields(sb));
    expect(tokenRes.status).toBe(500);
  });

  it('answers HTTP 200 result:error to the share resultError', async () => {
    sb.setFaults({ resultError: 1 });
    const res = await call(sb, accessToken, 'get-tickets', {}, { alt: true });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ result: 'error', message: 'Injected fault: temporary provider error' });
  });

  it('resets the connection for the share reset', async () => {
    sb.setFaults({ reset: 1 });
    await expect(call(sb, accessToken, OPERATION)).rejects.toThrow();
    await expect(oauthPost(sb, '/oauth/token', passwordFields(sb))).rejects.toThrow();
  });

  it('answers 429 with Retry-After to the share rateLimit', async () => {
    sb.setFaults({ rateLimit: 1, retryAfterSeconds: 7 });
    const res = await call(sb, accessToken, OPERATION);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect(res.json).toEqual({ result: 'error', message: 'Too Many Requests' });
  });

  it('adds latency', async () => {
    sb.setFaults({ latencyMs: 300 });
    const started = performance.now();
    const res = await call(sb, accessToken, OPERATION);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(res.status).toBe(200);
  });

  it('leaves requests alone when off, and spares unknown paths', async () => {
    expect((await call(sb, accessToken, OPERATION)).status).toBe(200);
    sb.setFaults({ http500: 1 });
    expect((await fetch(`${sb.baseUrl}/no-such-path`, { method: 'POST' })).status).toBe(404);
  });

  it('mixes outcomes by share, the same way for the same seed', async () => {
    async function statuses(): Promise<number[]> {
      // Setting faults reseeds the decisions, so each run sees the same sequence.
      await control(sb, 'POST', '/faults', { http500: 0.5 });
      const seen: number[] = [];
      for (let i = 0; i < 16; i++) seen.push((await call(sb, accessToken, OPERATION)).status);
      return seen;
    }
    const first = await statuses();
    expect(first).toContain(500);
    expect(first).toContain(200);
    expect(await statuses()).toEqual(first);
  });

  it('rejects invalid settings from setFaults', () => {
    expect(() => sb.setFaults({ http500: 2 })).toThrow(/http500/);
    expect(() => sb.setFaults({ latencyMs: -1 })).toThrow(/latencyMs/);
  });
});

describe('control endpoint', () => {
  it('reports health', async () => {
    expect(await control(sb, 'GET', '/health')).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('shows the current settings', async () => {
    expect(await control(sb, 'GET', '/faults')).toEqual({ status: 200, body: DEFAULT_SETTINGS });
  });

  it('sets a partial update and shows it, also to setFaults and options', async () => {
    const res = await control(sb, 'POST', '/faults', { http500: 0.25, retryAfterSeconds: 3, accessTokenTtlSeconds: 60 });
    const expected = { ...DEFAULT_SETTINGS, http500: 0.25, retryAfterSeconds: 3, accessTokenTtlSeconds: 60 };
    expect(res).toEqual({ status: 200, body: expected });
    expect((await control(sb, 'GET', '/faults')).body).toEqual(expected);
    expect(sb.options.faults.http500).toBe(0.25);

    sb.setFaults({ latencyMs: 5 });
    expect((await control(sb, 'GET', '/faults')).body).toEqual({ ...expected, latencyMs: 5 });
  });

  it.each([
    [{ http500: 1.5 }, /http500.*\[0, 1\]/],
    [{ reset: -0.1 }, /reset/],
    [{ latencyMs: -5 }, /latencyMs.*non-negative/],
    [{ retryAfterSeconds: 1.5 }, /retryAfterSeconds.*whole/],
    [{ accessTokenTtlSeconds: -1 }, /accessTokenTtlSeconds/],
    [{ rateLimit: '0.5' }, /rateLimit must be a number/],
    [{ slowness: 1 }, /unknown setting 'slowness'/],
    [[0.5], /JSON object/],
  ])('rejects %j with 400 and a clear message', async (body, message) => {
    const res = await control(sb, 'POST', '/faults', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
    expect((await control(sb, 'GET', '/faults')).body).toEqual(DEFAULT_SETTINGS);
  });

  it('rejects a body that is not JSON', async () => {
    const res = await fetch(`${sb.controlUrl}/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{http500',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/JSON/);
  });

  it('applies nothing from a body with one bad value', async () => {
    await control(sb, 'POST', '/faults', { http500: 0.5, reset: 3 });
    expect((await control(sb, 'GET', '/faults')).body).toEqual(DEFAULT_SETTINGS);
  });

  it('resets faults and token lifetimes', async () => {
    await control(sb, 'POST', '/faults', { http500: 1, latencyMs: 100, accessTokenTtlSeconds: 5 });
    const res = await control(sb, 'POST', '/faults/reset');
    expect(res).toEqual({ status: 200, body: DEFAULT_SETTINGS });
    expect((await call(sb, accessToken, OPERATION)).status).toBe(200);
  });

  it('expires access tokens', async () => {
    const fresh = await token(sb);
    const res = await control(sb, 'POST', '/tokens/expire');
    expect(res.status).toBe(200);
    expect(res.body.expired).toBeGreaterThanOrEqual(1);
    expect((await call(sb, fresh, OPERATION)).status).toBe(401);
    accessToken = await token(sb);
  });

  it('moves the provider clock forward and answers the time it is now', async () => {
    const before = Date.now();
    const res = await control(sb, 'POST', '/clock/advance', { seconds: 60 });
    expect(res.status).toBe(200);
    const now = Date.parse(res.body.now as string);
    expect(now).toBeGreaterThanOrEqual(before + 60_000);
    expect(now).toBeLessThanOrEqual(Date.now() + 60_000);
    // Tokens live on: a minute is well inside their lifetime.
    expect((await call(sb, accessToken, OPERATION)).status).toBe(200);
  });

  it.each([[{ seconds: -1 }], [{ seconds: '5' }], [{}], [[60]]])('refuses to move the clock by %j with 400', async (body) => {
    const res = await control(sb, 'POST', '/clock/advance', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/seconds/);
  });

  it('answers 404 to unknown control paths', async () => {
    expect((await fetch(`${sb.controlUrl}/nothing`)).status).toBe(404);
  });
});

describe('the provider clock', () => {
  it('runs on the clock given at start: token expiry and the time of day of what it writes', async () => {
    const at = Date.parse('2026-11-22T10:20:30Z');
    const other = await start({ clock: () => at, today: '2026-11-22' });
    try {
      const issued = (await oauthPost(other, '/oauth/token', passwordFields(other))).body;
      const expires = other.db.prepare('SELECT access_expires FROM tokens WHERE access_token = ?').pluck().get(issued.access_token);
      expect(expires).toBe(at / 1000 + 3600);
      const added = await call(other, issued.access_token as string, 'add-contact', { clientid: other.accounts[0]!.userid, firstname: 'Clock', email: 'clock@example.com' });
      const created = other.db.prepare('SELECT created_at FROM contacts WHERE id = ?').pluck().get(added.json.contactid);
      expect(created).toBe('2026-11-22 10:20:30');

      expect((await control(other, 'POST', '/clock/advance', { seconds: 3600 })).body).toEqual({ now: '2026-11-22T11:20:30.000Z' });
      expect((await call(other, issued.access_token as string, OPERATION)).status).toBe(401);
    } finally {
      await other.stop();
    }
  });
});

describe('faults given at start', () => {
  it('merges partial faults over NO_FAULTS', async () => {
    const other = await start({ faults: { rateLimit: 1, retryAfterSeconds: 9 } });
    try {
      expect(other.options.faults).toEqual({ ...NO_FAULTS, rateLimit: 1, retryAfterSeconds: 9 });
      const res = await oauthPost(other, '/oauth/token', passwordFields(other));
      expect(res.status).toBe(429);
    } finally {
      await other.stop();
    }
  });

  it('refuses invalid faults', async () => {
    await expect(start({ faults: { ...NO_FAULTS, http500: 7 } })).rejects.toThrow(/http500/);
  });
});
