/**
 * get-support-departments (alt host): the departments a client can open tickets in (hidden ones are left
 * out), with counts of the caller's tickets: awaitingreply = Open or Customer-Reply, opentickets = not Closed.
 * totalresults is a JSON number as the spec types it; the counts are strings as upstream shows them.
 *
 * A department whose tickets ask for custom fields carries them nested (`customfields.customfield[]`: id, name,
 * type text/dropdown/tickbox, options comma-separated, required 0/1); the spec's department record has no such
 * list, so a department without fields carries none, as a provider that never sends them.
 */
import type { Operation } from '../operation.js';
import { nest, stringifyNumbers } from '../reply.js';
import { sql } from './sql.js';
import { ACTIVE_SQL, AWAITING_REPLY_SQL } from './ticket-status.js';

interface FieldRow extends Record<string, string | number> {
  id: number;
  deptid: number;
  name: string;
  type: string;
  options: string;
  required: number;
}

export const getSupportDepartments: Operation = {
  name: 'get-support-departments',
  host: 'alt',
  handle(ctx) {
    const rows = sql(
      ctx.db,
      `SELECT d.id, d.name,
         COUNT(t.id) FILTER (WHERE ${AWAITING_REPLY_SQL}) AS awaitingreply,
         COUNT(t.id) FILTER (WHERE ${ACTIVE_SQL}) AS opentickets
       FROM departments d LEFT JOIN tickets t ON t.deptid = d.id AND t.owner_userid = ?
       WHERE d.hidden = 0 GROUP BY d.id ORDER BY d.id`,
    ).all(ctx.userid) as Record<string, string | number>[];
    const fields = sql(ctx.db, 'SELECT id, deptid, name, type, options, required FROM department_customfields ORDER BY id').all() as FieldRow[];
    const departments = rows.map((row) => {
      const own = fields.filter((field) => field.deptid === row.id).map(({ deptid: _, ...field }) => stringifyNumbers(field));
      return { ...stringifyNumbers(row), ...(own.length > 0 ? nest('customfields', 'customfield', own) : {}) };
    });
    return { json: { result: 'success', totalresults: departments.length, ...nest('departments', 'department', departments) } };
  },
};
