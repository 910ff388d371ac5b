/** Prepared statements, cached per database, and the filtered, paged list query the list operations share. */
import type { Database, Statement } from 'better-sqlite3';
import { statementCache } from '../../../shared/statement-cache.js';
import type { Page } from '../reply.js';

/** The prepared statement for sql, prepared once per database. */
export const sql: (db: Database, text: string) => Statement = statementCache((db: Database, text) => db.prepare(text));

/** A conjunction of WHERE clauses with their bound values. */
export class Conditions {
  private readonly clauses: string[] = [];
  private readonly values: unknown[] = [];

  /** Adds a clause with `?` placeholders. */
  add(clause: string, ...values: unknown[]): this {
    this.clauses.push(clause);
    this.values.push(...values);
    return this;
  }

  /** Adds the clause only when value is given (not undefined). */
  addIf(value: unknown, clause: string): this {
    return value === undefined ? this : this.add(clause, value);
  }

  get where(): string {
    return this.clauses.length ? `WHERE ${this.clauses.join(' AND ')}` : '';
  }

  get bound(): unknown[] {
    return this.values;
  }
}

/** One page of `SELECT columns FROM table` with the total count of matching rows. */
export function selectPage<Row>(
  db: Database,
  query: { columns: string; from: string; conditions: Conditions; orderBy: string; page: Page },
): { total: number; rows: Row[] } {
  const { columns, from, conditions, orderBy, page } = query;
  const count = sql(db, `SELECT COUNT(*) AS n FROM ${from} ${conditions.where}`).get(...conditions.bound) as { n: number };
  const rows = sql(db, `SELECT ${columns} FROM ${from} ${conditions.where} ORDER BY ${orderBy} LIMIT ? OFFSET ?`).all(
    ...conditions.bound,
    page.limit,
    page.start,
  ) as Row[];
  return { total: count.n, rows };
}
