/** Checks that an id given in a request names one of the caller's own records. */
import { Rejection, type OpContext } from '../operation.js';
import { sql } from './sql.js';

const NOT_FOUND = {
  services: 'Service ID Not Found',
  domains: 'Domain ID Not Found',
  contacts: 'Contact ID Not Found',
} as const;

/** Rejects with "<Thing> ID Not Found" unless the record exists and belongs to the caller. */
export function requireOwn(ctx: OpContext, table: keyof typeof NOT_FOUND, id: number): void {
  if (!sql(ctx.db, `SELECT 1 FROM ${table} WHERE id = ? AND userid = ?`).get(id, ctx.userid)) {
    throw new Rejection(NOT_FOUND[table]);
  }
}
