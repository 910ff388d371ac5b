/** The account's client details and stats: one row, from one request. */
import type { EngineResource } from './descriptor.js';

export const client = {
  table: 'client',
  idOf: (c) => c.client.userId,
  columns: {},
  sort: { id: 'id' },
  defaultSort: { field: 'id', dir: 'asc' },
  filters: {},
  pull: { kind: 'single', read: async (api) => [await api.getClientsDetails({ stats: true })] },
} satisfies EngineResource<'client'>;
