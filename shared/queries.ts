/** What list and search queries return (plain types, shared with front ends through the contract). */
import type { LocalId } from './outbox/local-ids.js';
import type { ResourceName, ResourceRecords } from './records.js';

export interface ListPage<T> {
  rows: T[];
  /** Opaque; pass as `after` for the next page. Null on the last page. */
  nextCursor: string | null;
  /** Rows matching the filters and text, over all pages. */
  total: number;
}

/**
 * A fact a search hit shows under its title, as a value and what it is: a front end words it in the reader's
 * language (a status in its words, a date in its format, "expires …"). `text` is shown as given (a name, an
 * e-mail address, a gateway); `field` with its field's name ("City: Reggio Emilia").
 */
export interface HitDetail {
  kind: 'text' | 'status' | 'date' | 'amount' | 'expires' | 'lastReply' | 'field';
  value: string;
  /** For `field`: the field the search found the record by, which its title and other details do not show (`city`). */
  field?: string;
}

/** A record the mirror's search index found. */
export interface SearchHit {
  resource: ResourceName;
  id: number;
  title: string;
  details: HitDetail[];
}

/** A search hit as views show it: the mirror's, or a queued create's under its local id; marked while edits on it are pending. */
export interface OverlaidSearchHit extends Omit<SearchHit, 'id'> {
  id: number | LocalId;
  pending: PendingKind | null;
  /** Present when something queued concerns the record (a renewal), as on its row. */
  marks?: PendingMark[];
}

export type PendingKind = 'create' | 'update' | 'delete';

/**
 * Something queued elsewhere that concerns a record without editing its fields: a renewal of a domain (an
 * add-order's domainrenewals), worded by a front end as "Renewal for 2 years pending".
 */
export interface PendingMark {
  kind: 'renewal';
  years: number;
  /** The outbox entry that carries it. */
  entryId: number;
}

/** A record as views show it: the mirror's row with the outbox's pending edits laid over it (architecture rule 1). */
export type OverlaidRow<T extends { id: number }> = Omit<T, 'id'> & {
  /** The server id, or the local id of a queued create. */
  id: number | LocalId;
  /** The strongest pending change: delete over create over update; null when nothing is pending. */
  pending: PendingKind | null;
  /** Pending entries on this row, oldest first. */
  pendingEntryIds: number[];
  /** The newest pending entry failed, needs review or waits after a change on the provider: the user has something to do. */
  failed: boolean;
  /** Present when queued entries concern the row without editing it (a domain's renewal), oldest first. */
  marks?: PendingMark[];
};

/** Any resource's overlaid row (resources without pending edits carry pending: null). */
export type OverlaidRecord = { [R in keyof ResourceRecords]: OverlaidRow<ResourceRecords[R] & { id: number }> }[keyof ResourceRecords];

/** One value of a choice filter and how many rows hold it. */
export interface Facet {
  value: string | number;
  count: number;
}

/** A file the engine wrote for the user to save. */
export interface ExportFile {
  fileName: string;
  mimeType: string;
  text: string;
  rows: number;
}
