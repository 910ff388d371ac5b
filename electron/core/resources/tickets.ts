/** Support tickets: a paged list. */
import { equalsText, equalsNumber, flag, range } from '../mirror/descriptor.js';
import type { EngineResource } from './descriptor.js';
import { bit, details } from './columns.js';

export const tickets = {
  table: 'tickets',
  idOf: (t) => t.id,
  columns: {
    tid: (t) => t.tid,
    dept_id: (t) => t.deptId,
    status: (t) => t.status,
    priority: (t) => t.priority,
    subject: (t) => t.subject,
    date: (t) => t.date,
    last_reply: (t) => t.lastReply,
    flag: (t) => bit(t.flag),
  },
  sort: {
    id: 'id',
    tid: 'tid',
    status: 'status',
    priority: 'priority',
    subject: 'subject',
    date: 'date',
    lastReply: 'last_reply',
  },
  defaultSort: { field: 'lastReply', dir: 'desc' },
  filters: {
    deptId: equalsNumber('dept_id'),
    status: equalsText('status'),
    priority: equalsText('priority'),
    flagged: flag('flag'),
    lastReply: range('last_reply'),
  },
  search: {
    slot: 5,
    terms: (t) => [t.tid, t.subject],
    heading: (t) => ({ title: t.tid ? `#${t.tid} ${t.subject}` : t.subject, details: details(['status', t.status], ['lastReply', t.lastReply]) }),
  },
  pull: { kind: 'pagedList', operation: 'get-tickets' },
} satisfies EngineResource<'tickets'>;
