/**
 * Filtered, sorted lists with keyset paging: `ORDER BY <sort column>, id`, empty values last in both directions,
 * and, for the next page, the rows after the previous page's last (sort value, id). No OFFSET, so a page costs
 * the same wherever it is.
 */
import type { Database } from 'better-sqlite3';
import { decodeCursor, encodeCursor, stretchesAfter, wholeOrder, type Clause } from './cursor.js';
import type { SortDirection, SqlValue } from './descriptor.js';
import { addCondition, filterCondition, Where, type Condition } from './filters.js';
import type { ListPage } from '../../../shared/queries.js';
import { MirrorQueryError } from './query-error.js';
import type { ResourceName, ResourceRecords } from '../../../shared/records.js';
import { descriptorOf, type Filters, type SortField } from './resources.js';
import { slotRowids } from './search-index.js';
import { searchWords, textMatch } from './search-query.js';
import { statement } from './statements.js';

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

export interface ListQuery<R extends ResourceName> {
  filters?: Filters<R>;
  /** Full-text filter, as in search (searchable resources only). */
  text?: string;
  /** Default: the resource's default sort. `dir` defaults to asc. */
  sort?: { field: SortField<R>; dir?: SortDirection };
  /** nextCursor of the previous page. */
  after?: string | null;
  /** 1..1000, default 100. */
  limit?: number;
}

export function listRows<R extends ResourceName>(
  db: Database,
  resource: R,
  query: ListQuery<R>,
  today: string,
): ListPage<ResourceRecords[R]> {
  const descriptor = descriptorOf(resource);
  const field: string = query.sort?.field ?? descriptor.defaultSort.field;
  const dir: SortDirection = query.sort ? (query.sort.dir ?? 'asc') : descriptor.defaultSort.dir;
  if (dir !== 'asc' && dir !== 'desc') throw new MirrorQueryError(`sort direction must be asc or desc, got ${String(dir)}`);
  const column = Object.hasOwn(descriptor.sort, field) ? descriptor.sort[field] : undefined;
  if (column === undefined) throw new MirrorQueryError(`${resource} cannot be sorted by '${field}'`);
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw new MirrorQueryError(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
  }

  const where = listWhere(resource, query, today);
  const table = descriptor.table;
  const total = statement(db, `SELECT COUNT(*) FROM ${table} ${where.sql}`).pluck().get(...where.values) as number;

  // The stretches of the order (after the cursor, if any), filled in turn.
  const stretches: Clause[] = query.after ? stretchesAfter(column, dir, decodeCursor(query.after, field, dir)) : wholeOrder(column);
  const rows: [number, string, SqlValue][] = [];
  for (const [clause, values] of stretches) {
    const wanted = limit + 1 - rows.length;
    if (wanted <= 0) break;
    const sql = pageSql(table, column, dir, [...where.clauses, clause]);
    rows.push(...(statement(db, sql).raw().all(...where.values, ...values, wanted) as [number, string, SqlValue][]));
  }

  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page.map(([, json]) => JSON.parse(json) as ResourceRecords[R]),
    nextCursor: rows.length > limit && last ? encodeCursor(field, dir, { id: last[0], value: last[2] }) : null,
    total,
  };
}

/** One stretch of a page: its rows (id, json, sort value) meeting `clauses`, in the list's order, `LIMIT ?`. */
export function pageSql(table: string, column: string, dir: SortDirection, clauses: readonly string[]): string {
  return `SELECT id, json, ${column} FROM ${table} WHERE ${clauses.join(' AND ')} ORDER BY ${column} ${dir}, id ${dir} LIMIT ?`;
}

/** A list's filters and text, checked: the conditions its rows meet and the words they must be found by. */
export interface ListConditions {
  filters: Condition[];
  /** Empty when the list has no text filter. */
  words: string[];
}

export function listConditions<R extends ResourceName>(resource: R, query: Pick<ListQuery<R>, 'filters' | 'text'>, today: string): ListConditions {
  const descriptor = descriptorOf(resource);
  const filters: Condition[] = [];
  for (const [name, value] of Object.entries(query.filters ?? {})) {
    if (value === undefined) continue;
    const spec = Object.hasOwn(descriptor.filters, name) ? descriptor.filters[name] : undefined;
    if (!spec) throw new MirrorQueryError(`${resource} has no filter '${name}'`);
    filters.push(filterCondition(name, spec, value, today));
  }
  const words = query.text === undefined ? [] : searchWords(query.text);
  if (words.length > 0 && descriptor.search === undefined) throw new MirrorQueryError(`${resource} cannot be searched`);
  return { filters, words };
}

/** The WHERE clause of a list's filters and text filter (what its rows and its total count share). */
export function listWhere<R extends ResourceName>(resource: R, query: Pick<ListQuery<R>, 'filters' | 'text'>, today: string): Where {
  const { filters, words } = listConditions(resource, query, today);
  const where = new Where();
  for (const condition of filters) addCondition(where, condition);
  if (words.length > 0) {
    // listConditions refused text for a resource that cannot be searched.
    const [first, last] = slotRowids(descriptorOf(resource).search!.slot);
    for (const [table, match] of Object.entries(textMatch(words))) {
      if (match === null) continue;
      const index = table === 'trigram' ? 'search_trigram' : 'search_index';
      where.add(`id IN (SELECT rowid - ? FROM ${index} WHERE ${index} MATCH ? AND rowid BETWEEN ? AND ?)`, first, match, first, last);
    }
  }
  return where;
}
