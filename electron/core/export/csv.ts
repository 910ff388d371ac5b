/** Records as CSV (the CLI's `export` and the app's "Export this view"), and every page of a keyset-paged list. */
import Papa from 'papaparse';

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

/** Reads every page, one at a time (memory holds one page of SQLite rows besides the result). */
export function collectPages<T>(page: (after: string | null) => { rows: T[]; nextCursor: string | null }): T[] {
  const rows: T[] = [];
  let after: string | null = null;
  do {
    const next = page(after);
    for (const row of next.rows) rows.push(row);
    after = next.nextCursor;
  } while (after !== null);
  return rows;
}
