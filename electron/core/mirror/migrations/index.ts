/** The mirror's schema migrations (run by sqlite.ts when a mirror file is opened). Append only. */
import type { Migration } from '../../sqlite.js';
import { createResourceTables } from './001-resources.js';
import { createSearchAndRuns } from './002-search-and-runs.js';
import { makeSearchIndexContentless } from './003-contentless-search.js';
import { createDashboardIndexes } from './004-dashboard-indexes.js';
import { dropStoredSecrets } from './005-drop-stored-secrets.js';
import { addTrigramSearch } from './006-trigram-search.js';
import { createCatalogueGroupReads } from './007-catalogue-group-reads.js';

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'resource tables, sync state, caches, local invoices', up: createResourceTables },
  { version: 2, name: 'search index and sync runs', up: createSearchAndRuns },
  { version: 3, name: 'contentless search index', up: makeSearchIndexContentless },
  { version: 4, name: 'dashboard indexes', up: createDashboardIndexes },
  { version: 5, name: 'secrets dropped from the records (transfer secrets, ticket access codes)', up: dropStoredSecrets },
  { version: 6, name: 'trigram search (any part of a name); client, cities and transaction ids indexed', up: addTrigramSearch },
  { version: 7, name: 'catalogue group reads', up: createCatalogueGroupReads },
];
