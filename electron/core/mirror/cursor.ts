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
 * A list's whole order, `ORDER BY column dir, id dir` with the rows whose column is empty (NULL) last in both
 * directions, as consecutive stretches, each a plain index range (an OR of them, or an `ORDER BY column IS
 * NULL`, would make SQLite scan the index from the start or sort the table): the values, then the empty ones.
 */
export function wholeOrder(column: string): Clause[] {
  return [[`${column} IS NOT NULL`, []], [`${column} IS NULL`, []]];
}

/** The stretches of wholeOrder after a position in it. */
export function stretchesAfter(column: string, dir: SortDirection, { value, id }: CursorPosition): Clause[] {
  const after = dir === 'asc' ? '>' : '<';
  // A row value compared with NULL is NULL: the first stretch holds no empty value.
  return value === null
    ? [[`${column} IS NULL AND id ${after} ?`, [id]]]
    : [[`(${column}, id) ${after} (?, ?)`, [value, id]], [`${column} IS NULL`, []]];
}
