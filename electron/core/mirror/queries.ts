/** What list and search queries return (plain types, shared with front ends through the contract). */
import type { ResourceName } from './records.js';

export interface ListPage<T> {
  rows: T[];
  /** Opaque; pass as `after` for the next page. Null on the last page. */
  nextCursor: string | null;
  /** Rows matching the filters and text, over all pages. */
  total: number;
}

export interface SearchHit {
  resource: ResourceName;
  id: number;
  title: string;
  subtitle: string;
}
