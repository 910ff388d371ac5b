/** Transactions (payments): their list screen and detail pane. */
import { moneyColumn, type SharedResourceDescriptor } from './descriptor.js';

export const transactions = {
  overlaid: false,
  view: {
    resource: 'transactions',
    titleFields: ['transId'],
    titlePrefix: 'payment',
    searchable: true,
    columns: [
      { field: 'date', kind: 'datetime', width: 196, sort: 'date' },
      { field: 'description', kind: 'text', width: 300 },
      { field: 'gateway', kind: 'text', width: 130, sort: 'gateway' },
      moneyColumn('amountIn', { sort: 'amountIn' }),
      moneyColumn('fees', { width: 90 }),
      moneyColumn('amountOut', { sort: 'amountOut' }),
      { field: 'transId', kind: 'mono', width: 170 },
      { field: 'invoiceId', kind: 'mono', width: 100, sort: 'invoiceId' },
    ],
    filters: [
      { name: 'gateway', kind: 'choice' },
      { name: 'date', kind: 'range' },
    ],
    detail: [
      {
        title: 'overview',
        fields: [
          { field: 'date', kind: 'datetime' },
          { field: 'description', kind: 'text' },
          { field: 'gateway', kind: 'text' },
          { field: 'amountIn', kind: 'money' },
          { field: 'fees', kind: 'money' },
          { field: 'amountOut', kind: 'money' },
          { field: 'rate', kind: 'mono' },
          { field: 'transId', kind: 'mono' },
          { field: 'invoiceId', kind: 'mono' },
          { field: 'refundId', kind: 'mono' },
        ],
      },
    ],
  },
} satisfies SharedResourceDescriptor<'transactions'>;
