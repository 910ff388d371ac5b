/** The sandbox provider's state: one SQLite database, seeded deterministically on first use. */
import Database from 'better-sqlite3';
import type { AccountCredentials, SandboxOptions } from '../options.js';
import { seedDatabase } from './generate.js';
import { SCHEMA } from './schema.js';

export interface Store {
  db: Database.Database;
  /** Credentials of every client account, account 1 (the demo account) first. */
  accounts: AccountCredentials[];
}

/**
 * Opens `options.db` (':memory:' or a file), applies the schema and, if the database has no clients yet,
 * seeds it from the seed, preset, size overrides and "today". An already seeded file is reused as is, even
 * if the options now ask for different data.
 */
export function openStore(options: SandboxOptions): Store {
  const db = new Database(options.db);
  try {
    if (options.db !== ':memory:') db.pragma('journal_mode = WAL');
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
