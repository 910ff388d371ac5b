/**
 * Sync of the large preset against the sandbox over HTTP: the mirror equals the server, changes made on the
 * server (through its database) arrive with their notable-change strings, a cancelled sync leaves the mirror
 * consistent, and a sync under faults converges. One sandbox for the whole file (seeding takes seconds).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../sandbox/options.js';
import type { Mirror } from '../../../electron/core/mirror/index.js';
import type { SyncProgress, SyncSummary } from '../../../electron/core/sync/index.js';
import { allRows, dateOrNull, setUpSync, startTestSandbox, type SyncSetup } from './harness.js';

let sb: RunningSandbox;
let setup: SyncSetup;
let userid: number;
let clock: Date;

beforeAll(async () => {
  sb = await startTestSandbox({ preset: 'large' });
  userid = sb.accounts[0]!.userid;
  clock = new Date(2026, 10, 22, 12, 0, 0);
  // Generous retries: the fault test sends hundreds of requests with 30% of them failing.
  setup = await setUpSync(sb, { now: () => clock, retry: { maxAttempts: 10 } });
}, 120_000);

afterAll(async () => {
  setup?.close();
  await sb?.stop();
});

const server = <T>(sql: string, ...params: unknown[]) => sb.db.prepare(sql).all(...params) as T[];
const serverOne = <T>(sql: string, ...params: unknown[]) => sb.db.prepare(sql).get(...params) as T;

/** Ids and key fields of every resource, from the server's tables (account 1 only) and from the mirror. */
function snapshotOfServer() {
  return {
    client: server<object>('SELECT id, email FROM clients WHERE id = ?', userid),
    departments: server<object>('SELECT id, name FROM departments WHERE hidden = 0 ORDER BY id'),
    tickets: server<object>('SELECT id, tid, status, subject FROM tickets WHERE owner_userid = ? ORDER BY id', userid),
    services: server<object>('SELECT id, name, domain, status FROM services WHERE userid = ? ORDER BY id', userid),
    domains: server<{ expirydate: string }>(
      'SELECT id, domainname, status, expirydate FROM domains WHERE userid = ? ORDER BY id',
      userid,
    ).map((d) => ({ ...d, expirydate: dateOrNull(d.expirydate) })),
    orders: server<object>(
      `SELECT o.id, o.ordernum, o.status, COALESCE(i.status, '') AS paymentstatus,
         (SELECT COUNT(*) FROM order_lineitems l WHERE l.orderid = o.id) AS lineitems
       FROM orders o LEFT JOIN invoices i ON i.id = o.invoiceid WHERE o.userid = ? ORDER BY o.id`,
      userid,
    ),
    transactions: server<object>('SELECT id, transid, amountin FROM transactions WHERE userid = ? ORDER BY id', userid),
    contacts: server<object>('SELECT id, email, firstname FROM contacts WHERE userid = ? ORDER BY id', userid),
    announcements: server<object>('SELECT id, title FROM announcements ORDER BY id'),
    catalogue: server<object>(
      `SELECT pid, name, (SELECT COUNT(*) FROM addon_products a WHERE a.pid = p.pid) AS addons,
         (SELECT COUNT(*) FROM configoptions c WHERE c.pid = p.pid) AS options,
         (SELECT COUNT(*) FROM configoption_choices x JOIN configoptions c ON c.id = x.configid WHERE c.pid = p.pid) AS choices
       FROM products p ORDER BY pid`,
    ),
  };
}

function snapshotOfMirror(mirror: Mirror): ReturnType<typeof snapshotOfServer> {
  return {
    client: allRows(mirror, 'client').map((c) => ({ id: c.client.userId, email: c.client.email })),
    departments: allRows(mirror, 'departments').map((d) => ({ id: d.id, name: d.name })),
    tickets: allRows(mirror, 'tickets').map((t) => ({ id: t.id, tid: t.tid, status: t.status, subject: t.subject })),
    services: allRows(mirror, 'services').map((s) => ({ id: s.id, name: s.name, domain: s.domain, status: s.status })),
    domains: allRows(mirror, 'domains').map((d) => ({
      id: d.id, domainname: d.domainName, status: d.status, expirydate: d.expiryDate,
    })),
    orders: allRows(mirror, 'orders').map((o) => ({
      id: o.id, ordernum: o.orderNum, status: o.status, paymentstatus: o.paymentStatus, lineitems: o.lineItems.length,
    })),
    transactions: allRows(mirror, 'transactions').map((t) => ({ id: t.id, transid: t.transId, amountin: t.amountIn })),
    contacts: allRows(mirror, 'contacts').map((c) => ({ id: c.id, email: c.email, firstname: c.firstName })),
    announcements: allRows(mirror, 'announcements').map((a) => ({ id: a.id, title: a.title })),
    catalogue: allRows(mirror, 'catalogue').map((p) => ({
      pid: p.pid,
      name: p.name,
      addons: p.addons.length,
      options: p.configOptions.length,
      choices: p.configOptions.reduce((n, o) => n + o.choices.length, 0),
    })),
  };
}

const counts = (summary: SyncSummary) =>
  Object.fromEntries(summary.resources.map((r) => [r.resource, [r.added, r.changed, r.removed]]));

describe('sync of the large preset', () => {
  it('mirrors every resource of the account exactly', async () => {
    const summary = await setup.syncer.sync();
    expect(summary.outcome).toBe('ok');
    expect(summary.resources.every((r) => r.outcome === 'ok')).toBe(true);
    // The first sync imports; nothing in it is news.
    expect(summary.notable).toEqual([]);

    const expected = snapshotOfServer();
    expect(expected.domains).toHaveLength(20_000);
    expect(snapshotOfMirror(setup.mirror)).toEqual(expected);
    for (const state of setup.mirror.syncStates()) {
      expect(state.lastError).toBeNull();
      expect(state.rowCount).toBe(expected[state.resource].length);
    }
    expect(setup.mirror.syncRuns(1)[0]).toMatchObject({ id: summary.runId, outcome: 'ok' });
    expect(setup.syncer.connectivity.state).toBe('online');
  }, 180_000);

  it('picks up server changes and removals, and spells out the notable ones', async () => {
    const ticket = serverOne<{ id: number; tid: string }>(
      "SELECT id, tid FROM tickets WHERE owner_userid = ? AND status <> 'Answered' ORDER BY id LIMIT 1",
      userid,
    );
    sb.db.prepare("UPDATE tickets SET status = 'Answered', lastreply = '2026-11-22 11:30:00' WHERE id = ?").run(ticket.id);

    const service = serverOne<{ id: number; name: string; domain: string }>(
      "SELECT id, name, domain FROM services WHERE userid = ? AND status = 'Active' AND domain <> '' ORDER BY id LIMIT 1",
      userid,
    );
    sb.db.prepare("UPDATE services SET status = 'Suspended', suspensionreason = 'Overdue' WHERE id = ?").run(service.id);

    const order = serverOne<{ id: number; ordernum: string; invoiceid: number }>(
      `SELECT o.id, o.ordernum, o.invoiceid FROM orders o JOIN invoices i ON i.id = o.invoiceid
       WHERE o.userid = ? AND i.status = 'Unpaid' AND (SELECT COUNT(*) FROM orders x WHERE x.invoiceid = o.invoiceid) = 1
       ORDER BY o.id LIMIT 1`,
      userid,
    );
    sb.db.prepare("UPDATE invoices SET status = 'Paid', datepaid = '2026-11-22 11:00:00' WHERE id = ?").run(order.invoiceid);

    const gone = server<{ id: number }>('SELECT id FROM contacts WHERE userid = ? ORDER BY id LIMIT 3', userid).map((c) => c.id);
    sb.db.prepare(`DELETE FROM contacts WHERE id IN (${gone.join(',')})`).run();

    const expiring = serverOne<{ id: number; domainname: string }>(
      "SELECT id, domainname FROM domains WHERE userid = ? AND status = 'Active' AND expirydate > '2027-01-31' ORDER BY id LIMIT 1",
      userid,
    );
    sb.db.prepare("UPDATE domains SET expirydate = '2026-12-06' WHERE id = ?").run(expiring.id);

    const newDomainId = serverOne<{ n: number }>('SELECT MAX(id) + 1 AS n FROM domains').n;
    sb.db
      .prepare(
        `INSERT INTO domains (id, userid, orderid, regtype, domainname, registrar, regperiod, firstpaymentamount, recurringamount,
           paymentmethod, paymentmethodname, regdate, expirydate, nextduedate, status)
         VALUES (?, ?, 0, 'Register', 'brand-new-zebra.com', 'enom', 1, '9.95', '9.95', 'mailin', 'Mail In',
           '2026-11-21', '2027-11-21', '2027-11-21', 'Active')`,
      )
      .run(newDomainId, userid);

    const announcementId = serverOne<{ n: number }>('SELECT MAX(id) + 1 AS n FROM announcements').n;
    sb.db
      .prepare(
        `INSERT INTO announcements (id, date, title, announcement, published, created_at, updated_at)
         VALUES (?, '2026-11-22 09:00:00', 'Datacenter migration in December', '<p>Details</p>', 1,
           '2026-11-22 09:00:00', '2026-11-22 09:00:00')`,
      )
      .run(announcementId);

    const summary = await setup.syncer.sync();
    expect(summary.outcome).toBe('ok');
    expect(counts(summary)).toMatchObject({
      tickets: [0, 1, 0],
      services: [0, 1, 0],
      domains: [1, 1, 0],
      orders: [0, 1, 0],
      transactions: [0, 0, 0],
      contacts: [0, 0, 3],
      announcements: [1, 0, 0],
      catalogue: [0, 0, 0],
    });
    expect([...summary.notable].sort()).toEqual(
      [
        `ticket #${ticket.tid} answered`,
        `service ${service.name} (${service.domain}) suspended`,
        `order #${order.ordernum} paid`,
        `${expiring.domainname} expires in 14 days`,
        'new announcement: Datacenter migration in December',
      ].sort(),
    );

    const mirror = setup.mirror;
    expect(snapshotOfMirror(mirror)).toEqual(snapshotOfServer());
    for (const id of gone) expect(mirror.get('contacts', id)).toBeNull();
    expect(mirror.search('brand-new-zebra').map((hit) => [hit.resource, hit.id])).toEqual([['domains', newDomainId]]);
    const expiringSoon = mirror.list('domains', { text: expiring.domainname, filters: { expiringWithinDays: 14 } });
    expect(expiringSoon.rows.map((d) => d.id)).toEqual([expiring.id]);
    expect(mirror.list('tickets', { text: ticket.tid, filters: { status: 'Answered' } }).rows.map((t) => t.id)).toEqual([ticket.id]);
    expect(setup.mirror.syncRuns(1)[0]?.summary).toEqual(summary);
  }, 180_000);

  it('a sync cancelled in the middle of domains keeps the finished resources and leaves domains as they were', async () => {
    clock = new Date(2026, 10, 22, 13, 0, 0);
    const before = new Map(setup.mirror.syncStates().map((s) => [s.resource, s]));
    const domainsBefore = setup.mirror.counts().domains;
    const ticket = serverOne<{ id: number }>('SELECT id FROM tickets WHERE owner_userid = ? ORDER BY id DESC LIMIT 1', userid);
    sb.db.prepare("UPDATE tickets SET subject = 'Renamed before the cancelled sync' WHERE id = ?").run(ticket.id);
    const domainId = serverOne<{ n: number }>('SELECT MAX(id) + 1 AS n FROM domains').n;
    sb.db
      .prepare(
        `INSERT INTO domains (id, userid, orderid, regtype, domainname, registrar, regperiod, firstpaymentamount, recurringamount,
           paymentmethod, paymentmethodname, regdate, expirydate, nextduedate, status)
         VALUES (?, ?, 0, 'Register', 'cancelled-run-domain.com', 'enom', 1, '9.95', '9.95', 'mailin', 'Mail In',
           '2026-11-22', '2027-11-22', '2027-11-22', 'Active')`,
      )
      .run(domainId, userid);

    const controller = new AbortController();
    const progress: SyncProgress[] = [];
    const onProgress = (p: SyncProgress) => {
      progress.push(p);
      if (p.resource === 'domains' && p.done > 0) controller.abort();
    };
    setup.syncer.on('sync.progress', onProgress);
    const summary = await setup.syncer.sync({ signal: controller.signal });
    setup.syncer.off('sync.progress', onProgress);

    expect(summary.outcome).toBe('cancelled');
    expect(Object.fromEntries(summary.resources.map((r) => [r.resource, r.outcome]))).toEqual({
      client: 'ok', departments: 'ok', tickets: 'ok', services: 'ok',
      domains: 'cancelled', orders: 'cancelled', transactions: 'cancelled', contacts: 'cancelled', announcements: 'cancelled',
      catalogue: 'cancelled',
    });
    const domainProgress = progress.filter((p) => p.resource === 'domains');
    expect(domainProgress.at(-1)!.done).toBeLessThan(20_001);

    // Finished resources are written; the cancelled one is untouched, not half-written.
    expect(setup.mirror.get('tickets', ticket.id)?.subject).toBe('Renamed before the cancelled sync');
    expect(setup.mirror.get('domains', domainId)).toBeNull();
    expect(setup.mirror.counts().domains).toBe(domainsBefore);
    const after = new Map(setup.mirror.syncStates().map((s) => [s.resource, s]));
    expect(after.get('tickets')!.lastSyncedAt).toBe(clock.toISOString());
    expect(after.get('domains')).toEqual(before.get('domains'));
    expect(after.get('orders')).toEqual(before.get('orders'));
    expect(setup.mirror.syncRuns(1)[0]).toMatchObject({ id: summary.runId, outcome: 'cancelled' });
    expect(setup.syncer.running).toBe(false);
  }, 180_000);

  it('converges under injected faults (500s and connection resets): reads are retried', async () => {
    sb.setFaults({ http500: 0.2, reset: 0.1 });
    const outcomes: string[] = [];
    try {
      for (let run = 0; run < 3 && outcomes.at(-1) !== 'ok'; run++) outcomes.push((await setup.syncer.sync()).outcome);
    } finally {
      sb.setFaults({ http500: 0, reset: 0 });
    }
    expect(outcomes.at(-1)).toBe('ok');
    expect(snapshotOfMirror(setup.mirror)).toEqual(snapshotOfServer());
    expect(setup.mirror.search('cancelled-run-domain').map((hit) => hit.resource)).toEqual(['domains']);
    expect(setup.syncer.connectivity.state).toBe('online');
  }, 300_000);
});
