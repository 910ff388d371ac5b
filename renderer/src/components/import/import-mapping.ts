/**
 * The import dialog's pure parts: which columns take a field an earlier column already has (refused before
 * anything is asked of the engine), which fields the preview shows as its columns, and the rows a filter keeps.
 */
import type { ContactImportField, ContactImportRow } from '../../../../shared/contact-import';

/**
 * Each column whose field another column already takes, with that other column's index. The column the person
 * changed last (`changed`) is the one refused; otherwise the later columns are.
 */
export function mappingClashes(mapping: readonly (ContactImportField | null)[], changed: number | null = null): Map<number, number> {
  const keeper = new Map<ContactImportField, number>();
  mapping.forEach((field, column) => {
    if (field !== null && column !== changed && !keeper.has(field)) keeper.set(field, column);
  });
  const clashes = new Map<number, number>();
  mapping.forEach((field, column) => {
    const kept = field === null ? undefined : keeper.get(field);
    if (kept !== undefined && kept !== column) clashes.set(column, kept);
  });
  return clashes;
}

/** The fields the preview shows, in the file's column order, each once. */
export function shownFields(mapping: readonly (ContactImportField | null)[]): ContactImportField[] {
  return [...new Set(mapping.filter((field): field is ContactImportField => field !== null))];
}

/** The rows the preview lists: all of them, or only those left out. */
export function previewRows(rows: readonly ContactImportRow[], onlyLeftOut: boolean): readonly ContactImportRow[] {
  return onlyLeftOut ? rows.filter((row) => row.issues.length > 0) : rows;
}
