/**
 * v7: when each product group was last read from the provider on its own (catalogue.refreshGroup), as an answer
 * cache keyed by the group's id, so the Catalogue can date a group's copy offline after a restart too.
 */
import type { Database } from 'better-sqlite3';

export function createCatalogueGroupReads(db: Database): void {
  db.exec('CREATE TABLE catalogue_group_cache (key TEXT PRIMARY KEY, json TEXT NOT NULL, fetched_at TEXT NOT NULL)');
}
