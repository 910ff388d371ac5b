/** The values a list's choice filter can take, with how many rows hold each (a status filter's options). */
import type { Database } from 'better-sqlite3';
import { MirrorQueryError } from './query-error.js';
import type { Facet } from '../../../shared/queries.js';
import type { ResourceName } from '../../../shared/records.js';
import { descriptorOf } from './resources.js';
import { statement } from './statements.js';

/** Distinct non-empty values of an equals filter's column, most common first (its index makes this a scan of keys). */
export function facetValues(db: Database, resource: ResourceName, filter: string): Facet[] {
  const descriptor = descriptorOf(resource);
  const spec = Object.hasOwn(descriptor.filters, filter) ? descriptor.filters[filter] : undefined;
  if (spec?.kind !== 'equals') throw new MirrorQueryError(`${resource} has no choice filter '${filter}'`);
  const sql = `SELECT ${spec.column} AS value, COUNT(*) AS count FROM ${descriptor.table}
    WHERE ${spec.column} IS NOT NULL AND ${spec.column} != '' GROUP BY ${spec.column} ORDER BY count DESC, value`;
  return statement(db, sql).all() as Facet[];
}
