/** Announcements: a paged list. */
import { flag, range } from '../mirror/descriptor.js';
import type { EngineResource } from './descriptor.js';
import { bit, details } from './columns.js';

export const announcements = {
  table: 'announcements',
  idOf: (a) => a.id,
  columns: {
    date: (a) => a.date,
    title: (a) => a.title,
    published: (a) => bit(a.published),
  },
  sort: { id: 'id', date: 'date' },
  defaultSort: { field: 'date', dir: 'desc' },
  filters: { published: flag('published'), date: range('date') },
  search: {
    slot: 6,
    terms: (a) => [a.title],
    heading: (a) => ({ title: a.title, details: details(['date', a.date?.slice(0, 10)]) }),
  },
  pull: { kind: 'pagedList', operation: 'get-announcements' },
} satisfies EngineResource<'announcements'>;
