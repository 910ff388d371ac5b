/** Announcements: their list screen and detail pane. */
import type { SharedResourceDescriptor } from './descriptor.js';

export const announcements = {
  overlaid: false,
  view: {
    resource: 'announcements',
    titleFields: ['title'],
    searchable: true,
    columns: [
      { field: 'date', kind: 'datetime', width: 196, sort: 'date' },
      { field: 'title', kind: 'text', width: 480 },
      { field: 'published', kind: 'bool', width: 100 },
    ],
    filters: [
      { name: 'published', kind: 'flag' },
      { name: 'date', kind: 'range' },
    ],
    detail: [
      { title: 'overview', fields: [{ field: 'date', kind: 'datetime' }, { field: 'published', kind: 'bool' }, { field: 'language', kind: 'text' }] },
      { title: 'body', fields: [{ field: 'announcement', kind: 'html' }] },
    ],
  },
} satisfies SharedResourceDescriptor<'announcements'>;
