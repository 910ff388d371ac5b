export { type AnswerCache, type CachedAnswer } from './answer-cache.js';
export { addDays, daysBetween, localToday } from './calendar.js';
export type { FilterSpec, FilterValue, RangeValue, SortDirection } from './descriptor.js';
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type ListQuery } from './list-query.js';
export { MIGRATIONS } from './migrations/index.js';
export { encodeRows, Mirror, type MirrorOptions } from './mirror.js';
export type { EncodedRow } from './row-writer.js';
export type { ListPage, SearchHit } from '../../../shared/queries.js';
export { MirrorQueryError } from './query-error.js';
export type { RecordTest } from './record-filter.js';
export {
  RESOURCE_NAMES,
  SYNCED_RESOURCES,
  type CatalogueEntry,
  type ChangeSet,
  type ResourceName,
  type ResourceRecords,
  type SyncedResource,
  type SyncRunOutcome,
  type SyncRunRecord,
  type SyncState,
} from '../../../shared/records.js';
export { RESOURCES, type Filters, type SortField } from './resources.js';
export type { SnapshotTally, UpsertOutcome } from './snapshot.js';
