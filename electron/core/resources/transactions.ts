/** Transactions (payments): a paged list. */
import { equalsText, equalsNumber, range } from '../mirror/descriptor.js';
import type { EngineResource } from './descriptor.js';
import { cents, details } from './columns.js';

export const transactions = {
  table: 'transactions',
  idOf: (t) => t.id,
  columns: {
    date: (t) => t.date,
    gateway: (t) => t.gateway,
    invoice_id: (t) => t.invoiceId,
    trans_id: (t) => t.transId,
    amount_in_cents: (t) => cents(t.amountIn),
    amount_out_cents: (t) => cents(t.amountOut),
  },
  sort: {
    id: 'id',
    date: 'date',
    gateway: 'gateway',
    invoiceId: 'invoice_id',
    amountIn: 'amount_in_cents',
    amountOut: 'amount_out_cents',
  },
  defaultSort: { field: 'date', dir: 'desc' },
  filters: {
    invoiceId: equalsNumber('invoice_id'),
    gateway: equalsText('gateway'),
    date: range('date'),
  },
  search: {
    slot: 8,
    terms: (t) => [t.transId],
    heading: (t) => ({ title: t.transId, details: details(['date', t.date?.slice(0, 10)], ['text', t.gateway], ['amount', t.amountIn]) }),
  },
  pull: { kind: 'pagedList', operation: 'get-transactions' },
} satisfies EngineResource<'transactions'>;
