/**
 * The dashboard's aggregates against a real mirror file: counts by status, the expiry radar (each bucket equal
 * to the domains list its filters give), tickets awaiting the user, payments per month and announcements.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mirror } from '../../electron/core/mirror/index.js';
import { announcement, domain, openMirror, service, tempDir, ticket, transaction, TODAY } from './mirror-fixtures.js';

let mirror: Mirror;
let cleanup: () => void;

beforeAll(() => {
  const temp = tempDir();
  cleanup = temp.cleanup;
  mirror = openMirror(temp.dir); // today is 2026-11-22
  mirror.applySnapshot('domains', [
    domain(1, { status: 'Active', expiryDate: '2026-11-22' }), // today: within 30
    domain(2, { status: 'Active', expiryDate: '2026-12-22' }), // day 30: within 30
    domain(3, { status: 'Active', expiryDate: '2026-12-23' }), // day 31: within 60
    domain(4, { status: 'Active', expiryDate: '2027-02-20' }), // day 90: within 90
    domain(5, { status: 'Active', expiryDate: '2027-02-21' }), // day 91: none
    domain(6, { status: 'Cancelled', expiryDate: '2026-11-30' }), // cancelled: not on the radar
    domain(7, { status: 'Expired', expiryDate: '2026-08-01' }),
    domain(8, { status: 'Expired', expiryDate: '2026-09-01' }),
    domain(9, { status: 'Grace', expiryDate: '2026-11-10' }),
    domain(10, { status: 'Pending', expiryDate: null }),
  ]);
  mirror.applySnapshot('services', [service(1), service(2, { status: 'Suspended' }), service(3)]);
  mirror.applySnapshot('tickets', [
    ticket(1, { status: 'Answered', lastReply: '2026-11-20 09:00:00', subject: 'Older answer' }),
    ticket(2, { status: 'Answered', lastReply: '2026-11-21 09:00:00', subject: 'Newer answer' }),
    ticket(3, { status: 'Customer-Reply' }),
    ticket(4, { status: 'Closed' }),
  ]);
  mirror.applySnapshot('transactions', [
    transaction(1, { date: '2026-11-02 10:00:00', amountIn: '10.50' }),
    transaction(2, { date: '2026-11-20 10:00:00', amountIn: '0.25', amountOut: '1.00' }),
    transaction(3, { date: '2024-12-31 23:59:59', amountIn: '7.00' }), // first of the 24 months
    transaction(4, { date: '2024-11-30 12:00:00', amountIn: '99.00' }), // 25 months ago: left out
    transaction(5, { date: '2026-12-01 00:00:00', amountIn: '99.00' }), // next month: left out
    transaction(6, { date: null, amountIn: '99.00' }),
  ]);
  mirror.applySnapshot('announcements', [
    announcement(1, { date: '2026-10-01 08:00:00', title: 'October' }),
    announcement(2, { date: '2026-11-15 08:00:00', title: 'November' }),
    announcement(3, { date: '2026-11-20 08:00:00', title: 'Draft', published: false }),
  ]);
});
afterAll(() => {
  mirror.dispose();
  cleanup();
});

describe('Mirror.dashboard', () => {
  it('counts each resource by status, most first', () => {
    const data = mirror.dashboard();
    expect(data.today).toBe(TODAY);
    expect(data.services).toEqual([
      { status: 'Active', count: 2 },
      { status: 'Suspended', count: 1 },
    ]);
    expect(data.domains.find((s) => s.status === 'Active')?.count).toBe(5);
    expect(data.tickets).toEqual([
      { status: 'Answered', count: 2 },
      { status: 'Closed', count: 1 },
      { status: 'Customer-Reply', count: 1 },
    ]);
    expect(data.openTickets).toBe(3);
  });

  it('puts domains in expiry buckets whose filters list exactly the counted domains', () => {
    const { expiry } = mirror.dashboard();
    expect(Object.fromEntries(expiry.map((b) => [b.key, b.count]))).toEqual({ expired: 2, grace: 1, within30: 2, within60: 3, within90: 4 });
    for (const bucket of expiry) {
      const listed = mirror.list('domains', { filters: bucket.filters, limit: 100 });
      expect(listed.total, bucket.key).toBe(bucket.count);
    }
    expect(expiry.find((b) => b.key === 'within30')?.filters).toEqual({ status: 'Active', expiringWithinDays: 30 });
  });

  it('lists the tickets awaiting the user, newest reply first', () => {
    const { awaitingYou } = mirror.dashboard();
    expect(awaitingYou.count).toBe(2);
    expect(awaitingYou.latest.map((t) => t.subject)).toEqual(['Newer answer', 'Older answer']);
    expect(awaitingYou.latest[0]).toMatchObject({ id: 2, tid: '100002', status: 'Answered', lastReply: '2026-11-21 09:00:00' });
  });

  it('sums payments per calendar month over the last 24, with empty months as zeros', () => {
    const { payments } = mirror.dashboard();
    expect(payments).toHaveLength(24);
    expect(payments[0]).toEqual({ month: '2024-12', inCents: 700, outCents: 0, count: 1 });
    expect(payments[23]).toEqual({ month: '2026-11', inCents: 1075, outCents: 100, count: 2 });
    expect(payments[12]).toEqual({ month: '2025-12', inCents: 0, outCents: 0, count: 0 });
    expect(payments.reduce((sum, m) => sum + m.count, 0)).toBe(3);
  });

  it('shows the latest published announcements only', () => {
    expect(mirror.dashboard().announcements.map((a) => a.title)).toEqual(['November', 'October']);
  });

  it('reads payments and the radar from covering indexes alone (migration 4), never the rows', () => {
    const plan = (sql: string, ...args: unknown[]) =>
      (mirror.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[]).map((r) => r.detail).join(' | ');
    expect(plan('SELECT SUM(amount_in_cents), SUM(amount_out_cents), COUNT(*) FROM transactions WHERE date >= ? AND date < ?', 'a', 'b')).toMatch(
      /COVERING INDEX transactions_date_amounts/,
    );
    expect(plan('SELECT COUNT(*) FROM domains WHERE status = ? AND expiry_date BETWEEN ? AND ?', 'Active', 'a', 'b')).toMatch(
      /COVERING INDEX domains_status_expiry/,
    );
  });
});
