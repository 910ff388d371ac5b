/**
 * billing.summary and billing.orderPayments through Desk.call, against the sandbox provider over real HTTP and a
 * real mirror file: the invoice figures are the provider's own (counted in its database), the unpaid orders are
 * exactly those whose invoice is not paid, and an order's payments are the transactions of its invoice. And a
 * sync that finds more invoices overdue than the one before says so as a notable change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNPAID_ORDERS_SHOWN } from '../../../shared/billing.js';
import { toCents } from '../../../shared/money.js';
import type { Desk } from '../../../electron/core/desk/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { deskOnSandbox } from './sandbox-desk.js';

let sb: RunningSandbox;
let desk: Desk;
let close: () => Promise<void>;

const providerRows = <T>(sql: string, ...args: unknown[]) => sb.db.prepare(sql).all(...args) as T[];

beforeAll(async () => {
  ({ desk, sb, close } = await deskOnSandbox('desk-billing-'));
  expect((await desk.call('sync.run')).outcome).toBe('ok');
});

afterAll(() => close?.());

describe('billing.summary', () => {
  it('before the first sync has no invoice figures and no unpaid orders (the screen says they come with a sync)', async () => {
    const fresh = await deskOnSandbox('desk-billing-empty-');
    try {
      expect(await fresh.desk.call('billing.summary')).toEqual({
        invoices: null,
        creditBalance: null,
        inCredit: false,
        income: null,
        unpaidOrders: { count: 0, totalCents: 0, rows: [] },
      });
    } finally {
      await fresh.close();
    }
  });

  it('gives every invoice figure of the stats with the count and total the provider holds', async () => {
    const { invoices } = await desk.call('billing.summary');
    expect(invoices?.map((f) => f.key)).toEqual(['due', 'overdue', 'unpaid', 'draft', 'paid', 'cancelled', 'refunded', 'collections']);
    const byStatus = (status: string) => providerRows<{ total: string }>('SELECT total FROM invoices WHERE userid = 1 AND status = ?', status);
    const expected = (rows: { total: string }[]) => ({ count: rows.length, cents: rows.reduce((sum, r) => sum + toCents(r.total), 0) });
    for (const [key, status] of [['unpaid', 'Unpaid'], ['draft', 'Draft'], ['paid', 'Paid'], ['cancelled', 'Cancelled'], ['refunded', 'Refunded'], ['collections', 'Collections']] as const) {
      const figure = invoices!.find((f) => f.key === key)!;
      expect({ count: figure.count, cents: toCents(figure.amount.amount!) }, key).toEqual(expected(byStatus(status)));
    }
    expect(invoices!.reduce((n, f) => n + f.count, 0)).toBeGreaterThan(0);
  });

  it('lists the orders not paid with their count and total, none paid and none without an invoice', async () => {
    const { unpaidOrders } = await desk.call('billing.summary');
    const unpaid = providerRows<{ id: number; amount: string }>(
      "SELECT o.id, o.amount FROM orders o JOIN invoices i ON i.id = o.invoiceid WHERE o.userid = 1 AND i.status != 'Paid'",
    );
    expect(unpaidOrders.count).toBe(unpaid.length);
    expect(unpaidOrders.totalCents).toBe(unpaid.reduce((sum, o) => sum + toCents(o.amount), 0));
    expect(unpaidOrders.rows).toHaveLength(Math.min(unpaid.length, UNPAID_ORDERS_SHOWN));
    for (const order of unpaidOrders.rows) expect(unpaid.some((o) => o.id === order.id), `order ${order.id}`).toBe(true);
    expect(unpaidOrders.rows.every((o) => o.paymentStatus !== 'Paid' && o.paymentStatus !== '')).toBe(true);
  });
});

describe('billing.orderPayments', () => {
  it("gives the transactions of the order's invoice, and none for an unknown order", async () => {
    const [order] = providerRows<{ id: number; invoiceid: number }>(
      'SELECT o.id, o.invoiceid FROM orders o WHERE o.userid = 1 AND o.invoiceid IN (SELECT invoiceid FROM transactions WHERE userid = 1) LIMIT 1',
    );
    expect(order, 'an order with a payment in the demo data').toBeDefined();
    const payments = await desk.call('billing.orderPayments', { orderId: order!.id });
    const expected = providerRows<{ id: number }>('SELECT id FROM transactions WHERE userid = 1 AND invoiceid = ? ORDER BY date, id', order!.invoiceid);
    expect(payments.map((p) => p.id)).toEqual(expected.map((t) => t.id));
    expect(await desk.call('billing.orderPayments', { orderId: 999_999_999 })).toEqual([]);
  });
});

describe('the overdue invoices notable change', () => {
  it('is found when a sync sees more invoices overdue than the previous one, not when it sees fewer', async () => {
    const ids = sb.db.prepare("SELECT id FROM invoices WHERE userid = 1 AND status = 'Unpaid' ORDER BY id LIMIT 2").pluck().all() as number[];
    expect(ids).toHaveLength(2);
    const dueOn = (day: string) => sb.db.prepare(`UPDATE invoices SET duedate = ? WHERE id IN (${ids.join(',')})`).run(day);
    const overdueNotes = async () => (await desk.call('sync.run', { only: ['client'] })).notableChanges.filter((c) => c.kind === 'invoices-overdue');

    dueOn('2999-01-01');
    expect(await overdueNotes()).toEqual([]);
    const before = (await desk.call('billing.summary')).invoices!.find((f) => f.key === 'overdue')!.count;

    dueOn('2000-01-01');
    const notes = await overdueNotes();
    expect(notes).toHaveLength(1);
    expect(notes[0]!.params).toMatchObject({ count: before + 2, previous: before });
    expect((await desk.call('billing.summary')).invoices!.find((f) => f.key === 'overdue')!.count).toBe(before + 2);

    dueOn('2999-01-01');
    expect(await overdueNotes()).toEqual([]);
  });
});
