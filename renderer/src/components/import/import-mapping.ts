/**
 * The import dialog's pure parts: which columns take a field an earlier column already has (refused before
 * anything is asked of the engine), which fields the preview shows as its columns, and the rows a filter keeps.
 */
import type { ContactImportField, ContactImportRow } from '../../../../shared/contact-import';

/** Each column whose field an earlier column already takes, with that earlier column's index. */
export function mappingClashes(mapping: readonly (ContactImportField | null)[]): Map<number, number> {
  const first = new Map<ContactImportField, number>();
  const clashes = new Map<number, number>();
  mapping.forEach((field, column) => {
    if (field === null) return;
    const earlier = first.get(field);
    if (earlier === undefined) first.set(field, column);
    else clashes.set(column, earlier);
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
