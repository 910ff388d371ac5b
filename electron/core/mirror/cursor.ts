/**
 * Keyset paging cursors: the last row's sort value and id, plus the sort they belong to (a cursor from another
 * sort is refused rather than silently giving a wrong page). Opaque base64url text to callers.
 */
import type { SortDirection, SqlValue } from './descriptor.js';
import { MirrorQueryError } from './query-error.js';

export interface CursorPosition {
  value: SqlValue;
  id: number;
}

export function encodeCursor(field: string, dir: SortDirection, position: CursorPosition): string {
  return Buffer.from(JSON.stringify([field, dir, position.value, position.id])).toString('base64url');
}

export function decodeCursor(cursor: string, field: string, dir: SortDirection): CursorPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new MirrorQueryError('not a list cursor');
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw new MirrorQueryError('not a list cursor');
  const [cursorField, cursorDir, value, id] = parsed as unknown[];
  if (cursorField !== field || cursorDir !== dir) {
    throw new MirrorQueryError(`the cursor belongs to a list sorted by ${String(cursorField)} ${String(cursorDir)}`);
  }
  if (typeof id !== 'number' || !(value === null || typeof value === 'string' || typeof value === 'number')) {
    throw new MirrorQueryError('not a list cursor');
  }
  return { value, id };
}

/** A WHERE clause with its values. */
export type Clause = [sql: string, values: SqlValue[]];

/**
 * The rows after a position in `ORDER BY column dir, id dir`, as consecutive stretches of that order, each a
 * plain index range (an OR of both would make SQLite scan the index from the start). SQLite sorts NULL
 * lowest: NULL rows come first ascending and last descending.
 */
export function stretchesAfter(column: string, dir: SortDirection, { value, id }: CursorPosition): Clause[] {
  if (dir === 'asc') {
    return value === null
      ? [[`${column} IS NULL AND id > ?`, [id]], [`${column} IS NOT NULL`, []]]
      : [[`(${column}, id) > (?, ?)`, [value, id]]];
  }
  return value === null
    ? [[`${column} IS NULL AND id < ?`, [id]]]
    : [[`(${column}, id) < (?, ?)`, [value, id]], [`${column} IS NULL`, []]];
}
