/**
 * get-support-departments (alt host): the departments a client can open tickets in (hidden ones are left
 * out), with counts of the caller's tickets: awaitingreply = Open or Customer-Reply, opentickets = not Closed.
 * totalresults is a JSON number as the spec types it; the counts are strings as upstream shows them.
 */
import type { Operation } from '../operation.js';
import { nest, stringifyNumbers } from '../reply.js';
import { sql } from './sql.js';
import { ACTIVE_SQL, AWAITING_REPLY_SQL } from './ticket-status.js';

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
    const departments = rows.map(stringifyNumbers);
    return { json: { result: 'success', totalresults: departments.length, ...nest('departments', 'department', departments) } };
  },
};
