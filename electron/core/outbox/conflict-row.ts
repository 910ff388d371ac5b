/** The entries table's `conflict` column: why a conflict entry waits, and the fields it holds back while others go. */
import type { EntryConflict } from '../../../shared/outbox/conflict.js';
import type { StoredParams } from './references.js';

export interface StoredConflict {
  facts: EntryConflict;
  /**
   * The params that wait for the person (the record's key param with them), while the entry sends the fields
   * that did not conflict: the entry becomes these params once that send is confirmed. Null when nothing went.
   */
  held: StoredParams | null;
}

export function storedConflict(json: string): StoredConflict {
  return JSON.parse(json) as StoredConflict;
}
