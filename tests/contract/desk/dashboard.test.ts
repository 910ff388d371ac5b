/**
 * data.dashboard through Desk.call, against the sandbox provider over real HTTP and a real mirror file: its
 * figures are the provider's own, counted in the provider's database (status counts, tickets awaiting the
 * user, payments of the last 24 months, published announcements), and each radar bucket is its list's total.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localToday } from '../../../electron/core/mirror/calendar.js';
import { toCents } from '../../../shared/money.js';
import type { Desk } from '../../../electron/core/desk/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { deskOnSandbox } from './sandbox-desk.js';

let sb: RunningSandbox;
let desk: Desk;
let close: () => Promise<void>;

/** One number the provider's database gives for the demo client (user 1). */
const providerCount = (sql: string, ...args: unknown[]) => (sb.db.prepare(sql).pluck().get(...args) as number) ?? 0;

beforeAll(async () => {
  ({ desk, sb, close } = await deskOnSandbox('desk-dashboard-'));
  expect((await desk.call('sync.run')).outcome).toBe('ok');
});

afterAll(() => close?.());

describe('data.dashboard', () => {
  it('counts by status and the tickets awaiting the user as the provider has them', async () => {
    const data = await desk.call('data.dashboard');
    for (const [resource, table] of [['domains', 'domains'], ['tickets', 'tickets']] as const) {
      for (const { status, count } of data[resource]) {
        expect(count, `${resource} ${status}`).toBe(providerCount(`SELECT COUNT(*) FROM ${table} WHERE userid = 1 AND status = ?`, status));
      }
    }
    expect(data.openTickets).toBe(providerCount("SELECT COUNT(*) FROM tickets WHERE userid = 1 AND status != 'Closed'"));
    expect(data.awaitingYou.count).toBe(providerCount("SELECT COUNT(*) FROM tickets WHERE userid = 1 AND status = 'Answered'"));
    expect(data.awaitingYou.latest.every((t) => t.status === 'Answered')).toBe(true);
  });

  it('sums the payments of the last 24 months as the provider recorded them', async () => {
    const { payments } = await desk.call('data.dashboard');
    expect(payments).toHaveLength(24);
    expect(payments.at(-1)!.month).toBe(localToday().slice(0, 7));
    const rows = sb.db
      .prepare('SELECT amountin FROM transactions WHERE userid = 1 AND date >= ? AND date < ?')
      .pluck()
      // "-32" sorts after every date of the month.
      .all(`${payments[0]!.month}-01`, `${payments.at(-1)!.month}-32`) as string[];
    expect(payments.reduce((sum, m) => sum + m.inCents, 0)).toBe(rows.reduce((sum, amount) => sum + toCents(amount), 0));
    expect(payments.reduce((sum, m) => sum + m.count, 0)).toBe(rows.length);
  });

  it('gives each expiry bucket the filters whose list has exactly its count', async () => {
    const { expiry } = await desk.call('data.dashboard');
    expect(expiry.map((b) => b.key)).toEqual(['expired', 'grace', 'within30', 'within60', 'within90']);
    for (const bucket of expiry) {
      expect((await desk.call('data.list', { resource: 'domains', filters: bucket.filters, limit: 1 })).total, bucket.key).toBe(bucket.count);
    }
  });

  it('lists the latest published announcements', async () => {
    const { announcements } = await desk.call('data.dashboard');
    const newest = sb.db.prepare('SELECT title FROM announcements WHERE published = 1 ORDER BY date DESC, id DESC LIMIT 5').pluck().all();
    expect(announcements.map((a) => a.title)).toEqual(newest);
  });
});
