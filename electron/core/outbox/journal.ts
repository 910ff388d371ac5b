/**
 * The replayer's side of the outbox: the state changes that sending makes. Each is committed (and, with
 * synchronous=FULL, on disk) before the method returns, and reported through the outbox's change events.
 */
import type Database from 'better-sqlite3';
import type { EntryProblem, MutationResult } from '../../../shared/outbox/entry.js';
import type { EntryRow } from './entry-row.js';
import { isCreate } from '../../../shared/outbox/definitions.js';
import type { MutationKind } from '../../../shared/outbox/kinds.js';
import { ReplayLease } from './lease.js';
import { conflictSentence } from '../../../shared/outbox/conflict.js';
import { storedConflict, type StoredConflict } from './conflict-row.js';
import { baseOfHeld } from './conflict-settle.js';
import type { StoredParams } from './references.js';
import type { EntryChanges, EntryStore } from './store.js';
import { waitingReasons } from './waiting.js';

export class ReplayJournal {
  constructor(
    private readonly db: Database.Database,
    private readonly store: EntryStore,
    private readonly notify: (ids: readonly number[]) => void,
  ) {}

  /** Unsettled entries in entry order, and why each queued one cannot go yet. */
  snapshot(): { active: EntryRow[]; waiting: Map<number, string> } {
    const active = this.store.activeRows();
    return { active, waiting: waitingReasons(active) };
  }

  /**
   * Entries that may start now, in entry order, read lazily: `sending` ones (to be checked with the server)
   * and queued ones due by `now` with nothing to wait for. The replayer takes the first few; reading the whole
   * queue and its waiting reasons for each pick made a 5,000-entry replay quadratic.
   */
  *startable(now: number): Generator<EntryRow> {
    for (const row of this.store.startCandidates(now)) {
      if (row.state === 'sending' || !waitingReasons(this.store.rowsHolding(row)).has(row.id)) yield row;
    }
  }

  lease(owner: string, ttlMs: number): ReplayLease {
    return new ReplayLease(this.db, owner, ttlMs);
  }

  /**
   * Marks a queued entry `sending` before its request goes out, with what was observed just before
   * (`precheck`). Returns the row as it will be sent, or null when, since it was picked, it was discarded
   * or has to wait after all.
   */
  beginSend(id: number, precheck: unknown, now: number, only?: { params: StoredParams; holding: StoredConflict | null; decidedOn: string }): EntryRow | null {
    const sent = this.store.transaction(() => {
      // Only the entries that can hold this one back are read: reading the whole queue here, as well as in
      // the replayer's pick, made a 5,000-entry replay read the queue twice per request sent.
      const row = this.stillToSend(id, only?.decidedOn);
      if (!row) return null;
      // `only`: what goes now of the entry (issue 34: what the provider has already is left out, and the fields
      // that conflict wait in `holding` until this send is confirmed).
      const narrowed = only ? { params: only.params, conflict: only.holding } : {};
      this.store.change(row, 'sending', { attempts: row.attempts + 1, sent_at: now, next_attempt_at: now, precheck, ...narrowed }, now);
      return this.store.mustRow(id);
    });
    if (sent) this.notify([id]);
    return sent;
  }

  /**
   * The entry, when it may still be sent now: queued, with nothing to wait for, and (`decidedOn`) with the params
   * a decision was made on (an edit since makes it decided again).
   */
  private stillToSend(id: number, decidedOn?: string): EntryRow | null {
    const row = this.store.row(id);
    if (!row || row.state !== 'queued' || (decidedOn !== undefined && row.params !== decidedOn)) return null;
    return waitingReasons(this.store.rowsHolding(row)).has(id) ? null : row;
  }

  /** Queued entries with a base, due by `now`: what a run reads the provider for before sending. */
  queuedWithBase(now: number): EntryRow[] {
    return this.store.queuedWithBase(now);
  }

  /** A `sending` entry's params as they go out: secrets opened (LostSecretError when one cannot be). */
  paramsToSend(row: EntryRow): Record<string, unknown> {
    return this.store.paramsToSend(row);
  }

  attachmentBytes(entryId: number): Map<number, Uint8Array> {
    return this.store.attachmentBytes(entryId);
  }

  /** Server ids already matched to other entries of `kind`: reconciliation must not claim them twice. */
  claimedServerIds(kind: MutationKind, exceptEntryId: number): Set<number> {
    return this.store.claimedServerIds(kind, exceptEntryId);
  }

  /**
   * The server confirmed the entry. For a create, `serverId` replaces its local id everywhere; without one,
   * entries that refer to the local id cannot be sent and go to review.
   */
  complete<K extends MutationKind>(id: number, result: MutationResult<K> | null, serverId: number | null, now: number): void {
    const changed = this.store.transaction(() => {
      const row = this.store.mustRow(id);
      const holding = row.state === 'sending' && row.conflict !== null ? storedConflict(row.conflict) : null;
      if (holding?.held) {
        // What did not conflict went; the entry now holds what did, for the person.
        const base = baseOfHeld(row, holding.held);
        this.store.change(row, 'conflict', { result, failures: 0, params: holding.held, base, conflict: { ...holding, held: null }, problem: conflictProblem(holding) }, now);
        return [id];
      }
      this.store.change(row, 'done', { result, failures: 0, problem: null }, now);
      if (!isCreate(row.kind)) return [id];
      if (serverId !== null) return [id, ...this.store.adoptServerId(row, serverId, now)];
      const dependents = this.store.dependents(id);
      const problem: EntryProblem = {
        kind: 'dependency',
        message: `#${id} (${row.kind}) went through but the provider gave no id for it: edit this entry to use the record's id`,
      };
      for (const dependent of dependents) this.store.change(dependent, 'needs_review', { problem }, now);
      return [id, ...dependents.map((d) => d.id)];
    });
    this.notify(changed);
  }

  /**
   * The provider changed the record since the entry was made on it: the entry waits for the person, holding
   * `held`. Nothing happens when the entry changed since `decidedOn` was read (it is decided again).
   */
  hold(id: number, facts: StoredConflict['facts'], held: StoredParams, decidedOn: string, now: number): void {
    const moved = this.store.transaction(() => {
      const row = this.stillToSend(id, decidedOn);
      if (row) this.store.change(row, 'conflict', { params: held, base: baseOfHeld(row, held), conflict: { facts, held: null }, problem: conflictProblem({ facts, held: null }) }, now);
      return row !== null;
    });
    if (moved) this.notify([id]);
  }

  /** The provider holds every value the entry would send: done without a request (unless it changed since `decidedOn`). */
  alreadyThere(id: number, result: object, decidedOn: string, now: number): void {
    const done = this.store.transaction(() => {
      const row = this.stillToSend(id, decidedOn);
      if (row) this.store.change(row, 'done', { result, failures: 0, problem: null }, now);
      return row !== null;
    });
    if (done) this.notify([id]);
  }

  /** The provider refused it: the user edits and retries. */
  fail(id: number, problem: EntryProblem, now: number): void {
    this.move(id, 'failed', { problem, failures: 0 }, now);
  }

  /** The outbox cannot decide on its own. */
  review(id: number, problem: EntryProblem, now: number): void {
    this.move(id, 'needs_review', { problem }, now);
  }

  /** Not sent (or certainly not executed): queued again, due at `nextAttemptAt`. */
  retryLater(id: number, problem: EntryProblem, nextAttemptAt: number, now: number): void {
    this.move(id, 'queued', (row) => ({ problem, failures: row.failures + 1, next_attempt_at: nextAttemptAt }), now);
  }

  /** The request may have been executed and the server could not be asked yet: stays `sending`, checked again later. */
  stayUnconfirmed(id: number, problem: EntryProblem, nextAttemptAt: number, now: number): void {
    this.move(id, 'sending', (row) => ({ problem, failures: row.failures + 1, next_attempt_at: nextAttemptAt }), now);
  }

  /** Reconciliation found that the request never took effect: queued, due at once. */
  resend(id: number, now: number): void {
    this.move(id, 'queued', { problem: null, next_attempt_at: now }, now);
  }

  /** Auth failure: the request was not executed; it waits for the queue to resume. */
  requeue(id: number, problem: EntryProblem, now: number): void {
    this.move(id, 'queued', { problem, next_attempt_at: now }, now);
  }

  private move(id: number, to: EntryRow['state'], changes: EntryChanges | ((row: EntryRow) => EntryChanges), now: number): void {
    const row = this.store.mustRow(id);
    const holding = row.state === 'sending' && to !== 'sending' && row.conflict !== null ? storedConflict(row.conflict).held : null;
    // A send of the fields that did not conflict that did not go through: the entry is whole again (held fields back).
    const whole: EntryChanges = holding ? { params: { ...(JSON.parse(row.params) as StoredParams), ...holding }, conflict: null } : {};
    this.store.change(row, to, { ...whole, ...(typeof changes === 'function' ? changes(row) : changes) }, now);
    this.notify([id]);
  }
}

function conflictProblem(conflict: StoredConflict): EntryProblem {
  return { kind: 'conflict', message: conflictSentence(conflict.facts) };
}
