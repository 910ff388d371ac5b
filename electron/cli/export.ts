/** `reseller-desk export`: every record of a resource, normalized, as one JSON array or as CSV with a header row (core/export/csv.ts). */
import { collectPages } from '../core/export/csv.js';
import type { Mirror } from '../core/mirror/index.js';
import type { ResourceName } from '../../shared/records.js';

/** The names the CLI takes, and the mirror resource behind each. */
export const EXPORTABLE = {
  services: 'services',
  domains: 'domains',
  orders: 'orders',
  transactions: 'transactions',
  contacts: 'contacts',
  tickets: 'tickets',
  announcements: 'announcements',
  departments: 'departments',
  products: 'catalogue',
  client: 'client',
  invoices: 'invoices',
} as const satisfies Record<string, ResourceName>;
export type ExportName = keyof typeof EXPORTABLE;

export function isExportName(name: string): name is ExportName {
  return Object.hasOwn(EXPORTABLE, name);
}

/** Every record of a resource, read with keyset pages. */
export function exportRecords(mirror: Mirror, name: ExportName): object[] {
  const resource = EXPORTABLE[name];
  return collectPages((after) => mirror.list(resource, { limit: 1000, after }) as { rows: object[]; nextCursor: string | null });
}
