/**
 * ResellerClient against a fake axios adapter: what goes on the wire (paths, hosts, headers, form fields) and
 * how replies drive retries, refreshes and the own client id. No network.
 */
import { Readable } from 'node:stream';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { unserialize } from 'php-serialize';
import { beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_SECRET_SECRET, PASSWORD_SECRET, ResellerClient, type ClientConnection } from '../../electron/core/api/client.js';
import { createHttp } from '../../electron/core/api/http.js';
import { OPERATIONS } from '../../electron/core/api/operations.js';
import { MemoryVault } from '../../electron/core/vault/memory-vault.js';

interface Sent {
  url: string;
  path: string;
  fields: Array<[string, string]>;
  headers: Record<string, string>;
}

type Answer = { status?: number; body: unknown; headers?: Record<string, string> } | Error;
type Route = (req: Sent) => Answer | undefined;

const BASE = 'https://api.provider.test';
const ALT = 'https://alt.provider.test';

const OK_BODIES: Record<string, unknown> = {
  '/oauth/token': { token_type: 'Bearer', expires_in: 3600, access_token: 'ACCESS', refresh_token: 'REFRESH' },
  'get-clients-details': { result: 'success', 'client[userid]': '7', 'client[id]': '7' },
  'add-order': { result: 'success', orderid: 1, productids: '1', addonids: '', domainids: '', invoiceid: 2 },
  'add-contact': { result: 'success', contactid: 3 },
  'update-contact': { result: 'success', contactid: 3 },
  'delete-contact': { result: 'success', contactid: 3 },
  'create-invoice': { result: 'success', invoiceid: 4, status: 'Unpaid' },
  'whois-info': 'No match for domain "X.TEST".',
};

class FakeProvider {
  sent: Sent[] = [];
  routes: Route[] = [];

  readonly adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const req = toSent(config);
    this.sent.push(req);
    let answer: Answer | undefined;
    for (const route of this.routes) if ((answer = route(req)) !== undefined) break;
    // Any other operation: a success with no rows (an empty list says so by its counters).
    answer ??= { body: OK_BODIES[opOf(req.path)] ?? { result: 'success', totalresults: 0, numreturned: 0 } };
    if (answer instanceof Error) throw answer;
    // The body as a stream of bytes, as axios's own adapter gives it for the client's responseType 'stream'.
    expect(config.responseType).toBe('stream');
    return {
      data: Readable.from([Buffer.from(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body))]),
      status: answer.status ?? 200,
      statusText: '',
      headers: answer.headers ?? {},
      config,
    };
  };

  calls(op: string): Sent[] {
    return this.sent.filter((s) => opOf(s.path) === op);
  }
}

function opOf(path: string): string {
  return path === '/oauth/token' ? path : path.split('/').pop()!;
}

function toSent(config: InternalAxiosRequestConfig): Sent {
  const url = new URL(config.url!);
  const data = config.data as unknown;
  const fields: Array<[string, string]> =
    data instanceof FormData
      ? [...data.entries()].map(([k, v]) => [k, String(v)])
      : [...new URLSearchParams(String(data ?? '')).entries()];
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(config.headers.toJSON() as Record<string, unknown>)) headers[k.toLowerCase()] = String(v);
  return { url: url.origin, path: url.pathname, fields, headers };
}

const field = (req: Sent, name: string) => req.fields.filter(([k]) => k === name).map(([, v]) => v);

let provider: FakeProvider;
let delays: number[];
let vault: MemoryVault;

function makeClient(config: Partial<ClientConnection> = {}) {
  const http = createHttp();
  http.defaults.adapter = provider.adapter;
  return new ResellerClient(
    { account: 'a1', baseUrl: `${BASE}/`, altBaseUrl: ALT, clientId: 'CID', username: 'ada@bakery.test', ...config },
    vault,
    { http, sleep: async (ms) => void delays.push(ms), random: () => 0.5, retry: { maxAttempts: 4, baseDelayMs: 100 } },
  );
}

beforeEach(async () => {
  provider = new FakeProvider();
  delays = [];
  vault = new MemoryVault('test');
  await vault.set('a1', CLIENT_SECRET_SECRET, 'CSECRET');
  await vault.set('a1', PASSWORD_SECRET, 'PW');
});

describe('wire format', () => {
  it('every operation has a method, on its own path and host', async () => {
    const client = makeClient();
    await client.getClientsProducts();
    await client.getProducts();
    await client.getFilteredProducts({ gid: 1 });
    await client.getProductAddons({ pid: 1 });
    await client.getProductConfigoptions({ pid: 1 });
    await client.getTransactions();
    await client.getClientsDomains();
    await client.whois({ domain: 'x.test' });
    await client.getOrders();
    await client.addOrder({ pid: [1] });
    await client.getContacts();
    await client.addContact({ firstname: 'B' });
    await client.updateContact({ contactid: 3 });
    await client.deleteContact({ contactid: 3 });
    await client.getAnnouncements();
    await client.getSupportDepartments();
    await client.openTicket({ deptid: 1, subject: 's', message: 'm' });
    await client.getTickets();
    await client.addTicketReply({ ticketid: 1, message: 'm' });
    await client.domainRequestEpp({ domainid: 1 });
    await client.getClientsDetails();
    await client.whoisInfo({ domain: 'x.test' });
    await client.createInvoice();

    const ops = provider.sent.filter((s) => s.path !== '/oauth/token');
    expect(new Set(ops.map((s) => opOf(s.path)))).toEqual(new Set(Object.keys(OPERATIONS)));
    for (const req of ops) {
      const op = opOf(req.path) as keyof typeof OPERATIONS;
      expect(req.path).toBe(`/api/v2/svc/${op}`);
      expect(req.url).toBe(OPERATIONS[op].host === 'alt' ? ALT : BASE);
      expect(req.headers['x-requested-with']).toBe('XMLHttpRequest');
      expect(req.headers.accept).toBe('application/json');
      expect(req.headers.authorization).toBe('Bearer ACCESS');
    }
    expect(ops.filter((s) => s.url === ALT).map((s) => opOf(s.path)).sort()).toEqual(
      ['get-support-departments', 'get-tickets', 'get-transactions', 'update-contact'],
    );
  });

  it('password grant: urlencoded fields, no bearer; refresh grant: the standard OAuth 2 fields', async () => {
    const client = makeClient();
    await client.signIn();
    const [grant] = provider.calls('/oauth/token');
    expect(grant!.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(grant!.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(grant!.headers.authorization).toBeUndefined();
    expect(Object.fromEntries(grant!.fields)).toEqual({
      grant_type: 'password',
      client_id: 'CID',
      client_secret: 'CSECRET',
      username: 'ada@bakery.test',
      password: 'PW',
    });
    await client.refresh('R0');
    expect(Object.fromEntries(provider.calls('/oauth/token')[1]!.fields)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'R0',
      client_id: 'CID',
      client_secret: 'CSECRET',
    });
  });

  it('empty alt base URL and a custom service segment', async () => {
    const client = makeClient({ altBaseUrl: '', service: 'acme' });
    await client.getTickets();
    expect(provider.calls('get-tickets')[0]).toMatchObject({ url: BASE, path: '/api/v2/acme/get-tickets' });
  });

  it('own client id: learned with one get-clients-details before the first request that carries it, then sent on each', async () => {
    const client = makeClient();
    await Promise.all([client.deleteContact({ contactid: 3 }), client.getClientsProducts()]);
    expect(provider.calls('get-clients-details')).toHaveLength(1);
    expect(field(provider.calls('get-clients-details')[0]!, 'clientid')).toEqual([]);
    expect(client.clientAccountId).toBe(7);
    expect(field(provider.calls('delete-contact')[0]!, 'clientid')).toEqual(['7']);
    expect(field(provider.calls('get-clients-products')[0]!, 'clientid')).toEqual(['7']);
    await client.getContacts();
    await client.getOrders();
    await client.createInvoice({});
    await client.openTicket({ deptid: 1, subject: 's', message: 'm' });
    await client.openTicket({ deptid: 1, subject: 's', message: 'm', name: 'Someone Else', email: 'else@example.com' });
    expect(field(provider.calls('get-contacts')[0]!, 'userid')).toEqual(['7']);
    expect(field(provider.calls('get-contacts')[0]!, 'clientid')).toEqual([]);
    expect(field(provider.calls('get-orders')[0]!, 'clientid')).toEqual([]);
    expect(field(provider.calls('create-invoice')[0]!, 'userid')).toEqual(['7']);
    expect(field(provider.calls('open-ticket')[0]!, 'clientid')).toEqual(['7']);
    // A ticket in someone else's name is not the client's.
    expect(field(provider.calls('open-ticket')[1]!, 'clientid')).toEqual([]);
    expect(provider.calls('get-clients-details')).toHaveLength(1);
  });

  it('own client id known from the account (the mirror): sent from the first request, nothing learned', async () => {
    const client = makeClient({ ownClientId: 7, defaultGateway: 'banktransfer' });
    await client.addOrder({ pid: [4] });
    expect(provider.calls('get-clients-details')).toHaveLength(0);
    expect(field(provider.calls('add-order')[0]!, 'clientid')).toEqual(['7']);
    expect(field(provider.calls('add-order')[0]!, 'paymentmethod')).toEqual(['banktransfer']);
  });

  it('add-order: arrays as name[], packed per-product values, renewals map, payment method', async () => {
    const client = makeClient();
    await client.addOrder({
      pid: [4, 9],
      domain: ['a.test', ''],
      billingcycle: ['monthly', 'semi-annually'],
      customfields: [{ 12: 'Shop' }, {}],
      configoptions: [{ 3: 31 }, {}],
      addons: [[12, 13], []],
      domainrenewals: { 'old.test': 2 },
      idprotection: [true, false],
      dnsmanagement: true,
      paymentmethod: 'mailin',
    });
    const req = provider.calls('add-order')[0]!;
    expect(field(req, 'pid[]')).toEqual(['4', '9']);
    expect(field(req, 'billingcycle[]')).toEqual(['monthly', 'semi-annually']);
    expect(field(req, 'addons[]')).toEqual(['12,13', '']);
    expect(field(req, 'idprotection[]')).toEqual(['1', '0']);
    expect(field(req, 'dnsmanagement')).toEqual(['1']);
    expect(field(req, 'paymentmethod')).toEqual(['mailin']);
    expect(field(req, 'domainrenewals[old.test]')).toEqual(['2']);
    const [custom] = field(req, 'customfields[]');
    expect(unserialize(Buffer.from(custom!, 'base64').toString())).toEqual({ 12: 'Shop' });
    const [options] = field(req, 'configoptions[]');
    expect(unserialize(Buffer.from(options!, 'base64').toString())).toEqual({ 3: 31 });
  });

  it('open-ticket: attachments packed from their bytes; priority; markdown as 1/0', async () => {
    const client = makeClient();
    await client.openTicket({
      deptid: 2,
      subject: 'Mail bounces',
      message: 'See attached',
      priority: 'High',
      markdown: false,
      attachments: [{ name: 'error.log', data: new TextEncoder().encode('line 1\nline 2\n') }, { name: 'shot.png', data: new Uint8Array([137, 80, 78, 71]) }],
    });
    const req = provider.calls('open-ticket')[0]!;
    expect(field(req, 'priority')).toEqual(['High']);
    expect(field(req, 'markdown')).toEqual(['0']);
    const files = JSON.parse(Buffer.from(field(req, 'attachments')[0]!, 'base64').toString()) as Array<{ name: string; data: string }>;
    expect(files.map((f) => [f.name, Buffer.from(f.data, 'base64').toString('latin1')])).toEqual([
      ['error.log', 'line 1\nline 2\n'],
      ['shot.png', '\x89PNG'],
    ]);
  });

  it('add-ticket-reply sends useMarkdown; create-invoice numbers its lines', async () => {
    const client = makeClient();
    await client.addTicketReply({ ticketid: 44, message: '**hi**', useMarkdown: true });
    expect(field(provider.calls('add-ticket-reply')[0]!, 'useMarkdown')).toEqual(['1']);
    await client.createInvoice({ draft: true, duedate: '2026-12-01', items: [{ description: 'Setup', amount: '12.5', taxed: true }] });
    const req = provider.calls('create-invoice')[0]!;
    expect(Object.fromEntries(req.fields)).toMatchObject({ draft: '1', duedate: '2026-12-01', itemdescription1: 'Setup', itemamount1: '12.50', itemtaxed1: '1' });
  });
});

describe('retries, refresh and errors through the client', () => {
  const failTimes = (op: string, times: number, answer: () => Answer): Route => {
    let left = times;
    return (req) => (opOf(req.path) === op && left-- > 0 ? answer() : undefined);
  };
  const reset = () => Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });

  it('a read is retried through 500s and resets, with growing jittered pauses', async () => {
    const client = makeClient();
    provider.routes.push(failTimes('get-orders', 1, () => ({ status: 500, body: { result: 'error', message: 'boom' } })));
    provider.routes.push(failTimes('get-orders', 2, reset));
    const page = await client.getOrders();
    expect(page.items).toEqual([]);
    expect(provider.calls('get-orders')).toHaveLength(4);
    expect(delays).toEqual([50, 100, 200]);
  });

  it('a read gives up after maxAttempts with the last error', async () => {
    const client = makeClient();
    provider.routes.push(failTimes('get-tickets', 99, () => ({ status: 503, body: '' })));
    await expect(client.getTickets()).rejects.toMatchObject({ kind: 'server', status: 503, operation: 'get-tickets' });
    expect(provider.calls('get-tickets')).toHaveLength(4);
  });

  it('429: Retry-After is honoured as the pause', async () => {
    const client = makeClient();
    provider.routes.push(failTimes('get-contacts', 1, () => ({ status: 429, body: '', headers: { 'retry-after': '2' } })));
    await client.getContacts();
    expect(delays).toEqual([2000]);
  });

  it.each([
    ['HTTP 500', () => ({ status: 500, body: { result: 'error', message: 'x' } }), 'server'],
    ['reset', reset, 'network'],
    ['429', () => ({ status: 429, body: '' }), 'rate_limited'],
  ] as const)('a write is never retried (%s)', async (_name, answer, kind) => {
    const client = makeClient();
    provider.routes.push(failTimes('add-contact', 1, answer));
    await expect(client.addContact({ firstname: 'B' })).rejects.toMatchObject({ kind });
    expect(provider.calls('add-contact')).toHaveLength(1);
  });

  it('a 401 renews the token and re-sends once, even a write', async () => {
    const client = makeClient();
    await client.signIn();
    let grants = 0;
    provider.routes.push((req) => (req.path === '/oauth/token' ? { body: { ...(OK_BODIES['/oauth/token'] as object), access_token: `ACCESS${++grants}` } } : undefined));
    provider.routes.push(failTimes('create-invoice', 1, () => ({ status: 401, body: { message: 'Unauthenticated.' } })));
    const created = await client.createInvoice({ items: [{ description: 'x', amount: 1 }] });
    expect(created.invoiceId).toBe(4);
    const sends = provider.calls('create-invoice');
    expect(sends.map((s) => s.headers.authorization)).toEqual(['Bearer ACCESS', 'Bearer ACCESS1']);
    expect(Object.fromEntries(provider.calls('/oauth/token')[1]!.fields)).toMatchObject({ grant_type: 'refresh_token', refresh_token: 'REFRESH' });
  });

  it('a second 401 after renewal is an auth error, not a loop', async () => {
    const client = makeClient();
    provider.routes.push(failTimes('get-orders', 99, () => ({ status: 401, body: { message: 'Unauthenticated.' } })));
    await expect(client.getOrders()).rejects.toMatchObject({ kind: 'auth', status: 401 });
    expect(provider.calls('get-orders')).toHaveLength(2);
  });

  it('result:error is rejected with the provider message and not retried', async () => {
    const client = makeClient();
    provider.routes.push(failTimes('get-orders', 1, () => ({ body: { result: 'error', message: 'Invalid status' } })));
    await expect(client.getOrders({ status: 'Nope' })).rejects.toMatchObject({ kind: 'rejected', message: 'Invalid status' });
    expect(provider.calls('get-orders')).toHaveLength(1);
  });

  it('a wrong password at sign-in ends signed_out, and is not stored', async () => {
    const client = makeClient();
    await vault.delete('a1', PASSWORD_SECRET);
    provider.routes.push((req) =>
      req.path === '/oauth/token' ? { status: 400, body: { error: 'invalid_grant', error_description: 'The user credentials were incorrect.' } } : undefined,
    );
    await expect(client.signIn('typo')).rejects.toMatchObject({ kind: 'auth' });
    expect(client.session.status).toMatchObject({ state: 'signed_out' });
    expect(client.session.status.reason).toContain('The user credentials were incorrect.');
    expect(await vault.get('a1', PASSWORD_SECRET)).toBeNull();
  });

  it('no stored client secret → auth error before any request', async () => {
    await vault.delete('a1', CLIENT_SECRET_SECRET);
    const client = makeClient();
    await expect(client.getOrders()).rejects.toMatchObject({ kind: 'auth' });
    expect(provider.sent).toEqual([]);
  });
});
