/**
 * The sandbox's HTTP layer: listeners and routing, methods, bodies, and how operation outcomes become replies.
 * Routing runs against the real OPERATIONS; bodies and dispatch also run against a few stand-in operations
 * on an API server of their own, so they do not depend on what any real operation does with its parameters.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_OPTIONS, NO_FAULTS, type RunningSandbox } from '../../../sandbox/index.js';
import { createApiServer } from '../../../sandbox/server/app.js';
import { SandboxClock } from '../../../sandbox/server/clock.js';
import { FaultInjector } from '../../../sandbox/server/faults.js';
import { Rejection, type FormValue, type Operation } from '../../../sandbox/server/operation.js';
import { OPERATIONS } from '../../../sandbox/server/ops/index.js';
import type { SandboxState } from '../../../sandbox/server/state.js';
import { issueTokens } from '../../../sandbox/server/tokens.js';
import { openStore } from '../../../sandbox/store/index.js';
import { call, formData, oauthPost, passwordFields, start, token } from './http.js';

const ALT_OPERATIONS = ['get-transactions', 'get-support-departments', 'update-contact', 'get-tickets'];

describe('routing on the real operations', () => {
  let sb: RunningSandbox;
  let accessToken: string;
  beforeAll(async () => {
    sb = await start();
    accessToken = await token(sb);
  });
  afterAll(() => sb.stop());

  it('publishes the four alt operations on the alt listener and the rest on the base', () => {
    const byName = new Map(OPERATIONS.map((op) => [op.name, op.host]));
    for (const name of ALT_OPERATIONS) expect(byName.get(name), name).toBe('alt');
    expect(byName.get('get-clients-products')).toBe('base');
    expect(OPERATIONS.filter((op) => op.host === 'alt').map((op) => op.name).sort()).toEqual([...ALT_OPERATIONS].sort());
  });

  it('answers alt operations on the alt base URL only', async () => {
    for (const name of ALT_OPERATIONS) {
      const onBase = await call(sb, accessToken, name);
      expect(onBase.status, name).toBe(404);
      expect(onBase.json).toMatchObject({ result: 'error' });
      const onAlt = await call(sb, accessToken, name, {}, { alt: true });
      expect(onAlt.status, name).toBe(200);
      expect(onAlt.json, name).toHaveProperty('result');
    }
  });

  it('answers base operations on the base URL only', async () => {
    for (const op of OPERATIONS.filter((o) => o.host === 'base')) {
      expect((await call(sb, accessToken, op.name, {}, { alt: true })).status, op.name).toBe(404);
      expect((await call(sb, accessToken, op.name)).status, op.name).toBe(200);
    }
  });

  it('publishes the token endpoint on the base URL only', async () => {
    const res = await fetch(`${sb.altBaseUrl}/oauth/token`, { method: 'POST', body: new URLSearchParams() });
    expect(res.status).toBe(404);
  });

  it('answers 405 with Allow: POST to other methods on a known path', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await call(sb, accessToken, 'get-clients-products', {}, { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(res.json).toMatchObject({ result: 'error', message: expect.stringContaining('POST') });
    }
    const alt = await call(sb, accessToken, 'get-tickets', {}, { alt: true, method: 'GET' });
    expect(alt.status).toBe(405);
    const tokenEndpoint = await fetch(`${sb.baseUrl}/oauth/token`);
    expect(tokenEndpoint.status).toBe(405);
    expect(tokenEndpoint.headers.get('allow')).toBe('POST');
  });

  it('answers 404 JSON to unknown paths', async () => {
    for (const url of [
      `${sb.baseUrl}/api/v2/svc/no-such-operation`,
      `${sb.baseUrl}/api/v1/svc/get-clients-products`,
      `${sb.baseUrl}/`,
      `${sb.altBaseUrl}/anything`,
    ]) {
      const res = await fetch(url, { method: 'POST' });
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ result: 'error', message: expect.any(String) });
    }
    // An unknown path answers 404 for other methods too, not 405.
    expect((await fetch(`${sb.baseUrl}/api/v2/svc/no-such-operation`)).status).toBe(404);
  });

  it('reports an unsupported body type as 415 in the provider error shape', async () => {
    const res = await fetch(`${sb.baseUrl}/api/v2/svc/get-clients-products`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ result: 'error' });
  });

  it('takes array fields as name[] (multipart) and name[0] (urlencoded) through a real operation', async () => {
    const order = { pid: [1, 2], billingcycle: ['monthly', 'monthly'], paymentmethod: 'mailin', clientid: sb.accounts[0]!.userid };
    for (const urlencoded of [false, true]) {
      const res = await call(sb, accessToken, 'add-order', order, { urlencoded });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ result: 'success' });
      expect(String(res.json.productids).split(','), `urlencoded: ${urlencoded}`).toHaveLength(2);
    }
  });
});

describe('custom service segment', () => {
  let sb: RunningSandbox;
  beforeAll(async () => {
    sb = await start({ service: 'acme' });
  });
  afterAll(() => sb.stop());

  it('serves /api/v2/<service>/... and not /api/v2/svc/...', async () => {
    const accessToken = await token(sb);
    const res = await call(sb, accessToken, 'get-clients-products');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ result: 'success' });
    const wrong = await fetch(`${sb.baseUrl}/api/v2/svc/get-clients-products`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(wrong.status).toBe(404);
    expect((await call(sb, accessToken, 'get-tickets', {}, { alt: true })).status).toBe(200);
  });
});

/** Operations standing in for the real ones, to exercise bodies and dispatch. */
const STAND_INS: Operation[] = [
  { name: 'echo', host: 'base', handle: (ctx, params) => ({ json: { result: 'success', userid: ctx.userid, params: showParams(params) } }) },
  { name: 'text', host: 'base', handle: () => ({ text: 'Domain Name: A.COM\n' }) },
  {
    name: 'reject',
    host: 'base',
    handle: () => {
      throw new Rejection('Domain ID Not Found');
    },
  },
  {
    name: 'crash',
    host: 'base',
    handle: () => {
      throw new TypeError('boom');
    },
  },
];

/** Params as JSON, with files shown as their name and text. */
function showParams(value: FormValue | Record<string, FormValue>): unknown {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(showParams);
  if (Buffer.isBuffer(value.data) && typeof value.filename === 'string') {
    return { filename: value.filename, text: value.data.toString('utf8') };
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, showParams(v as FormValue)]));
}

describe('bodies and dispatch (stand-in operations)', () => {
  let server: FastifyInstance;
  let state: SandboxState;
  let url: string;
  let headers: Record<string, string>;

  beforeAll(async () => {
    const options = { ...DEFAULT_OPTIONS, today: '2026-11-22' };
    const { db, accounts } = openStore(options);
    state = { db, options, faults: new FaultInjector(NO_FAULTS, 1), operations: STAND_INS, clock: new SandboxClock(options.clock) };
    server = await createApiServer(state, 'base');
    await server.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}/api/v2/svc`;
    const account = accounts[1]!;
    const pair = issueTokens(db, { userid: account.userid, clientId: account.clientId }, options, new Date());
    headers = { authorization: `Bearer ${pair.accessToken}` };
  });
  afterAll(async () => {
    await server.close();
    state.db.close();
  });

  async function post(operation: string, body?: FormData | URLSearchParams) {
    const res = await fetch(`${url}/${operation}`, { method: 'POST', headers, body });
    return { status: res.status, contentType: res.headers.get('content-type'), text: await res.text() };
  }

  it("hands the bearer's account to the operation", async () => {
    const res = JSON.parse((await post('echo')).text);
    expect(res.userid).toBe(state.db.prepare('SELECT id FROM clients ORDER BY id LIMIT 1 OFFSET 1').pluck().get());
  });

  it('folds multipart fields, name[] and name[0] arrays, nested names and files', async () => {
    const fd = formData({ pid: [3, 1], domain: 'a.com' });
    fd.append('regperiod[1]', '2');
    fd.append('regperiod[0]', '1');
    fd.append('domainrenewals[b.net]', '3');
    fd.append('attachments[]', new Blob(['hello']), 'hello.txt');
    const res = await post('echo', fd);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text).params).toEqual({
      pid: ['3', '1'],
      domain: 'a.com',
      regperiod: ['1', '2'],
      domainrenewals: { 'b.net': '3' },
      attachments: [{ filename: 'hello.txt', text: 'hello' }],
    });
  });

  it('folds urlencoded fields the same way', async () => {
    const body = new URLSearchParams([
      ['pid[]', '3'],
      ['pid[]', '1'],
      ['regperiod[1]', '2'],
      ['regperiod[0]', '1'],
      ['a[b][c]', 'x'],
      ['note', 'ünïcode & more'],
    ]);
    const res = await post('echo', body);
    expect(JSON.parse(res.text).params).toEqual({
      pid: ['3', '1'],
      regperiod: ['1', '2'],
      a: { b: { c: 'x' } },
      note: 'ünïcode & more',
    });
  });

  it('accepts an empty body, with or without a content type', async () => {
    expect(JSON.parse((await post('echo')).text).params).toEqual({});
    expect(JSON.parse((await post('echo', new FormData())).text).params).toEqual({});
    expect(JSON.parse((await post('echo', new URLSearchParams())).text).params).toEqual({});
  });

  it('answers a malformed multipart body with 400', async () => {
    const res = await fetch(`${url}/echo`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ result: 'error', message: expect.stringMatching(/^Malformed multipart body/) });
  });

  it('answers a Rejection as HTTP 200 result:error', async () => {
    const res = await post('reject');
    expect(res.status).toBe(200);
    expect(res.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(res.text)).toEqual({ result: 'error', message: 'Domain ID Not Found' });
  });

  it('answers a text reply as text/plain', async () => {
    const res = await post('text');
    expect(res.status).toBe(200);
    expect(res.contentType).toBe('text/plain; charset=utf-8');
    expect(res.text).toBe('Domain Name: A.COM\n');
  });

  it('answers an unexpected exception as HTTP 500 and logs it to stderr', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await post('crash');
      expect(res.status).toBe(500);
      expect(JSON.parse(res.text)).toEqual({ result: 'error', message: 'Internal error' });
      expect(logged).toHaveBeenCalledOnce();
      expect(String(logged.mock.calls[0]!.join(' '))).toContain('crash');
    } finally {
      logged.mockRestore();
    }
  });

  it('answers 401 without a bearer, whatever the body', async () => {
    const res = await fetch(`${url}/echo`, { method: 'POST', body: formData({ a: 'b' }) });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthenticated.' });
  });
});

describe('a request the stop cuts off', () => {
  it('meets the closed store with a 503 and logs nothing: the stop is no fault of the sandbox', async () => {
    const own = await start();
    try {
      const accessToken = await token(own);
      // What a request resumed after the stop finds (its socket dropped, the store closed while it waited).
      own.db.close();
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        const res = await call(own, accessToken, 'get-clients-products');
        expect(res.status).toBe(503);
        expect(res.json).toEqual({ result: 'error', message: 'The sandbox has stopped' });
        expect((await oauthPost(own, '/oauth/token', passwordFields(own))).status).toBe(503);
        expect(logged).not.toHaveBeenCalled();
      } finally {
        logged.mockRestore();
      }
    } finally {
      await own.stop();
    }
  });
});
