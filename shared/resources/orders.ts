/** Orders: their list screen and detail pane; queued edits show over them. */
import { moneyColumn, type SharedResourceDescriptor } from './descriptor.js';

export const orders = {
  overlaid: true,
  view: {
    resource: 'orders',
    titleFields: ['orderNum'],
    titlePrefix: 'order',
    searchable: true,
    columns: [
      { field: 'orderNum', kind: 'mono', width: 130, sort: 'orderNum' },
      { field: 'date', kind: 'datetime', width: 196, sort: 'date' },
      { field: 'status', kind: 'status', words: 'status', width: 110, sort: 'status' },
      { field: 'paymentStatus', kind: 'status', words: 'status', width: 120, sort: 'paymentStatus' },
      moneyColumn('amount', { sort: 'amount' }),
      { field: 'paymentMethodName', kind: 'text', width: 150 },
      { field: 'invoiceId', kind: 'mono', width: 100 },
    ],
    filters: [
      { name: 'status', kind: 'choice', words: 'status' },
      { name: 'paymentStatus', kind: 'choice' },
      { name: 'date', kind: 'range' },
    ],
    detail: [
      {
        title: 'overview',
        fields: [
          { field: 'date', kind: 'datetime' },
          { field: 'paymentStatus', kind: 'status' },
          { field: 'amount', kind: 'money' },
          { field: 'paymentMethodName', kind: 'text' },
          { field: 'invoiceId', kind: 'mono' },
          { field: 'promoCode', kind: 'mono' },
          { field: 'nameservers', kind: 'mono' },
          { field: 'notes', kind: 'text' },
        ],
      },
      {
        title: 'lineItems',
        tables: [
          {
            field: 'lineItems',
            columns: [
              { field: 'domain', kind: 'text' },
              { field: 'product', kind: 'text' },
              { field: 'productType', kind: 'text' },
              { field: 'billingCycle', kind: 'text', words: 'regYears' },
              { field: 'amount', kind: 'money' },
              { field: 'status', kind: 'status' },
            ],
            link: { typeField: 'type', idField: 'relId', targets: { product: 'services', domain: 'domains' } },
          },
        ],
      },
      { title: 'fraud', fields: [{ field: 'fraudModule', kind: 'text' }, { field: 'ipAddress', kind: 'mono' }] },
    ],
  },
} satisfies SharedResourceDescriptor<'orders'>;
