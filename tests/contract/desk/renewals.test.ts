/**
 * Renewals on a real Desk and sandbox: the plan prices each domain from the whois answers, fetching online the
 * endings it lacks (one whois each), and offline gives the last known price with its date (or says it is not known), lists apart the domains the provider would refuse with why, renew queues one
 * add-order with domainrenewals that the lists, the detail and the search mark as pending (the sandbox's
 * applying it is tests/contract/sandbox/ops-orders.test.ts's). The payment methods the account's records use,
 * most used first, and the catalogue's custom fields kept in the mirror.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Desk } from '../../../electron/core/desk/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { RENEWABLE_DOMAIN_STATUSES } from '../../../shared/renewals.js';
import { callError, deskOnSandbox } from './sandbox-desk.js';

let desk: Desk;
let sb: RunningSandbox;
let close: () => Promise<void>;
type Row = { id: number; domainName: string; status: string; expiryDate: string | null; marks?: unknown };
let domains: Row[];

const tldOf = (name: string) => name.slice(name.indexOf('.'));

beforeAll(async () => {
  ({ desk, sb, close } = await deskOnSandbox('desk-renewals-'));
  await desk.call('sync.run');
  domains = (await desk.call('data.list', { resource: 'domains', limit: 1000 })).rows.flatMap((r) => ('domainName' in r && typeof r.id === 'number' ? [{ ...r, id: r.id }] : []));
}, 120_000);

afterAll(() => close?.());

describe('domains.renewalPlan', () => {
  it('online, fetches the price of every ending it lacks, one whois per ending, and lists apart what cannot be renewed', async () => {
    const active = domains.filter((d) => d.status === 'Active');
    const priced = active[0]!;
    const other = active.find((d) => tldOf(d.domainName) !== tldOf(priced.domainName))!;
    const sameEnding = active.filter((d) => tldOf(d.domainName) === tldOf(other.domainName));
    const blocked = domains.find((d) => !RENEWABLE_DOMAIN_STATUSES.includes(d.status))!;
    // A check of another name of the same TLD leaves its prices in the mirror.
    const check = await desk.call('domains.whois', { domain: `zq-renewal-price-probe${tldOf(priced.domainName)}` });
    const twoYears = check.value.prices!.renew.biennially!;

    sb.resetRequestCounts();
    const plan = await desk.call('domains.renewalPlan', { names: [priced.domainName.toUpperCase(), ...sameEnding.map((d) => d.domainName), blocked.domainName, 'zq-not-mine.com'], years: 2 });
    // The ending no answer priced was asked about once, for all its names; the one cached fresh was not.
    expect(sb.requestCounts().whois).toBe(1);
    const provider = (sb.db.prepare('SELECT renew FROM tld_pricing WHERE tld = ?').get(tldOf(other.domainName)) as { renew: string }).renew;
    expect(plan.renew).toEqual([
      { id: priced.id, name: priced.domainName, status: 'Active', expiryDate: priced.expiryDate, years: 2, price: twoYears, pricePerYear: expect.stringMatching(/^\d+\.\d\d$/), priceAsOf: check.fetchedAt },
      ...sameEnding.map((d) => expect.objectContaining({ id: d.id, price: JSON.parse(provider)['2'], priceAsOf: expect.any(String) })),
    ]);
    expect(plan.leftOut).toEqual([
      { name: blocked.domainName, id: blocked.id, status: blocked.status, reason: `is ${blocked.status}: only active, expired, grace and redemption domains can be renewed` },
      { name: 'zq-not-mine.com', id: null, status: null, reason: 'is not among your domains (as last synced)' },
    ]);
    expect(plan).toMatchObject({ unknownPrices: 0, unreachable: false });
    expect(plan.total).toBe(plan.knownTotal);
    expect((await desk.call('domains.renewalPlan', { ids: [priced.id], years: 2 })).total).toBe(twoYears);
    // Asked again, the answers are fresh: nothing more is asked.
    sb.resetRequestCounts();
    await desk.call('domains.renewalPlan', { names: sameEnding.map((d) => d.domainName), years: 1 });
    expect(sb.requestCounts().whois).toBeUndefined();
    expect((await callError(desk.call('domains.renewalPlan', { ids: [priced.id], years: 11 }))).message).toMatch(/years: must be at most 10/);
  });

  it('with the provider out of reach, gives the last known price with its date, and says what is not known offline', async () => {
    const fresh = await deskOnSandbox('desk-renewals-offline-');
    try {
      await fresh.desk.call('sync.run');
      const rows = (await fresh.desk.call('data.list', { resource: 'domains', limit: 1000 })).rows.flatMap((r) => ('domainName' in r && r.status === 'Active' ? [String(r.domainName)] : []));
      const [known, unknown] = [rows[0]!, rows.find((name) => tldOf(name) !== tldOf(rows[0]!))!];
      const check = await fresh.desk.call('domains.whois', { domain: known });
      // The provider gone (connections refused), found by a sync; then asked with the cached answer gone stale.
      await fresh.sb.stop();
      await fresh.desk.call('sync.run').catch(() => undefined);
      expect((await fresh.desk.call('session.info')).connectivity).toBe('offline');
      await fresh.desk.call('settings.set', { whoisCacheMinutes: 0 });
      const plan = await fresh.desk.call('domains.renewalPlan', { names: [known, unknown], years: 1 });
      expect(plan.unreachable).toBe(true);
      expect(plan.renew).toEqual([
        expect.objectContaining({ name: known, price: check.value.prices!.renew.annually, priceAsOf: check.fetchedAt }),
        expect.objectContaining({ name: unknown, price: null, priceAsOf: null }),
      ]);
      expect(plan).toMatchObject({ total: null, unknownPrices: 1 });
    } finally {
      await fresh.close();
    }
  });

  it('takes the domains as a Domains list shows them: the same plan as their ids, one price lookup per ending', async () => {
    const shown = { filters: { expiringWithinDays: 90 } };
    const { rows } = await desk.call('data.list', { resource: 'domains', ...shown, limit: 1000 });
    expect(rows.length).toBeGreaterThan(1);
    const ids = rows.flatMap((r) => (typeof r.id === 'number' ? [r.id] : []));
    const byList = await desk.call('domains.renewalPlan', { shown, years: 1 });
    expect(byList).toEqual(await desk.call('domains.renewalPlan', { ids, years: 1 }));
    expect(byList.renew.length + byList.leftOut.length).toBe(ids.length);
    // Every name of an ending that a cached answer prices is priced, not only the first of them.
    const endingsPriced = new Set(byList.renew.filter((d) => d.price !== null).map((d) => tldOf(d.name)));
    expect(byList.renew.filter((d) => endingsPriced.has(tldOf(d.name))).every((d) => d.price !== null)).toBe(true);
    expect((await callError(desk.call('domains.renewalPlan', { years: 1 }))).message).toMatch(/names, ids or shown/);
  });

  it('reads a review a page at a time: the summary of the whole plan with each page, the pages making up the whole', async () => {
    const shown = { filters: { expiringWithinDays: 90 } };
    const whole = await desk.call('domains.renewalPlan', { shown, years: 1 });
    expect(whole.count).toBe(whole.renew.length);
    expect(whole.count).toBeGreaterThan(3);
    const first = await desk.call('domains.renewalPlan', { shown, years: 1, limit: 2 });
    expect(first).toEqual({ ...whole, renew: whole.renew.slice(0, 2) });
    const pages = [first.renew];
    for (let offset = 2; offset < whole.count; offset += 2) {
      const page = await desk.call('domains.renewalPlan', { shown, years: 1, offset, limit: 2 });
      expect(page).toMatchObject({ offset, count: whole.count, token: whole.token, knownTotal: whole.knownTotal, unknownPrices: whole.unknownPrices });
      pages.push(page.renew);
    }
    expect(pages.flat()).toEqual(whole.renew);
    // The known part of the total, and how many prices are not known.
    const known = whole.renew.filter((d) => d.price !== null);
    expect(whole.unknownPrices).toBe(whole.count - known.length);
    expect(whole.knownTotal).toBe(known.length === 0 ? null : (known.reduce((cents, d) => cents + Math.round(Number(d.price) * 100), 0) / 100).toFixed(2));
  });

  it("gives a domain its own years (yearsOf), priced for them, and the token changes with any line's years", async () => {
    const active = domains.filter((d) => d.status === 'Active');
    const [a, b] = [active.at(-1)!, active.at(-2)!];
    await desk.call('domains.whois', { domain: `zq-renewal-years-probe${tldOf(a.domainName)}` });
    const same = await desk.call('domains.renewalPlan', { names: [a.domainName, b.domainName], years: 1 });
    const own = await desk.call('domains.renewalPlan', { names: [a.domainName, b.domainName], years: 1, yearsOf: { [a.domainName.toUpperCase()]: 3 } });
    expect(own.renew.map((d) => [d.name, d.years])).toEqual([[a.domainName, 3], [b.domainName, 1]]);
    expect(own.renew[0]!.price).not.toBe(same.renew[0]!.price);
    expect(own.token).not.toBe(same.token);
    expect((await callError(desk.call('domains.renewalPlan', { names: [a.domainName], years: 1, yearsOf: { [a.domainName]: 11 } }))).message).toMatch(/must be at most 10/);
  });
});

describe('domains.renew', () => {
  it('queues one add-order with domainrenewals, marked on the domains in list, detail and search, and refuses a second', async () => {
    const [a, b] = domains.filter((d) => d.status === 'Active');
    await sb.stop();
    const { plan, entry } = await desk.call('domains.renew', { names: [a!.domainName, b!.domainName], years: 3 });
    expect(plan.renew.map((d) => d.name)).toEqual([a!.domainName, b!.domainName]);
    expect(entry).toMatchObject({ kind: 'add-order', params: { domainrenewals: { [a!.domainName]: 3, [b!.domainName]: 3 }, paymentmethod: expect.any(String) } });

    const mark = [{ kind: 'renewal', years: 3, entryId: entry.id }];
    const list = await desk.call('data.list', { resource: 'domains', limit: 1000 });
    expect(list.rows.find((r) => r.id === a!.id)).toMatchObject({ marks: mark, pending: null });
    expect(list.rows.find((r) => r.id === domains.find((d) => d.id !== a!.id && d.id !== b!.id)!.id)).not.toHaveProperty('marks');
    expect(await desk.call('data.get', { resource: 'domains', id: b!.id })).toMatchObject({ marks: mark });
    const hits = await desk.call('data.search', { text: a!.domainName });
    expect(hits.find((h) => h.resource === 'domains' && h.id === a!.id)).toMatchObject({ marks: mark });

    const again = await desk.call('domains.renewalPlan', { names: [a!.domainName], years: 1 });
    expect(again.leftOut[0]!.reason).toBe(`has a renewal queued already (outbox entry #${entry.id})`);
    const refused = await callError(desk.call('domains.renew', { names: [a!.domainName], years: 1 }));
    expect(refused.message).toBe(`Nothing to renew: ${a!.domainName} has a renewal queued already (outbox entry #${entry.id}).`);
  });
});

describe('domains.renew of a reviewed plan', () => {
  it('queues each domain with its own years when the plan is the one reviewed, and nothing when it has changed since', async () => {
    const active = domains.filter((d) => d.status === 'Active');
    const [a, b] = [active.at(-3)!, active.at(-4)!];
    const input = { names: [a.domainName, b.domainName], years: 1, yearsOf: { [b.domainName]: 4 } };
    const reviewed = await desk.call('domains.renewalPlan', input);
    const orders = async () => (await desk.call('outbox.list', { kind: 'add-order' })).length;
    const before = await orders();
    // Reviewed with b for four years, asked with b for two: not queued.
    const changed = await callError(desk.call('domains.renew', { ...input, yearsOf: { [b.domainName]: 2 }, reviewed: reviewed.token }));
    expect(changed).toMatchObject({ code: 'refused', issues: [{ field: 'reviewed' }] });
    expect(await orders()).toBe(before);
    const { entry } = await desk.call('domains.renew', { ...input, reviewed: reviewed.token });
    expect(entry.params).toMatchObject({ domainrenewals: { [a.domainName]: 1, [b.domainName]: 4 } });
    expect(await orders()).toBe(before + 1);
  });
});

describe('billing.paymentMethods', () => {
  it('names the methods the account\'s domains, services and orders use, most used first', async () => {
    const methods = await desk.call('billing.paymentMethods');
    expect(methods.length).toBeGreaterThan(0);
    const uses = methods.map((m) => m.uses);
    expect(uses).toEqual([...uses].sort((x, y) => y - x));
    const inDomains = domains.length;
    expect(uses.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(inDomains);
    for (const m of methods) expect(m.name).not.toBe('');
  });
});

describe('the catalogue in the mirror', () => {
  it('keeps each product\'s custom fields with their ids, for add-order\'s customfields', async () => {
    const products = (await desk.call('data.list', { resource: 'catalogue', limit: 1000 })).rows.flatMap((r) => ('payType' in r ? [r] : []));
    const withFields = products.filter((p) => p.customFields.length > 0);
    expect(withFields.length).toBeGreaterThan(0);
    for (const field of withFields.flatMap((p) => p.customFields)) expect(field).toEqual({ id: expect.any(Number), name: expect.any(String) });
    const one = withFields[0]!;
    expect(await desk.call('data.get', { resource: 'catalogue', id: one.pid })).toMatchObject({ customFields: one.customFields });
  });
});
