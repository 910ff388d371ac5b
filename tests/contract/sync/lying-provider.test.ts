/**
 * A sync against a provider that lies or stalls (a proxy in front of the strict sandbox that changes its
 * answers): each lie ends in a summary, with the resource it touched failed or warned about, the others
 * synced, and the mirror never emptied by it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../sandbox/options.js';
import type { SyncSummary } from '../../../shared/sync.js';
import { setUpSync, startTestSandbox, type SyncSetup } from './harness.js';
import { startLyingProvider, type Lie, type LyingProvider } from './lying-provider.js';

let sb: RunningSandbox;
const opened: Array<{ provider: LyingProvider; setup: SyncSetup }> = [];

beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.stop());
afterEach(async () => {
  for (const { provider, setup } of opened.splice(0)) {
    setup.close();
    await provider.stop();
  }
});

/** A syncer whose provider tells `lie` once `lying.on` is set (a first sync can then fill the mirror truthfully). */
async function lyingSync(lie: Lie, options: { timeoutMs?: number; lying?: boolean } = {}) {
  const state = { on: options.lying ?? true };
  const provider = await startLyingProvider(sb, (exchange) => (state.on ? lie(exchange) : undefined));
  const setup = await setUpSync(sb, { urls: provider, timeoutMs: options.timeoutMs, retry: { maxAttempts: 1 } });
  opened.push({ provider, setup });
  return { provider, setup, state };
}

function result(summary: SyncSummary, resource: string) {
  return summary.resources.find((r) => r.resource === resource)!;
}

/** Every resource but `except` synced. */
function othersOk(summary: SyncSummary, ...except: string[]) {
  return summary.resources.filter((r) => !except.includes(r.resource) && r.outcome !== 'ok').map((r) => `${r.resource}: ${r.error}`);
}

/** The first page of a list served again at every offset, with the paging counters `counters` says. */
function samePageEverywhere(operation: string, counters: (json: any) => void): Lie {
  let first: any = null;
  return ({ operation: op, fields, json }) => {
    if (op !== operation) return undefined;
    first ??= structuredClone(json);
    const page = structuredClone(first);
    counters(page);
    page.startnumber = Number(fields.limitstart ?? 0);
    return { json: page };
  };
}

describe('a provider that lies about its lists', () => {
  it('a totalresults of 999,999,999,999: the list is refused after one request, the rest syncs', async () => {
    const { provider, setup } = await lyingSync(samePageEverywhere('get-clients-domains', (page) => (page.totalresults = '999999999999')));
    const summary = await setup.syncer.sync();
    expect(result(summary, 'domains')).toMatchObject({ outcome: 'failed', error: expect.stringMatching(/totalresults.*999999999999/) });
    expect(provider.requests('get-clients-domains')).toBe(1);
    expect(othersOk(summary, 'domains')).toEqual([]);
  });

  it('a large totalresults with the same rows at every offset: the list ends where nothing new comes, with a warning', async () => {
    const { provider, setup } = await lyingSync(samePageEverywhere('get-clients-domains', (page) => (page.totalresults = '60000')));
    const summary = await setup.syncer.sync();
    const domains = sb.db.prepare('SELECT COUNT(*) AS n FROM domains WHERE userid = ?').get(sb.accounts[0]!.userid) as { n: number };
    expect(result(summary, 'domains')).toMatchObject({ outcome: 'ok', added: domains.n, warnings: [expect.stringMatching(/totalresults says 60000, but the rows end at/)] });
    expect(setup.mirror.counts().domains).toBe(domains.n);
    expect(provider.requests('get-clients-domains')).toBeLessThanOrEqual(6);
    expect(othersOk(summary, 'domains')).toEqual([]);
  });

  it('a small reply claiming numreturned 50,000,000: refused before anything is sized by it', async () => {
    const { setup } = await lyingSync(({ operation, json }) => (operation === 'get-orders' ? { json: { ...json, numreturned: 50_000_000 } } : undefined));
    const summary = await setup.syncer.sync();
    expect(result(summary, 'orders')).toMatchObject({ outcome: 'failed', error: expect.stringMatching(/numreturned.*50000000/) });
    expect(othersOk(summary, 'orders')).toEqual([]);
  });

  it('a reply with no list at all: a protocol error, the mirror keeps its rows', async () => {
    const { setup, state } = await lyingSync(
      ({ operation, json }) =>
        operation === 'get-contacts'
          ? { json: Object.fromEntries(Object.entries(json).filter(([key]) => !key.startsWith('contacts[') && key !== 'numreturned')) }
          : undefined,
      { lying: false },
    );
    expect((await setup.syncer.sync()).outcome).toBe('ok');
    const before = setup.mirror.counts().contacts;
    state.on = true;
    const summary = await setup.syncer.sync();
    expect(result(summary, 'contacts')).toMatchObject({ outcome: 'failed', error: expect.stringMatching(/no list of 'contact'/) });
    expect(setup.mirror.counts().contacts).toBe(before);
  });

  it('a list suddenly empty (totalresults 0): kept until a second sync agrees, and the summary says so', async () => {
    const { setup, state } = await lyingSync(
      ({ operation }) => (operation === 'get-contacts' ? { json: { result: 'success', totalresults: '0', startnumber: '0', numreturned: '0' } } : undefined),
      { lying: false },
    );
    await setup.syncer.sync();
    const before = setup.mirror.counts().contacts;
    expect(before).toBeGreaterThan(0);
    state.on = true;
    const kept = await setup.syncer.sync();
    expect(result(kept, 'contacts')).toMatchObject({ outcome: 'ok', removed: 0, warnings: [expect.stringMatching(/lists no contacts where there were \d+: they are kept until the next sync confirms it/)] });
    expect(setup.mirror.counts().contacts).toBe(before);
    const confirmed = await setup.syncer.sync();
    expect(result(confirmed, 'contacts')).toMatchObject({ outcome: 'ok', removed: before, warnings: [] });
    expect(setup.mirror.counts().contacts).toBe(0);
  });

  it('a negative id: refused at decode, naming the field; the mirror keeps its tickets', async () => {
    const { setup, state } = await lyingSync(
      ({ operation, json }) => {
        if (operation !== 'get-tickets') return undefined;
        json.tickets.ticket[0].id = '-7';
        return { json };
      },
      { lying: false },
    );
    await setup.syncer.sync();
    const before = setup.mirror.counts().tickets;
    state.on = true;
    const summary = await setup.syncer.sync();
    expect(result(summary, 'tickets')).toMatchObject({ outcome: 'failed', error: expect.stringMatching(/tickets\.ticket\[0\]\.id.*an id.*-7/) });
    expect(setup.mirror.counts().tickets).toBe(before);
  });
});

describe('a provider that stalls', () => {
  it('a body trickled a byte at a time: the request ends at its total deadline, the rest syncs', async () => {
    const { setup } = await lyingSync(
      ({ operation, body }) => (operation === 'get-announcements' ? { trickle: Buffer.concat([Buffer.from(' '.repeat(4000)), body]) } : undefined),
      { timeoutMs: 1000 },
    );
    const summary = await setup.syncer.sync();
    expect(result(summary, 'announcements')).toMatchObject({ outcome: 'failed', error: expect.stringMatching(/timed out.*still coming/) });
    expect(othersOk(summary, 'announcements')).toEqual([]);
  });

  it('one operation that never answers fails alone: the resources after it are synced, not skipped as unreachable', async () => {
    const { setup } = await lyingSync(({ operation }) => (operation === 'get-orders' ? { hang: true } : undefined), { timeoutMs: 1000 });
    const summary = await setup.syncer.sync();
    expect(result(summary, 'orders')).toMatchObject({ outcome: 'failed', error: expect.stringMatching(/timed out/) });
    expect(othersOk(summary, 'orders')).toEqual([]);
    expect(setup.syncer.connectivity.state).toBe('online');
  });

  it('a base URL that leaves two operations in a row unanswered is judged unreachable: its later resources skipped, the alt one\'s read', async () => {
    const { setup, provider } = await lyingSync(({ operation }) => (operation === 'get-orders' || operation === 'get-contacts' ? { hang: true } : undefined), {
      timeoutMs: 1000,
    });
    const summary = await setup.syncer.sync();
    const outcomes = Object.fromEntries(summary.resources.map((r) => [r.resource, r.outcome]));
    // Base: orders and contacts time out (transactions, on the alt base URL, comes between and is read).
    expect(outcomes).toMatchObject({ orders: 'failed', transactions: 'ok', contacts: 'failed', announcements: 'skipped', catalogue: 'skipped' });
    expect(result(summary, 'announcements').error).toMatch(/base URL did not answer 2 operations in a row/);
    expect(provider.requests('get-announcements')).toBe(0);
  });

  it('a 401 on one operation after a successful renewal fails that resource only: still signed in and online', async () => {
    const { setup } = await lyingSync(({ operation }) =>
      operation === 'get-contacts' ? { status: 401, json: { error: 'access_denied', message: 'This operation is not allowed for this token' } } : undefined,
    );
    const summary = await setup.syncer.sync();
    expect(result(summary, 'contacts')).toMatchObject({ outcome: 'failed' });
    expect(othersOk(summary, 'contacts')).toEqual([]);
    expect(setup.client.session.status.state).toBe('signed_in');
    expect(setup.syncer.connectivity.state).toBe('online');
  });
});

describe('a provider that hands out tokens that are already expired', () => {
  it('expires_in 0: the token is used for a short while, not the password sent again for every request', async () => {
    const { setup } = await lyingSync(({ operation, json }) => (operation === 'token' ? { json: { ...json, expires_in: 0 } } : undefined));
    expect((await setup.syncer.sync()).outcome).toBe('ok');
    expect(setup.client.session.grantCounts).toEqual({ password: 1, refresh: 0 });
  });
});

describe('a provider that writes values in other forms', () => {
  it('reads what is clear, keeps a record whose value cannot be read with that field unset, and says so', async () => {
    const changed = { domain: 0, flagged: 0, order: 0, service: 0 };
    const { setup } = await lyingSync(({ operation, json }) => {
      if (operation === 'get-clients-domains') {
        changed.domain = Number(json['domains[domain][0][id]']);
        json['domains[domain][0][expirydate]'] = 'next spring';
        changed.flagged = Number(json['domains[domain][1][id]']);
        json['domains[domain][1][dnsmanagement]'] = '2';
      } else if (operation === 'get-orders') {
        changed.order = Number(json['orders[order][0][id]']);
        json['orders[order][0][amount]'] = '12.9500';
        json['orders[order][0][date]'] = '2023-03-21T10:00:00.000000Z';
      } else if (operation === 'get-clients-products') {
        changed.service = Number(json.products.product[0].id);
        json.products.product[0].diskusage = '1.5';
      } else return undefined;
      return { json };
    });
    const summary = await setup.syncer.sync();
    expect(summary.outcome).toBe('ok');
    expect(result(summary, 'domains').warnings).toEqual([expect.stringMatching(/^domains: expirydate could not be read in 1 record .*next spring.*left unset/)]);
    expect(setup.mirror.get('domains', changed.domain)).toMatchObject({ expiryDate: null });
    expect(setup.mirror.get('domains', changed.flagged)).toMatchObject({ dnsManagement: true });
    expect(setup.mirror.get('orders', changed.order)).toMatchObject({ amount: '12.95', date: '2023-03-21 10:00:00' });
    expect(setup.mirror.get('services', changed.service)).toMatchObject({ diskUsage: 1.5 });
  });
});
