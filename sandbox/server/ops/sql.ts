/** Prepared statements, cached per database, and the filtered, paged list query the list operations share. */
import type { Database, Statement } from 'better-sqlite3';
import type { Page } from '../reply.js';

const cache = new WeakMap<Database, Map<string, Statement>>();

/** The prepared statement for sql, prepared once per database. */
export function sql(db: Database, text: string): Statement {
  let statements = cache.get(db);
  if (!statements) {
    statements = new Map();
    cache.set(db, statements);
  }
  let statement = statements.get(text);
  if (!statement) {
    statement = db.prepare(text);
    statements.set(text, statement);
  }
  return statement;
}

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
