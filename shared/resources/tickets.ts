/** Support tickets: their list screen and detail pane; queued edits show over them. */
import type { SharedResourceDescriptor } from './descriptor.js';

export const tickets = {
  overlaid: true,
  view: {
    resource: 'tickets',
    titleFields: ['subject'],
    searchable: true,
    columns: [
      { field: 'tid', kind: 'mono', width: 100, sort: 'tid' },
      { field: 'subject', kind: 'text', width: 320, sort: 'subject' },
      { field: 'status', kind: 'status', words: 'status', width: 150, sort: 'status' },
      { field: 'priority', kind: 'text', words: 'priority', width: 90, sort: 'priority' },
      { field: 'deptId', label: 'department', kind: 'link', to: 'departments', lookup: 'departments', width: 150 },
      { field: 'date', kind: 'datetime', width: 196, sort: 'date' },
      { field: 'lastReply', kind: 'datetime', width: 196, sort: 'lastReply' },
    ],
    filters: [
      { name: 'status', kind: 'choice', words: 'status' },
      { name: 'priority', kind: 'choice', words: 'priority' },
      { name: 'deptId', label: 'department', kind: 'choice', from: 'departments' },
      { name: 'lastReply', kind: 'range' },
      { name: 'flagged', kind: 'flag' },
    ],
    detail: [
      {
        title: 'overview',
        fields: [
          { field: 'tid', kind: 'mono' },
          { field: 'priority', kind: 'text', words: 'priority' },
          { field: 'deptId', label: 'department', kind: 'link', to: 'departments', lookup: 'departments' },
          { field: 'service', label: 'relatedTo', kind: 'serviceRef' },
          { field: 'flag', kind: 'bool' },
          { field: 'admin', kind: 'text' },
        ],
      },
      {
        title: 'requester',
        fields: [
          { field: 'name', kind: 'text' },
          { field: 'email', kind: 'text' },
          { field: 'cc', kind: 'text' },
        ],
      },
      { title: 'dates', fields: [{ field: 'date', kind: 'datetime' }, { field: 'lastReply', kind: 'datetime' }] },
    ],
  },
} satisfies SharedResourceDescriptor<'tickets'>;
