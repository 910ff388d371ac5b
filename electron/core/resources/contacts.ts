/** Contacts: a paged list. */
import { equalsText, flag } from '../mirror/descriptor.js';
import type { EngineResource } from './descriptor.js';
import { bit, details } from './columns.js';

export const contacts = {
  table: 'contacts',
  idOf: (c) => c.id,
  columns: {
    first_name: (c) => c.firstName,
    last_name: (c) => c.lastName,
    company_name: (c) => c.companyName,
    email: (c) => c.email,
    country: (c) => c.country,
    subaccount: (c) => bit(c.subaccount),
    created_at: (c) => c.createdAt,
  },
  sort: {
    id: 'id',
    firstName: 'first_name',
    lastName: 'last_name',
    companyName: 'company_name',
    email: 'email',
    createdAt: 'created_at',
  },
  defaultSort: { field: 'lastName', dir: 'asc' },
  filters: {
    subaccount: flag('subaccount'),
    country: equalsText('country'),
  },
  search: {
    slot: 4,
    terms: (c) => [c.firstName, c.lastName, c.email, c.companyName, c.city],
    heading: (c) => {
      const name = `${c.firstName} ${c.lastName}`.trim();
      return { title: name || c.companyName || c.email, details: details(['text', c.email], ['text', name ? c.companyName : null]) };
    },
    unshown: (c) => ({ city: c.city }),
  },
  pull: { kind: 'pagedList', operation: 'get-contacts' },
} satisfies EngineResource<'contacts'>;
