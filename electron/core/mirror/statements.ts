/** Prepared statements cached per database and SQL text (list queries build a handful of SQL variants). */
import type { Database, Statement } from 'better-sqlite3';
import { statementCache } from '../../../shared/statement-cache.js';

export const statement: (db: Database, sql: string) => Statement = statementCache((db: Database, sql) => db.prepare(sql));
