/** Services (hosting and other products): a paged list, with custom fields and configurable options as child tables. */
import { equalsText, equalsNumber, range, withinDays } from '../mirror/descriptor.js';
import type { EngineResource } from './descriptor.js';
import { cents, details } from './columns.js';

export const services = {
  table: 'services',
  idOf: (s) => s.id,
  columns: {
    name: (s) => s.name,
    domain: (s) => s.domain,
    username: (s) => s.username,
    status: (s) => s.status,
    pid: (s) => s.pid,
    billing_cycle: (s) => s.billingCycle,
    reg_date: (s) => s.regDate,
    next_due_date: (s) => s.nextDueDate,
    recurring_cents: (s) => cents(s.recurringAmount),
  },
  sort: {
    id: 'id',
    name: 'name',
    domain: 'domain',
    status: 'status',
    regDate: 'reg_date',
    nextDueDate: 'next_due_date',
    recurringAmount: 'recurring_cents',
  },
  defaultSort: { field: 'domain', dir: 'asc' },
  filters: {
    status: equalsText('status'),
    pid: equalsNumber('pid'),
    billingCycle: equalsText('billing_cycle'),
    nextDueDate: range('next_due_date'),
    dueWithinDays: withinDays('next_due_date'),
  },
  search: {
    slot: 1,
    terms: (s) => [s.name, s.domain, s.username],
    heading: (s) => ({ title: s.domain || s.name, details: details(['text', s.domain ? s.name : null], ['status', s.status]) }),
    unshown: (s) => ({ username: s.username }),
  },
  children: [
    {
      table: 'service_custom_fields',
      columns: ['id', 'name', 'value'],
      rows: (s) => s.customFields.map((f) => [f.id, f.name, f.value]),
    },
    {
      table: 'service_config_options',
      columns: ['id', 'option', 'type', 'value'],
      rows: (s) => s.configOptions.map((o) => [o.id, o.option, o.type, o.value]),
    },
  ],
  pull: { kind: 'pagedList', operation: 'get-clients-products' },
} satisfies EngineResource<'services'>;
