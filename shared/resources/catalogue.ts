/** The product catalogue: its list screen and detail pane (prices, add-ons, configurable options). */
import type { SharedResourceDescriptor } from './descriptor.js';

export const catalogue = {
  overlaid: false,
  view: {
    resource: 'catalogue',
    titleFields: ['name'],
    searchable: false,
    columns: [
      { field: 'name', kind: 'text', width: 280, sort: 'name' },
      { field: 'gid', label: 'group', kind: 'number', width: 90, sort: 'gid' },
      { field: 'type', kind: 'text', width: 140 },
      { field: 'payType', kind: 'text', width: 130 },
      { field: 'pricing', label: 'price', kind: 'pricing', width: 580 },
    ],
    filters: [{ name: 'type', kind: 'choice' }],
    detail: [
      {
        title: 'overview',
        fields: [
          { field: 'pid', kind: 'number' },
          { field: 'gid', label: 'group', kind: 'number' },
          { field: 'type', kind: 'text' },
          { field: 'payType', kind: 'text' },
          { field: 'description', kind: 'text' },
        ],
      },
      { title: 'pricing', fields: [{ field: 'pricing', kind: 'pricing' }] },
      {
        title: 'addons',
        tables: [
          {
            field: 'addons',
            columns: [
              { field: 'name', kind: 'text' },
              { field: 'billingCycle', kind: 'text' },
              { field: 'pricing', label: 'price', kind: 'pricing' },
              { field: 'description', kind: 'text' },
            ],
          },
        ],
      },
      {
        title: 'configOptions',
        tables: [
          {
            field: 'configOptions',
            columns: [
              { field: 'name', kind: 'text' },
              { field: 'type', kind: 'text' },
              { field: 'choices', kind: 'text' },
            ],
          },
        ],
      },
    ],
  },
} satisfies SharedResourceDescriptor<'catalogue'>;
