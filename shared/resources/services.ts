/** Services: their list screen and detail pane. */
import { moneyColumn, type SharedResourceDescriptor } from './descriptor.js';

export const services = {
  overlaid: false,
  view: {
    resource: 'services',
    titleFields: ['domain'],
    searchable: true,
    columns: [
      { field: 'domain', kind: 'text', width: 240, sort: 'domain' },
      { field: 'name', label: 'product', kind: 'text', width: 220, sort: 'name' },
      { field: 'status', kind: 'status', words: 'status', width: 110, sort: 'status' },
      { field: 'billingCycle', kind: 'text', width: 120 },
      { field: 'regDate', kind: 'date', width: 120, sort: 'regDate' },
      { field: 'nextDueDate', kind: 'date', width: 120, sort: 'nextDueDate' },
      moneyColumn('recurringAmount', { sort: 'recurringAmount' }),
    ],
    filters: [
      { name: 'status', kind: 'choice', words: 'status' },
      { name: 'billingCycle', kind: 'choice' },
      { name: 'nextDueDate', kind: 'range' },
    ],
    detail: [
      {
        title: 'overview',
        fields: [
          { field: 'name', label: 'product', kind: 'text' },
          { field: 'groupName', kind: 'text' },
          { field: 'domain', kind: 'text' },
          { field: 'suspensionReason', kind: 'text' },
          { field: 'orderId', label: 'order', kind: 'link', to: 'orders' },
          { field: 'username', kind: 'mono' },
        ],
      },
      {
        title: 'billing',
        fields: [
          { field: 'billingCycle', kind: 'text' },
          { field: 'regDate', kind: 'date' },
          { field: 'nextDueDate', kind: 'date' },
          { field: 'firstPaymentAmount', kind: 'money' },
          { field: 'recurringAmount', kind: 'money' },
          { field: 'paymentMethodName', kind: 'text' },
          { field: 'overrideAutoSuspend', kind: 'bool' },
          { field: 'overrideSuspendUntil', kind: 'date' },
        ],
      },
      {
        title: 'server',
        fields: [
          { field: 'serverName', kind: 'text' },
          { field: 'serverHostname', kind: 'mono' },
          { field: 'serverIp', kind: 'mono' },
          { field: 'dedicatedIp', kind: 'mono' },
          { field: 'assignedIps', kind: 'mono' },
          { field: 'ns1', kind: 'mono' },
          { field: 'ns2', kind: 'mono' },
        ],
      },
      {
        title: 'usage',
        fields: [
          { field: 'diskUsage', kind: 'number', unit: 'mb' },
          { field: 'diskLimit', kind: 'number', unit: 'mb' },
          { field: 'bwUsage', kind: 'number', unit: 'mb' },
          { field: 'bwLimit', kind: 'number', unit: 'mb' },
          { field: 'lastUpdate', kind: 'datetime' },
        ],
      },
      {
        title: 'more',
        fields: [{ field: 'notes', kind: 'text' }],
        tables: [
          { field: 'configOptions', columns: [{ field: 'option', kind: 'text' }, { field: 'value', kind: 'text' }] },
          { field: 'customFields', columns: [{ field: 'name', kind: 'text' }, { field: 'value', kind: 'text' }] },
        ],
      },
    ],
  },
} satisfies SharedResourceDescriptor<'services'>;
