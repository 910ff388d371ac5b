/** `reseller-desk export`: every record of a resource, normalized, as one JSON array or as CSV with a header row. */
import Papa from 'papaparse';
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

/** Reads every row with keyset pages, so memory holds one page of SQLite rows at a time besides the result. */
export function exportRecords(mirror: Mirror, name: ExportName): object[] {
  const resource = EXPORTABLE[name];
  const records: object[] = [];
  let after: string | null = null;
  do {
    const page: { rows: unknown[]; nextCursor: string | null } = mirror.list(resource, { limit: 1000, after });
    records.push(...(page.rows as object[]));
    after = page.nextCursor;
  } while (after !== null);
  return records;
}

/** CSV with one column per top-level field; nested values (line items, custom fields) as JSON text. */
export function toCsv(records: readonly object[]): string {
  const columns = [...new Set(records.flatMap((r) => Object.keys(r)))];
  const rows = records.map((r) =>
    columns.map((c) => {
      const value = (r as Record<string, unknown>)[c];
      return value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
    }),
  );
  return Papa.unparse({ fields: columns, data: rows }, { newline: '\n' });
}
