/**
 * The paging helper against a provider that caps limitnum (maxPageSize 7): asking for pages of 25 still
 * returns every row, in order, once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResellerClient } from '../../../electron/core/api/client.js';
import { decodeListPageBytes } from '../../../electron/core/api/paged-lists.js';
import { fetchAll } from '../../../electron/core/api/paging.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { connect, start, type Connected } from './harness.js';

let sb: RunningSandbox;
let conn: Connected;
let client: ResellerClient;

beforeAll(async () => {
  sb = await start({ maxPageSize: 7 });
  conn = await connect(sb);
  client = conn.client;
});

afterAll(async () => {
  await sb?.stop();
});

describe('fetchAll against a capped provider', () => {
  it('the cap is real: a page of 25 comes back with 7 rows and the full total', async () => {
    const page = await client.getClientsDomains({ limitnum: 25 });
    expect(page.returned).toBe(7);
    expect(page.total).toBeGreaterThan(25);
  });

  const cappedPages = (total: number) => Math.ceil(total / 7);
  it.each([
    ['get-clients-domains', (s: number, n: number) => client.getClientsDomains({ limitstart: s, limitnum: n }), cappedPages],
    ['get-orders', (s: number, n: number) => client.getOrders({ limitstart: s, limitnum: n }), cappedPages],
    // Upstream ignores paging here: the first page is the whole list, which is taken as it is.
    ['get-transactions', (s: number, n: number) => client.getTransactions({ limitstart: s, limitnum: n }), () => 1],
    ['get-tickets', (s: number, n: number) => client.getTickets({ limitstart: s, limitnum: n }), cappedPages],
  ] as const)('%s: every row once, totalresults matching', async (operation, page, pages) => {
    conn.requests.reset();
    const total = (await page(0, 1)).total;
    const rows = await fetchAll<{ id: number }>(page, { operation, pageSize: 25, concurrency: 3, idOf: (r) => r.id });
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r.id)).size).toBe(total);
    expect(conn.requests.count(operation)).toBe(1 + pages(total));
  });

  it('matches the provider\'s own count of the account\'s domains', async () => {
    const rows = await fetchAll((s, n) => client.getClientsDomains({ limitstart: s, limitnum: n }), { operation: 'get-clients-domains', pageSize: 25 });
    const stored = sb.db.prepare('SELECT COUNT(*) AS n FROM domains WHERE userid = ?').get(sb.accounts[0]!.userid) as { n: number };
    expect(rows).toHaveLength(stored.n);
  });

  it('readListPage hands a page on as its reply bytes with the counters of its envelope; decoded, the same page', async () => {
    const reply = await client.readListPage('get-orders', { limitstart: 7, limitnum: 25 });
    const page = await client.getOrders({ limitstart: 7, limitnum: 25 });
    if (reply.kind !== 'bytes') throw new Error(`expected bytes, got a ${reply.kind}`);
    expect({ total: reply.total, returned: reply.returned }).toEqual({ total: page.total, returned: 7 });
    expect(decodeListPageBytes('get-orders', reply.bytes, reply)).toEqual(page.items);
  });
});
