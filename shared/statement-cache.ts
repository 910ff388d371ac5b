/**
 * Prepared statements cached per database and SQL text, for the mirror and the sandbox alike (list queries
 * build a handful of SQL variants, each prepared once). Generic over the driver, so shared/ imports none.
 */
export function statementCache<Db extends object, Statement>(prepare: (db: Db, sql: string) => Statement): (db: Db, sql: string) => Statement {
  const cache = new WeakMap<Db, Map<string, Statement>>();
  return (db, sql) => {
    let statements = cache.get(db);
    if (!statements) {
      statements = new Map();
      cache.set(db, statements);
    }
    let prepared = statements.get(sql);
    if (!prepared) {
      prepared = prepare(db, sql);
      statements.set(sql, prepared);
    }
    return prepared;
  };
}
