/**
 * catalogue.refreshGroup through Desk.call against the sandbox provider: a group's products read again with
 * get-filtered-products into the mirror (a price changed on the provider, a product added to the group and one
 * taken out), and with the provider out of reach, the mirror's copy with when it was read (after a restart too).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Desk } from '../../../electron/core/desk/index.js';
import { MemoryVault } from '../../../electron/core/vault/memory-vault.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { deskOnSandbox } from './sandbox-desk.js';

let sb: RunningSandbox;
let desk: Desk;
let close: () => Promise<void>;
let dataDir: string;
const vault = new MemoryVault('tests');
const clock = () => now;
/** The Desk reopened on the same data folder (the app started again), ended before the folder is removed. */
let reopened: Desk | null = null;
let now = Date.parse('2026-03-01T09:00:00Z');
let gid: number;

beforeAll(async () => {
  ({ desk, sb, close, dataDir } = await deskOnSandbox('desk-catalogue-group-', { clock, vault }));
  await desk.call('sync.run');
  gid = (sb.db.prepare('SELECT gid FROM products GROUP BY gid HAVING COUNT(*) > 1 ORDER BY gid LIMIT 1').get() as { gid: number }).gid;
});
afterAll(async () => {
  await reopened?.dispose();
  await close?.();
});

const monthly = async (pid: number) => {
  const entry = (await desk.call('data.get', { resource: 'catalogue', id: pid })) as { pricing: Record<string, Record<string, string>> } | null;
  return entry?.pricing.USD?.monthly;
};
const groupPids = async () =>
  ((await desk.call('data.list', { resource: 'catalogue', filters: { gid } })).rows as { pid: number }[]).map((p) => p.pid).sort((a, b) => a - b);
const providerPids = () => (sb.db.prepare('SELECT pid FROM products WHERE gid = ? ORDER BY pid').pluck().all(gid) as number[]);

describe('catalogue.refreshGroup', () => {
  it("brings the provider's current prices and products of the group into the mirror", async () => {
    const [first, second] = providerPids();
    const setPrice = (pid: number, price: string) => {
      const row = sb.db.prepare('SELECT pricing FROM products WHERE pid = ?').get(pid) as { pricing: string };
      const pricing = JSON.parse(row.pricing) as { USD: Record<string, string> };
      pricing.USD.monthly = price;
      sb.db.prepare('UPDATE products SET pricing = ? WHERE pid = ?').run(JSON.stringify(pricing), pid);
    };
    setPrice(first!, '123.45');
    // One product added to the group on the provider (a copy of the first), one moved out of it.
    const added = Number(sb.db.prepare(
      "INSERT INTO products (gid, type, name, description, paytype, pricing) SELECT gid, type, 'Brand new plan', description, paytype, pricing FROM products WHERE pid = ?",
    ).run(first).lastInsertRowid);
    const otherGid = sb.db.prepare('SELECT gid FROM products WHERE gid != ? LIMIT 1').pluck().get(gid) as number;
    sb.db.prepare('UPDATE products SET gid = ? WHERE pid = ?').run(otherGid, second);
    expect(await monthly(first!)).not.toBe('123.45');

    now += 60_000;
    const check = await desk.call('catalogue.refreshGroup', { gid });
    expect(check).toEqual({ gid, fresh: true, asOf: new Date(now).toISOString(), count: providerPids().length });
    expect(await monthly(first!)).toBe('123.45');
    expect(await groupPids()).toEqual(providerPids());
    expect(await groupPids()).toContain(added);
    expect(await groupPids()).not.toContain(second);
    // The product kept its add-ons; the new one has its own read from the provider.
    const entry = (await desk.call('data.get', { resource: 'catalogue', id: added })) as { name: string; addons: unknown[] };
    expect(entry.name).toBe('Brand new plan');
    expect(entry.addons).toEqual([]);
  });

  it('out of reach, answers with the mirror’s copy and when it was read', async () => {
    const readAt = new Date(now).toISOString();
    const before = await groupPids();
    sb.setFaults({ reset: 1 });
    try {
      now += 60_000;
      expect(await desk.call('catalogue.refreshGroup', { gid })).toEqual({ gid, fresh: false, asOf: readAt, count: before.length });
      expect(await groupPids()).toEqual(before);
    } finally {
      sb.setFaults({ reset: 0 });
    }
  });

  it('knows when the group was read after the app is started again, newer than the last sync', async () => {
    // Back in reach (a sync says so), the group is read a minute after the catalogue's sync.
    await desk.call('sync.run');
    now += 60_000;
    const { fresh, asOf: readAt } = await desk.call('catalogue.refreshGroup', { gid });
    expect(fresh).toBe(true);
    const syncedAt = (await desk.call('sync.status')).resources.find((r) => r.resource === 'catalogue')?.lastSyncedAt;
    expect(syncedAt && readAt && syncedAt < readAt).toBe(true);
    await desk.dispose();
    desk = reopened = await Desk.open({ dataDir, vault, background: false, clock });
    await desk.call('accounts.select', { name: 'Main' });
    sb.setFaults({ reset: 1 });
    try {
      now += 60_000;
      expect(await desk.call('catalogue.refreshGroup', { gid })).toMatchObject({ fresh: false, asOf: readAt });
    } finally {
      sb.setFaults({ reset: 0 });
    }
  });

  it('names each group as the account’s services name it, most used first; a group none of whose products is in use has no name', async () => {
    const groups = await desk.call('catalogue.groups');
    // The names the account's services (as mirrored) give the groups of their products, counted per group.
    const mirrored = (await desk.call('data.list', { resource: 'catalogue', limit: 1000 })).rows as { pid: number; gid: number }[];
    const services = (await desk.call('data.list', { resource: 'services', limit: 1000 })).rows as { pid: number; groupName: string }[];
    const uses = new Map<number, Map<string, number>>();
    for (const service of services) {
      const group = mirrored.find((p) => p.pid === service.pid)?.gid;
      if (group === undefined || service.groupName === '') continue;
      const names = uses.get(group) ?? new Map<string, number>();
      names.set(service.groupName, (names.get(service.groupName) ?? 0) + 1);
      uses.set(group, names);
    }
    const mostUsed = (group: number) => [...(uses.get(group) ?? [])].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : 1))[0]?.[0] ?? null;
    expect(groups.map((g) => g.gid)).toEqual([...new Set(mirrored.map((p) => p.gid))].sort((a, b) => a - b));
    for (const group of groups) {
      expect(group.name, `group ${group.gid}`).toBe(mostUsed(group.gid));
      expect(group.products).toBe(mirrored.filter((p) => p.gid === group.gid).length);
    }
    expect(groups.some((g) => g.name !== null)).toBe(true);

    // A group whose products nobody uses yet: no name, however the provider calls it.
    const lonely = Number(sb.db.prepare("INSERT INTO product_groups (name) VALUES ('Reseller Extras')").run().lastInsertRowid);
    sb.db.prepare("INSERT INTO products (gid, type, name, description, paytype, pricing) SELECT ?, type, 'Extra plan', description, paytype, pricing FROM products LIMIT 1").run(lonely);
    await desk.call('sync.run');
    expect((await desk.call('catalogue.groups')).find((g) => g.gid === lonely)).toEqual({ gid: lonely, name: null, products: 1 });
  });

  it('refuses a group id that is not a whole number above 0, naming the field', async () => {
    await expect(desk.call('catalogue.refreshGroup', { gid: 0 })).rejects.toMatchObject({ code: 'invalid_input', issues: [{ field: 'gid' }] });
  });
});
