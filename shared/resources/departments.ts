/** Support departments: their list screen and detail pane (with a link to each one's tickets). */
import type { SharedResourceDescriptor } from './descriptor.js';

export const departments = {
  overlaid: false,
  view: {
    resource: 'departments',
    titleFields: ['name'],
    searchable: false,
    columns: [
      { field: 'name', kind: 'text', width: 260, sort: 'name' },
      { field: 'openTickets', kind: 'number', width: 130 },
      { field: 'awaitingReply', kind: 'number', width: 140 },
    ],
    filters: [],
    detail: [
      {
        title: 'overview',
        fields: [
          { field: 'openTickets', kind: 'number' },
          { field: 'awaitingReply', kind: 'number' },
        ],
        related: [{ to: 'tickets', filter: 'deptId', idField: 'id', label: 'departmentTickets' }],
      },
    ],
  },
} satisfies SharedResourceDescriptor<'departments'>;
