/**
 * The part of a kind that checks it against what the provider holds before it is sent (issue 34, "When the
 * provider changed meanwhile" in docs/outbox.md): the base an entry keeps when it is queued, and the
 * decision once the provider's current state is read. Kinds with nothing on the provider to have changed (a
 * create, an EPP code request) have none.
 */
import type { Contact, Domain, Ticket } from '../../../../shared/models.js';
import type { EntryBase, EntryConflict } from '../../../../shared/outbox/conflict.js';
import type { ProviderState } from '../provider-state.js';
import type { StoredParams } from '../references.js';

/** What a base is read from: the mirror, with the entries queued before laid over. */
export interface BaseContext {
  /** A contact as the lists show it (pending edits laid over), or null when the mirror does not have it. */
  contact(id: number): Contact | null;
  ticket(id: number): Ticket | null;
  domainsByName(names: readonly string[]): Domain[];
  /** The ids of orders pending on the provider that renew each domain, by lower-case name (as last synced). */
  pendingRenewals(): Map<string, number[]>;
  /** A bulk edit's filter on the contacts' own fields, which each must still match when sent. */
  where?: Record<string, string>;
}

/** The facts of a conflict without the time they were read (the replayer's). */
export type ConflictFacts = EntryConflict extends infer C ? (C extends unknown ? Omit<C, 'checkedAt'> : never) : never;

export type Decision =
  /** Send these params (the entry's, less what the provider has already or changed alone). */
  | { go: 'send'; params: StoredParams }
  /** The provider holds every value already: done without a request, with this result. */
  | { go: 'nothing'; result: object }
  /** Wait for the person; `send` (what did not conflict) goes first, `held` is what then waits. */
  | { go: 'hold'; conflict: ConflictFacts; send: StoredParams | null; held: StoredParams };

export interface FreshnessRule<P> {
  /** What an entry with these params is made on; null when its record is not on the provider (a queued create's). */
  base(params: P, on: BaseContext): EntryBase | null;
  /**
   * What goes now, given what the provider holds (`now`); the params are the entry's as stored. A record the
   * provider no longer has, or a resource not read, leaves the entry as it is: the provider's answer says the rest.
   */
  decide(params: StoredParams, base: EntryBase, now: ProviderState): Decision;
}
