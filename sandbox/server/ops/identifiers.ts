/** Random public identifiers for records created by mutations: ticket numbers, access codes, order numbers. */
import { randomInt } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { sql } from './sql.js';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomCode(length: number, alphabet = ALPHANUMERIC): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/**
 * A number of `digits` digits (no leading zero) not yet used in table.column. Callers pass fixed table and
 * column names, never request data.
 */
export function unusedNumber(db: Database, table: string, column: string, digits: number): string {
  const taken = sql(db, `SELECT 1 FROM ${table} WHERE ${column} = ?`);
  for (;;) {
    const candidate = String(randomInt(1, 10)) + randomCode(digits - 1, '0123456789');
    if (!taken.get(candidate)) return candidate;
  }
}
