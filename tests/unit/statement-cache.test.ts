/** The statement cache the mirror and the sandbox share: one prepare per database and SQL text. */
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { statementCache } from '../../shared/statement-cache.js';

it('prepares a statement once per database and SQL text', () => {
  const prepared: string[] = [];
  const statement = statementCache((db: Database.Database, sql: string) => {
    prepared.push(sql);
    return db.prepare(sql);
  });
  const [a, b] = [new Database(':memory:'), new Database(':memory:')];
  expect(statement(a, 'SELECT 1 AS n')).toBe(statement(a, 'SELECT 1 AS n'));
  expect(statement(a, 'SELECT 2 AS n').get()).toEqual({ n: 2 });
  expect(statement(b, 'SELECT 1 AS n')).not.toBe(statement(a, 'SELECT 1 AS n'));
  expect(prepared).toEqual(['SELECT 1 AS n', 'SELECT 2 AS n', 'SELECT 1 AS n']);
  a.close();
  b.close();
});
