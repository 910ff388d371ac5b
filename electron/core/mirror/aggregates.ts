/**
 * The dashboard's figures, each one SQL query over the mirror (never the rows themselves): counts by status,
 * the domain expiry radar (counted with the domains list's own filters, so a bucket and the list it links to
 * always agree), tickets awaiting the user, payments per calendar month and the latest announcements.
 */
import type { Database } from 'better-sqlite3';
import {
  AWAITING_YOU_STATUS,
  CLOSED_TICKET_STATUS,
  PAYMENT_MONTHS,
  type AnnouncementBrief,
  type DashboardData,
  type ExpiryBucket,
  type MonthlyPayments,
  type StatusCount,
  type TicketBrief,
} from '../../../shared/dashboard.js';
import { listWhere } from './list-query.js';
import type { Filters } from './resources.js';
import { statement } from './statements.js';

const EXPIRY_BUCKETS: { key: ExpiryBucket['key']; filters: Filters<'domains'> & Record<string, string | number> }[] = [
  { key: 'expired', filters: { status: 'Expired' } },
  { key: 'grace', filters: { status: 'Grace' } },
  { key: 'within30', filters: { status: 'Active', expiringWithinDays: 30 } },
  { key: 'within60', filters: { status: 'Active', expiringWithinDays: 60 } },
  { key: 'within90', filters: { status: 'Active', expiringWithinDays: 90 } },
];

const AWAITING_SHOWN = 8;
const ANNOUNCEMENTS_SHOWN = 5;

export function dashboard(db: Database, today: string): DashboardData {
  return {
    today,
    services: statusCounts(db, 'services'),
    domains: statusCounts(db, 'domains'),
    tickets: statusCounts(db, 'tickets'),
    openTickets: statement(db, 'SELECT COUNT(*) FROM tickets WHERE status != ?').pluck().get(CLOSED_TICKET_STATUS) as number,
    expiry: EXPIRY_BUCKETS.map(({ key, filters }) => {
      const where = listWhere('domains', { filters }, today);
      const count = statement(db, `SELECT COUNT(*) FROM domains ${where.sql}`).pluck().get(...where.values) as number;
      return { key, count, filters };
    }),
    awaitingYou: {
      count: statement(db, 'SELECT COUNT(*) FROM tickets WHERE status = ?').pluck().get(AWAITING_YOU_STATUS) as number,
      latest: statement(
        db,
        `SELECT id, tid, subject, status, priority, last_reply AS lastReply FROM tickets WHERE status = ?
         ORDER BY last_reply DESC, id DESC LIMIT ?`,
      ).all(AWAITING_YOU_STATUS, AWAITING_SHOWN) as TicketBrief[],
    },
    payments: monthlyPayments(db, today),
    announcements: statement(
      db,
      'SELECT id, title, date FROM announcements WHERE published = 1 ORDER BY date DESC, id DESC LIMIT ?',
    ).all(ANNOUNCEMENTS_SHOWN) as AnnouncementBrief[],
  };
}

function statusCounts(db: Database, table: 'services' | 'domains' | 'tickets'): StatusCount[] {
  return statement(db, `SELECT status, COUNT(*) AS count FROM ${table} GROUP BY status ORDER BY count DESC, status`).all() as StatusCount[];
}

/**
 * The last PAYMENT_MONTHS calendar months up to today's, oldest first, with zeros where nothing was paid. One
 * range query a month over a covering index (migration 4): several times faster on the large demo account
 * than one GROUP BY on the month's text, which reads every row.
 */
function monthlyPayments(db: Database, today: string): MonthlyPayments[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = year * 12 + month - PAYMENT_MONTHS;
  const sum = statement(
    db,
    `SELECT COALESCE(SUM(amount_in_cents), 0) AS inCents, COALESCE(SUM(amount_out_cents), 0) AS outCents, COUNT(*) AS count
     FROM transactions WHERE date >= ? AND date < ?`,
  );
  return Array.from({ length: PAYMENT_MONTHS }, (_, i) => {
    const m = monthOf(first + i);
    return { month: m, ...(sum.get(`${m}-01`, `${monthOf(first + i + 1)}-01`) as Omit<MonthlyPayments, 'month'>) };
  });
}

/** `YYYY-mm` of a month counted from year 0 (year * 12 + zero-based month). */
function monthOf(index: number): string {
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
