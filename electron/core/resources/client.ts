/** The account's client details and stats: one row, from one request. */
import type { EngineResource } from './descriptor.js';
import { details } from './columns.js';

export const client = {
  table: 'client',
  idOf: (c) => c.client.userId,
  columns: {},
  sort: { id: 'id' },
  defaultSort: { field: 'id', dir: 'asc' },
  filters: {},
  search: {
    slot: 7,
    // The account holder, found by name, company, e-mail and city like a contact.
    terms: ({ client: c }) => [c.firstName, c.lastName, c.companyName, c.email, c.city],
    heading: ({ client: c }) => {
      const name = `${c.firstName} ${c.lastName}`.trim();
      return { title: name || c.companyName || c.email, details: details(['text', c.email], ['text', name ? c.companyName : null]) };
    },
    unshown: ({ client: c }) => ({ city: c.city }),
  },
  pull: { kind: 'single', read: async (api) => [await api.getClientsDetails({ stats: true })] },
} satisfies EngineResource<'client'>;
