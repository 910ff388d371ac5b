/**
 * v2: the full-text search index (built from the rows v1 already holds) and the log of sync runs.
 *
 * Tokenizer: unicode61 splits on punctuation, so "example.com" is the tokens example + com (found by
 * "example" and, as a phrase, by "example.com"); remove_diacritics 2 folds Zoë to zoe and Müller to muller.
 * Prefix indexes of 2 and 3 characters keep short type-ahead queries fast.
 *
 * Frozen: the index is filled by SQL written here as the resources' search documents were at v2 (title,
 * subtitle and terms per record), not by today's search code, so upgrading a v1 file gives the same v2
 * whatever the descriptors say now.
 */
import type { Database } from 'better-sqlite3';

/** A record's field in v2's documents: its JSON value, or null where v2 left it out (empty, 0, false, missing). */
export const v2Field = (name: string): string => `NULLIF(NULLIF(json_extract(json, '$.${name}'), ''), 0)`;

/** Each searchable table at v2: its slot (the rowid's high part, times 2^40) and its terms, space-joined. */
export const V2_SEARCH_TERMS: ReadonlyArray<{ table: string; slot: number; terms: string }> = [
  { table: 'services', slot: 1, terms: `concat_ws(' ', ${v2Field('name')}, ${v2Field('domain')}, ${v2Field('username')})` },
  { table: 'domains', slot: 2, terms: `concat_ws(' ', ${v2Field('domainName')})` },
  { table: 'orders', slot: 3, terms: `concat_ws(' ', ${v2Field('orderNum')})` },
  { table: 'contacts', slot: 4, terms: `concat_ws(' ', ${v2Field('firstName')}, ${v2Field('lastName')}, ${v2Field('email')}, ${v2Field('companyName')})` },
  { table: 'tickets', slot: 5, terms: `concat_ws(' ', ${v2Field('tid')}, ${v2Field('subject')})` },
  { table: 'announcements', slot: 6, terms: `concat_ws(' ', ${v2Field('title')})` },
];

/** The rowid of a record's document: slot × 2^40 + id. */
export const v2Rowid = (slot: number): string => `${slot} * 1099511627776 + id`;

const contactName = `trim(coalesce(json_extract(json, '$.firstName'), '') || ' ' || coalesce(json_extract(json, '$.lastName'), ''))`;

/** v2's title and subtitle of each searchable table's documents (subtitle parts joined by ' · '). */
const V2_TITLES: Record<string, { title: string; subtitle: string }> = {
  services: {
    title: `coalesce(${v2Field('domain')}, json_extract(json, '$.name'))`,
    subtitle: `concat_ws(' · ', CASE WHEN ${v2Field('domain')} IS NOT NULL THEN ${v2Field('name')} END, ${v2Field('status')})`,
  },
  domains: {
    title: `json_extract(json, '$.domainName')`,
    subtitle: `concat_ws(' · ', ${v2Field('status')}, 'expires ' || ${v2Field('expiryDate')})`,
  },
  orders: {
    title: `'Order #' || json_extract(json, '$.orderNum')`,
    subtitle: `concat_ws(' · ', NULLIF(substr(json_extract(json, '$.date'), 1, 10), ''), ${v2Field('status')}, ${v2Field('paymentStatus')}, ${v2Field('amount')})`,
  },
  contacts: {
    title: `coalesce(NULLIF(${contactName}, ''), ${v2Field('companyName')}, json_extract(json, '$.email'))`,
    subtitle: `concat_ws(' · ', ${v2Field('email')}, CASE WHEN ${contactName} <> '' THEN ${v2Field('companyName')} END)`,
  },
  tickets: {
    title: `'#' || json_extract(json, '$.tid') || ' ' || json_extract(json, '$.subject')`,
    subtitle: `concat_ws(' · ', ${v2Field('status')}, 'last reply ' || ${v2Field('lastReply')})`,
  },
  announcements: {
    title: `json_extract(json, '$.title')`,
    subtitle: `coalesce(substr(json_extract(json, '$.date'), 1, 10), '')`,
  },
};

export function createSearchAndRuns(db: Database): void {
  db.exec(/* sql */ `
    CREATE VIRTUAL TABLE search_index USING fts5(
      title UNINDEXED, subtitle UNINDEXED, terms,
      tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
    );

    CREATE TABLE sync_runs (
      id INTEGER PRIMARY KEY,
      trigger TEXT NOT NULL,
      started_at TEXT NOT NULL,
      finished_at TEXT,
      outcome TEXT NOT NULL,   -- running | ok | partial | failed | cancelled | interrupted
      summary TEXT             -- JSON, when finished
    );
  `);
  for (const { table, slot, terms } of V2_SEARCH_TERMS) {
    const { title, subtitle } = V2_TITLES[table]!;
    db.exec(`INSERT INTO search_index (rowid, title, subtitle, terms) SELECT ${v2Rowid(slot)}, ${title}, ${subtitle}, ${terms} FROM ${table}`);
  }
}
