/**
 * billing.summary and billing.orderPayments through Desk.call, against the sandbox provider over real HTTP and a
 * real mirror file: the invoice figures, credit and income are the provider's own (counted in its database), the
 * orders not paid are exactly those whose invoice is unpaid (not those refunded or cancelled), and an order's
 * payments are the transactions of its invoice. And a sync that finds more invoices overdue than the one before
 * says so as a notable change.
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

  it('gives every invoice figure, the credit and the income with the count and amount the provider holds', async () => {
    const summary = await desk.call('billing.summary');
    const { invoices } = summary;
    expect(invoices?.map((f) => f.key)).toEqual(['due', 'overdue', 'unpaid', 'draft', 'paid', 'cancelled', 'refunded', 'collections']);
    const rows = providerRows<{ total: string; status: string; duedate: string }>('SELECT total, status, duedate FROM invoices WHERE userid = 1');
    const today = (providerRows<{ today: string }>("SELECT date('now') AS today")[0]!).today;
    const expected = (matches: (row: { status: string; duedate: string }) => boolean) => {
      const picked = rows.filter(matches);
      return { count: picked.length, cents: picked.reduce((sum, r) => sum + toCents(r.total), 0) };
    };
    const provider: Record<string, ReturnType<typeof expected>> = {
      // Due: every Unpaid invoice; overdue: those past their due date (the provider's own rules, sandbox/server/ops/client.ts).
      due: expected((r) => r.status === 'Unpaid'),
      overdue: expected((r) => r.status === 'Unpaid' && r.duedate < today),
      unpaid: expected((r) => r.status === 'Unpaid'),
      draft: expected((r) => r.status === 'Draft'),
      paid: expected((r) => r.status === 'Paid'),
      cancelled: expected((r) => r.status === 'Cancelled'),
      refunded: expected((r) => r.status === 'Refunded'),
      collections: expected((r) => r.status === 'Collections'),
    };
    for (const figure of invoices!) expect({ count: figure.count, cents: toCents(figure.amount.amount!) }, figure.key).toEqual(provider[figure.key]);
    expect(provider.overdue!.count, 'an overdue invoice in the demo data').toBeGreaterThan(0);

    const [client] = providerRows<{ credit: string }>('SELECT credit FROM clients WHERE id = 1');
    expect(toCents(summary.creditBalance!.amount!)).toBe(toCents(client!.credit));
    expect(summary.inCredit).toBe(toCents(client!.credit) > 0);
    const payments = providerRows<{ amountin: string; fees: string; amountout: string }>('SELECT amountin, fees, amountout FROM transactions WHERE userid = 1');
    expect(toCents(summary.income!.amount!)).toBe(payments.reduce((sum, t) => sum + toCents(t.amountin) - toCents(t.fees) - toCents(t.amountout), 0));
  });

  it('counts as not paid the orders whose invoice is unpaid, as the provider does: none paid, refunded or cancelled', async () => {
    const { unpaidOrders } = await desk.call('billing.summary');
    const orders = providerRows<{ id: number; amount: string; invoice: string | null }>(
      'SELECT o.id, o.amount, i.status AS invoice FROM orders o LEFT JOIN invoices i ON i.id = o.invoiceid WHERE o.userid = 1',
    );
    // The demo data holds orders refunded and cancelled, which were counted as not paid.
    expect(orders.some((o) => o.invoice === 'Refunded') && orders.some((o) => o.invoice === 'Cancelled')).toBe(true);
    const unpaid = orders.filter((o) => o.invoice === 'Unpaid');
    expect(unpaid.length).toBeGreaterThan(0);
    expect(unpaidOrders.count).toBe(unpaid.length);
    expect(unpaidOrders.totalCents).toBe(unpaid.reduce((sum, o) => sum + toCents(o.amount), 0));
    expect(unpaidOrders.rows.map((o) => o.id).sort((a, b) => a - b)).toEqual(unpaid.map((o) => o.id).slice(0, UNPAID_ORDERS_SHOWN).sort((a, b) => a - b));
    expect(unpaidOrders.rows.every((o) => o.paymentStatus === 'Unpaid')).toBe(true);
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
