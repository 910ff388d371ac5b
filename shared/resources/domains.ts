/** Domains: their list screen and detail pane; queued edits show over them. */
import { moneyColumn, type SharedResourceDescriptor } from './descriptor.js';

export const domains = {
  overlaid: true,
  view: {
    resource: 'domains',
    titleFields: ['domainName'],
    searchable: true,
    // What a domain is read by first — its name, status, expiry and price — fits a 1024-wide window; the rest
    // scroll beside them.
    columns: [
      { field: 'domainName', kind: 'text', width: 240, sort: 'domainName' },
      // Wide enough for a status and its "Renewal for 2 years pending" beside it.
      { field: 'status', kind: 'status', words: 'status', width: 250, sort: 'status' },
      { field: 'expiryDate', kind: 'date', width: 120, sort: 'expiryDate' },
      moneyColumn('recurringAmount', { sort: 'recurringAmount' }),
      { field: 'nextDueDate', kind: 'date', width: 120, sort: 'nextDueDate' },
      { field: 'doNotRenew', kind: 'bool', width: 120 },
      { field: 'registrar', kind: 'text', width: 130 },
      { field: 'regDate', kind: 'date', width: 120, sort: 'regDate' },
    ],
    filters: [
      { name: 'status', kind: 'choice', words: 'status' },
      { name: 'registrar', kind: 'choice' },
      { name: 'expiryDate', kind: 'range' },
      { name: 'expiringWithinDays', kind: 'within' },
      { name: 'nextDueDate', kind: 'range' },
      { name: 'doNotRenew', kind: 'flag' },
    ],
    detail: [
      {
        title: 'overview',
        fields: [
          { field: 'regType', kind: 'text' },
          { field: 'registrar', kind: 'text' },
          { field: 'regPeriod', kind: 'number', unit: 'years' },
          { field: 'orderId', label: 'order', kind: 'link', to: 'orders' },
        ],
      },
      {
        title: 'dates',
        fields: [
          { field: 'regDate', kind: 'date' },
          { field: 'expiryDate', kind: 'date' },
          { field: 'nextDueDate', kind: 'date' },
        ],
      },
      {
        title: 'billing',
        fields: [
          { field: 'firstPaymentAmount', kind: 'money' },
          { field: 'recurringAmount', kind: 'money' },
          { field: 'paymentMethodName', kind: 'text' },
          { field: 'doNotRenew', kind: 'bool' },
        ],
      },
      {
        title: 'options',
        fields: [
          { field: 'dnsManagement', kind: 'bool' },
          { field: 'emailForwarding', kind: 'bool' },
          { field: 'idProtection', kind: 'bool' },
          { field: 'notes', kind: 'text' },
        ],
      },
    ],
  },
} satisfies SharedResourceDescriptor<'domains'>;
