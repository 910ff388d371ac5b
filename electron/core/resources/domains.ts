/** Domains: a paged list. */
import { equalsText, flag, range, withinDays } from '../mirror/descriptor.js';
import type { EngineResource } from './descriptor.js';
import { cents, bit, details } from './columns.js';

export const domains = {
  table: 'domains',
  idOf: (d) => d.id,
  columns: {
    domain_name: (d) => d.domainName,
    status: (d) => d.status,
    registrar: (d) => d.registrar,
    reg_type: (d) => d.regType,
    reg_date: (d) => d.regDate,
    expiry_date: (d) => d.expiryDate,
    next_due_date: (d) => d.nextDueDate,
    recurring_cents: (d) => cents(d.recurringAmount),
    do_not_renew: (d) => bit(d.doNotRenew),
  },
  sort: {
    id: 'id',
    domainName: 'domain_name',
    status: 'status',
    regDate: 'reg_date',
    expiryDate: 'expiry_date',
    nextDueDate: 'next_due_date',
    recurringAmount: 'recurring_cents',
  },
  defaultSort: { field: 'domainName', dir: 'asc' },
  filters: {
    status: equalsText('status'),
    registrar: equalsText('registrar'),
    regType: equalsText('reg_type'),
    doNotRenew: flag('do_not_renew'),
    expiryDate: range('expiry_date'),
    expiringWithinDays: withinDays('expiry_date'),
    nextDueDate: range('next_due_date'),
  },
  search: {
    slot: 2,
    terms: (d) => [d.domainName],
    heading: (d) => ({ title: d.domainName, details: details(['status', d.status], ['expires', d.expiryDate]) }),
  },
  pull: { kind: 'pagedList', operation: 'get-clients-domains' },
} satisfies EngineResource<'domains'>;
