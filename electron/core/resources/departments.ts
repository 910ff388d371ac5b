/** Support departments: one request answers them all. */
import type { EngineResource } from './descriptor.js';

export const departments = {
  table: 'departments',
  idOf: (d) => d.id,
  columns: { name: (d) => d.name },
  sort: { id: 'id', name: 'name' },
  defaultSort: { field: 'id', dir: 'asc' },
  filters: {},
  pull: { kind: 'single', read: async (api) => (await api.getSupportDepartments()).items },
} satisfies EngineResource<'departments'>;
