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
      { field: 'gid', label: 'group', kind: 'number', lookup: 'productGroups', width: 160, sort: 'gid' },
      { field: 'type', kind: 'text', width: 160, words: 'productType' },
      { field: 'payType', kind: 'text', width: 130, words: 'payType' },
      { field: 'pricing', label: 'price', kind: 'pricing', width: 580 },
    ],
    filters: [
      { name: 'gid', kind: 'choice', label: 'group', numeric: true, from: 'productGroups' },
      { name: 'type', kind: 'choice', words: 'productType' },
    ],
    detail: [
      {
        title: 'overview',
        fields: [
          { field: 'pid', kind: 'number' },
          { field: 'gid', label: 'group', kind: 'number', lookup: 'productGroups' },
          { field: 'type', kind: 'text', words: 'productType' },
          { field: 'payType', kind: 'text', words: 'payType' },
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
