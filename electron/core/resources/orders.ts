/** Orders: a paged list, with line items as a child table (lists filter orders by a line item's domain). */
import { equalsText, equalsNumber, range, child } from '../mirror/descriptor.js';
import type { EngineResource } from './descriptor.js';
import { cents, details } from './columns.js';

export const orders = {
  table: 'orders',
  idOf: (o) => o.id,
  columns: {
    order_num: (o) => o.orderNum,
    date: (o) => o.date,
    status: (o) => o.status,
    payment_status: (o) => o.paymentStatus,
    amount_cents: (o) => cents(o.amount),
    invoice_id: (o) => o.invoiceId,
  },
  sort: {
    id: 'id',
    orderNum: 'order_num',
    date: 'date',
    status: 'status',
    paymentStatus: 'payment_status',
    amount: 'amount_cents',
  },
  defaultSort: { field: 'date', dir: 'desc' },
  filters: {
    status: equalsText('status'),
    paymentStatus: equalsText('payment_status'),
    date: range('date'),
    invoiceId: equalsNumber('invoice_id'),
    /** Orders with a line item for this domain. */
    domain: child('order_line_items', 'domain'),
  },
  search: {
    slot: 3,
    terms: (o) => [o.orderNum],
    // The title is the order's number alone: the palette names the kind of each hit ("Order") in the reader's words.
    heading: (o) => ({
      title: `#${o.orderNum || o.id}`,
      details: details(['date', o.date?.slice(0, 10)], ['status', o.status], ['status', o.paymentStatus], ['amount', o.amount]),
    }),
  },
  children: [
    {
      table: 'order_line_items',
      columns: ['seq', 'type', 'rel_id', 'product_type', 'product', 'domain', 'billing_cycle', 'amount', 'status'],
      rows: (o) =>
        o.lineItems.map((item, seq) => [
          seq,
          item.type,
          item.relId,
          item.productType,
          item.product,
          item.domain,
          item.billingCycle,
          item.amount.text,
          item.status,
        ]),
    },
  ],
  pull: { kind: 'pagedList', operation: 'get-orders' },
} satisfies EngineResource<'orders'>;
