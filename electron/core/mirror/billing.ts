/**
 * The Billing screen's figures, read with SQL over the mirror (never the rows in the renderer): the invoice
 * figures of the client's stats (kept as JSON in the one client row), the orders not paid with their count and
 * total, and the payments against one order's invoice.
 */
import type { Database } from 'better-sqlite3';
import { UNPAID_ORDERS_SHOWN, type BillingSummary, type InvoiceFigure, type OrderPayment, type UnpaidOrder } from '../../../shared/billing.js';
import type { ClientDetailsResult, ClientStats, FormattedMoney } from '../../../shared/models.js';
import { statement } from './statements.js';

/**
 * An order is not paid while its invoice is Unpaid, the status the provider counts as due: one paid, refunded,
 * cancelled, in draft or without an invoice ('') is not owed.
 */
const NOT_PAID = 'Unpaid';

/** Each invoice figure's count and amount in the stats. */
const FIGURES: { key: InvoiceFigure['key']; count: keyof ClientStats; amount: keyof ClientStats }[] = [
  { key: 'due', count: 'numDueInvoices', amount: 'dueInvoicesBalance' },
  { key: 'overdue', count: 'numOverdueInvoices', amount: 'overdueInvoicesBalance' },
  { key: 'unpaid', count: 'numUnpaidInvoices', amount: 'unpaidInvoicesAmount' },
  { key: 'draft', count: 'numDraftInvoices', amount: 'draftInvoicesBalance' },
  { key: 'paid', count: 'numPaidInvoices', amount: 'paidInvoicesAmount' },
  { key: 'cancelled', count: 'numCancelledInvoices', amount: 'cancelledInvoicesAmount' },
  { key: 'refunded', count: 'numRefundedInvoices', amount: 'refundedInvoicesAmount' },
  { key: 'collections', count: 'numCollectionsInvoices', amount: 'collectionsInvoicesAmount' },
];

export function billingSummary(db: Database): BillingSummary {
  const stats = clientStats(db);
  return {
    invoices: stats ? FIGURES.map(({ key, count, amount }) => ({ key, count: stats[count] as number, amount: stats[amount] as FormattedMoney })) : null,
    creditBalance: stats?.creditBalance ?? null,
    inCredit: stats?.inCredit ?? false,
    income: stats?.income ?? null,
    unpaidOrders: {
      ...(statement(db, 'SELECT COUNT(*) AS count, COALESCE(SUM(amount_cents), 0) AS totalCents FROM orders WHERE payment_status = ?').get(NOT_PAID) as {
        count: number;
        totalCents: number;
      }),
      rows: statement(
        db,
        `SELECT id, order_num AS orderNum, date, status, payment_status AS paymentStatus, amount_cents AS amountCents, invoice_id AS invoiceId
         FROM orders WHERE payment_status = ? ORDER BY date DESC, id DESC LIMIT ?`,
      ).all(NOT_PAID, UNPAID_ORDERS_SHOWN) as UnpaidOrder[],
    },
  };
}

/** The stats of the client's one row, or null before a sync has read them. */
function clientStats(db: Database): ClientStats | null {
  const json = statement(db, 'SELECT json FROM client LIMIT 1').pluck().get() as string | undefined;
  return json === undefined ? null : (JSON.parse(json) as ClientDetailsResult).stats;
}

/** The payments against an order's invoice, oldest first; none when the order has no invoice. */
export function orderPayments(db: Database, orderId: number): OrderPayment[] {
  return statement(
    db,
    `SELECT t.id, t.date, t.gateway, t.trans_id AS transId, t.amount_in_cents AS amountInCents, t.amount_out_cents AS amountOutCents
     FROM orders o JOIN transactions t ON t.invoice_id = o.invoice_id
     WHERE o.id = ? AND o.invoice_id IS NOT NULL AND o.invoice_id != 0 ORDER BY t.date, t.id`,
  ).all(orderId) as OrderPayment[];
}
