/** Invoices created through the app: their list screen and detail pane; queued edits show over them. */
import { moneyColumn, type SharedResourceDescriptor } from './descriptor.js';

export const invoices = {
  overlaid: true,
  view: {
    resource: 'invoices',
    titleFields: ['id'],
    titlePrefix: 'invoice',
    searchable: false,
    columns: [
      { field: 'id', label: 'invoice', kind: 'mono', width: 100, sort: 'id' },
      { field: 'status', kind: 'status', words: 'status', width: 110 },
      { field: 'date', kind: 'date', width: 120 },
      { field: 'dueDate', kind: 'date', width: 120 },
      moneyColumn('total'),
      { field: 'createdAt', kind: 'datetime', width: 170, sort: 'createdAt' },
    ],
    filters: [{ name: 'status', kind: 'choice', words: 'status' }],
    detail: [
      {
        title: 'overview',
        fields: [
          { field: 'date', kind: 'date' },
          { field: 'dueDate', kind: 'date' },
          { field: 'total', kind: 'money' },
          { field: 'notes', kind: 'text' },
          { field: 'createdAt', kind: 'datetime' },
        ],
      },
      {
        title: 'items',
        tables: [
          {
            field: 'items',
            columns: [
              { field: 'description', kind: 'text' },
              { field: 'amount', kind: 'money' },
              { field: 'taxed', kind: 'bool' },
            ],
          },
        ],
      },
    ],
  },
} satisfies SharedResourceDescriptor<'invoices'>;
