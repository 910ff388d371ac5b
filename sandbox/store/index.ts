/** The sandbox provider's state: one SQLite database, seeded deterministically on first use. */
import Database from 'better-sqlite3';
import type { AccountCredentials, SandboxOptions } from '../options.js';
import { seedDatabase } from './generate.js';
import { SCHEMA, SCHEMA_VERSION } from './schema.js';

export interface Store {
  db: Database.Database;
  /** Credentials of every client account, account 1 (the demo account) first. */
  accounts: AccountCredentials[];
}

/**
 * Opens `options.db` (':memory:' or a file), applies the schema and, if the database has no clients yet,
 * seeds it from the seed, preset, size overrides and "today". An already seeded file is reused as is, even
 * if the options now ask for different data — unless an older version of the sandbox seeded it: its tables
 * may not fit the queries of this one (the demo account's provider file outlives an app update), so it is
 * seeded afresh.
 */
export function openStore(options: SandboxOptions): Store {
  const db = new Database(options.db);
  try {
    if (options.db !== ':memory:') db.pragma('journal_mode = WAL');
    if (seededVersion(db) !== null && seededVersion(db) !== SCHEMA_VERSION) dropTables(db);
    db.pragma('foreign_keys = ON');
    db.exec(SCHEMA);
    const { count } = db.prepare('SELECT COUNT(*) AS count FROM clients').get() as { count: number };
    if (count === 0) seedDatabase(db, options);
    return { db, accounts: readAccounts(db) };
  } catch (error) {
    db.close();
    throw error;
  }
}

/** The schema version a seeded database was made with; null for a new one. */
function seededVersion(db: Database.Database): number | null {
  const hasMeta = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get();
  if (!hasMeta) return null;
  const row = db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get() as { value: string } | undefined;
  return row ? Number(row.value) : null;
}

function dropTables(db: Database.Database): void {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[];
  db.pragma('foreign_keys = OFF');
  db.transaction(() => {
    for (const table of tables) db.exec(`DROP TABLE IF EXISTS "${table}"`);
  })();
}

interface ClientCredentialsRow {
  id: number;
  email: string;
  api_password: string;
  api_client_id: string;
  api_client_secret: string;
}

function readAccounts(db: Database.Database): AccountCredentials[] {
  const rows = db
    .prepare('SELECT id, email, api_password, api_client_id, api_client_secret FROM clients ORDER BY id')
    .all() as ClientCredentialsRow[];
  return rows.map((row) => ({
    clientId: row.api_client_id,
    clientSecret: row.api_client_secret,
    username: row.email,
    password: row.api_password,
    userid: row.id,
  }));
}
