/** Invoices the user created through the app: local only, never synced. */
import { toCents } from '../../../shared/money.js';
import { equalsText } from '../mirror/descriptor.js';
import type { EngineResource } from './descriptor.js';

export const invoices = {
  table: 'local_invoices',
  idOf: (i) => i.id,
  columns: {
    status: (i) => i.status,
    total_cents: (i) => (i.total === null ? null : toCents(i.total)),
    created_at: (i) => i.createdAt,
  },
  sort: { id: 'id', createdAt: 'created_at' },
  defaultSort: { field: 'createdAt', dir: 'desc' },
  filters: { status: equalsText('status') },
} satisfies EngineResource<'invoices'>;
