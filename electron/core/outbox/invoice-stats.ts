/**
 * The API lists no invoices, so a create-invoice whose reply was lost is recognised by the account's invoice
 * statistics (get-clients-details with stats): recorded just before sending, compared after. One more invoice
 * in the queued invoice's status, by exactly its total, with every other status unchanged, is taken as it.
 */
import type { ClientStats, FormattedMoney } from '../../../shared/models.js';
import { toCents } from '../../../shared/money.js';
import type { MutationParams } from '../../../shared/outbox/schemas.js';
import { totalCents } from '../../../shared/invoice-total.js';

export { totalCents };

const BUCKETS = ['Draft', 'Unpaid', 'Paid', 'Cancelled', 'Refunded', 'Collections'] as const;
type Bucket = (typeof BUCKETS)[number];

/** Per invoice status: how many invoices, and their total in cents (null when the provider's text had no number). */
export type InvoiceStatsSnapshot = Record<Bucket, { count: number; cents: number | null }>;

export function invoiceStatsOf(stats: ClientStats): InvoiceStatsSnapshot {
  const bucket = (count: number, amount: FormattedMoney) => ({ count, cents: amount.amount === null ? null : toCents(amount.amount) });
  return {
    Draft: bucket(stats.numDraftInvoices, stats.draftInvoicesBalance),
    Unpaid: bucket(stats.numUnpaidInvoices, stats.unpaidInvoicesAmount),
    Paid: bucket(stats.numPaidInvoices, stats.paidInvoicesAmount),
    Cancelled: bucket(stats.numCancelledInvoices, stats.cancelledInvoicesAmount),
    Refunded: bucket(stats.numRefundedInvoices, stats.refundedInvoicesAmount),
    Collections: bucket(stats.numCollectionsInvoices, stats.collectionsInvoicesAmount),
  };
}

export type InvoiceStatsChange = { change: 'none' } | { change: 'one-invoice'; status: Bucket } | { change: 'other'; detail: string };

/** What happened between `before` and `after`, seen from the queued invoice. */
export function compareInvoiceStats(before: InvoiceStatsSnapshot, after: InvoiceStatsSnapshot, params: MutationParams<'create-invoice'>): InvoiceStatsChange {
  const changed = BUCKETS.filter((b) => before[b].count !== after[b].count || before[b].cents !== after[b].cents);
  if (changed.length === 0) return { change: 'none' };
  const status = statusOf(params);
  const delta = (b: Bucket) => `${b} ${signed(after[b].count - before[b].count)} invoices, ${cents(before[b].cents, after[b].cents)}`;
  const detail = changed.map(delta).join('; ');
  if (status === null || changed.length !== 1 || changed[0] !== status) return { change: 'other', detail };
  const total = totalCents(params);
  const { count: n0, cents: c0 } = before[status];
  const { count: n1, cents: c1 } = after[status];
  if (n1 === n0 + 1 && c0 !== null && c1 !== null && c1 - c0 === total) return { change: 'one-invoice', status };
  return { change: 'other', detail: `${detail} (the queued invoice is ${status}, total ${(total / 100).toFixed(2)})` };
}

/** The status the invoice is created with; null when the statistics do not count that status. */
function statusOf(params: MutationParams<'create-invoice'>): Bucket | null {
  const status = params.draft ? 'Draft' : (params.status ?? 'Unpaid');
  return (BUCKETS as readonly string[]).includes(status) ? (status as Bucket) : null;
}

const signed = (n: number) => (n >= 0 ? `+${n}` : String(n));

function cents(before: number | null, after: number | null): string {
  return before === null || after === null ? 'amount unknown' : `${signed(after - before)} cents`;
}
