/** Notable changes that need a second sync or another day: status changes spelled out, expiries the calendar brings closer. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { addDays, daysBetween } from '../../../electron/core/mirror/index.js';
import { setUpSync, startTestSandbox, TODAY, type SyncSetup } from './harness.js';

let sb: RunningSandbox;
let setup: SyncSetup;
let userid: number;
let clock: Date;

beforeAll(async () => {
  sb = await startTestSandbox();
  userid = sb.accounts[0]!.userid;
  clock = new Date(2026, 10, 22, 12, 0, 0);
  setup = await setUpSync(sb, { now: () => clock });
});
afterAll(async () => {
  setup?.close();
  await sb?.stop();
});

const one = <T>(sql: string, ...params: unknown[]) => sb.db.prepare(sql).get(...params) as T;

describe('notable changes', () => {
  it('spell out service and order status changes', async () => {
    expect((await setup.syncer.sync()).notable).toEqual([]);
    const service = one<{ id: number; name: string; domain: string; status: string }>(
      "SELECT id, name, domain, status FROM services WHERE userid = ? AND status = 'Active' AND domain <> '' ORDER BY id LIMIT 1",
      userid,
    );
    sb.db.prepare("UPDATE services SET status = 'Terminated' WHERE id = ?").run(service.id);
    const order = one<{ id: number; ordernum: string; status: string }>(
      "SELECT id, ordernum, status FROM orders WHERE userid = ? AND status <> 'Cancelled' ORDER BY id LIMIT 1",
      userid,
    );
    sb.db.prepare("UPDATE orders SET status = 'Cancelled' WHERE id = ?").run(order.id);

    const summary = await setup.syncer.sync();
    expect(summary.notable).toEqual([
      `service ${service.name} (${service.domain}): Active → Terminated`,
      `order #${order.ordernum}: ${order.status} → Cancelled`,
    ]);
    // The same changes with their kind and record, for notifications that open it.
    expect(summary.notableChanges.map(({ kind, resource, id }) => ({ kind, resource, id }))).toEqual([
      { kind: 'service-status', resource: 'services', id: service.id },
      { kind: 'order-status', resource: 'orders', id: order.id },
    ]);
    // And their parts, for a front end to say them in its own language.
    expect(summary.notableChanges.map((c) => c.params)).toEqual([
      { subject: `${service.name} (${service.domain})`, from: 'Active', to: 'Terminated' },
      { subject: `#${order.ordernum}`, from: order.status, to: 'Cancelled' },
    ]);
    // Said once: the next sync has nothing new to say.
    expect((await setup.syncer.sync()).notable).toEqual([]);
  }, 60_000);

  it('a domain the calendar moves into the 30-day window is mentioned on the day it enters, once', async () => {
    const domain = one<{ id: number; domainname: string }>(
      "SELECT id, domainname FROM domains WHERE userid = ? AND status = 'Active' ORDER BY id LIMIT 1",
      userid,
    );
    // 35 days ahead: outside the window today, inside it five days later.
    sb.db.prepare('UPDATE domains SET expirydate = ? WHERE id = ?').run(addDays(TODAY, 35), domain.id);
    const changed = await setup.syncer.sync();
    expect(changed.notable.some((note) => note.startsWith(domain.domainname))).toBe(false);

    clock = new Date(2026, 10, 27, 9, 0, 0);
    const later = await setup.syncer.sync();
    // Every watched domain whose expiry entered (Nov 22 + 30, Nov 27 + 30] is news today; this one among them.
    const entered = sb.db
      .prepare(
        `SELECT domainname, expirydate FROM domains WHERE userid = ? AND status = 'Active' AND expirydate > ? AND expirydate <= ?
         ORDER BY expirydate, id`,
      )
      .all(userid, addDays(TODAY, 30), addDays('2026-11-27', 30)) as { domainname: string; expirydate: string }[];
    expect(later.notable).toEqual(entered.map((d) => `${d.domainname} expires in ${daysBetween('2026-11-27', d.expirydate)} days`));
    expect(later.notable).toContain(`${domain.domainname} expires in 30 days`);
    expect((await setup.syncer.sync()).notable).toEqual([]);
  }, 60_000);
});
