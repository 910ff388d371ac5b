/**
 * The engine's half of a resource's descriptor (the renderer's half is shared/resources): how a sync reads
 * it from the provider, and how the mirror lays it out (mirror/descriptor.ts). Each resource has one module
 * here; index.ts gathers them into the map every part of the engine reads.
 */
import type { CatalogueEntry, ResourceName, ResourceRecords, SyncedResource } from '../../../shared/records.js';
import type { PagedListOperation, PagedListRecord } from '../api/paged-lists.js';
import type { ResourceDescriptor } from '../mirror/descriptor.js';
import type { SyncClient } from '../sync/pullers.js';

/** The paged list operations whose records are exactly `T` (so a resource cannot name another's list). */
type PagedListOf<T> = {
  [K in PagedListOperation]: [PagedListRecord<K>] extends [T] ? ([T] extends [PagedListRecord<K>] ? K : never) : never;
}[PagedListOperation];

/** How a sync reads a resource's records: its wire operation and the shape of what it answers. */
export type PullSource =
  /** A paged list, walked page by page (sync/pullers.ts), its replies decoded by PAGED_LISTS. */
  | { kind: 'pagedList'; operation: PagedListOperation }
  /** One request whose answer holds every record. */
  | { kind: 'single'; read(client: SyncClient): Promise<readonly unknown[]> }
  /** The products (get-products), each with its add-ons and configurable options read beside it. */
  | { kind: 'catalogue' };

/** The sources that read records of type `T`: a resource's descriptor names one of these. */
type PullSourceOf<T> =
  | { kind: 'pagedList'; operation: PagedListOf<T> }
  | { kind: 'single'; read(client: SyncClient): Promise<readonly T[]> }
  | (T extends CatalogueEntry ? { kind: 'catalogue' } : never);

/** A resource as the engine knows it: its mirror layout, and for a synced resource how it is read. */
export type EngineResource<R extends ResourceName> = ResourceDescriptor<ResourceRecords[R]> &
  (R extends SyncedResource ? { pull: PullSourceOf<ResourceRecords[R]> } : { pull?: never });
