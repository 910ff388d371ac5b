/**
 * Replays the outbox against the provider. Entries of one record go in entry order; different records go
 * concurrently (bounded). Each entry is marked `sending` (committed) before its request goes out; entries
 * found `sending` and not in flight here (left by a crash, or whose reply was lost) are reconciled with the
 * server before anything is sent again (reconcile.ts). Outcomes (failure.ts):
 * done → result and server id recorded; refused → failed with the provider's message; not executed or
 * idempotent → queued again after an exponential backoff (429: at least Retry-After); maybe executed →
 * stays sending, reconciled when due; auth → the whole queue pauses until `resume()`.
 *
 * `run` works until nothing is due and reports when something next will be; scheduling the next run (a
 * timer, the network coming back, a sign-in) is the caller's.
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { ApiError } from '../api/errors.js';
import { TOKEN_OPERATION } from '../api/client.js';
import type { EntryProblem } from '../../../shared/outbox/entry.js';
import type { EntryRow } from './entry-row.js';
import { classifyReadFailure, classifySendFailure, messageOf } from './failure.js';
import { invoiceStatsOf, type InvoiceStatsSnapshot } from './invoice-stats.js';
import type { ReplayJournal } from './journal.js';
import { touchesInvoiceStats } from '../../../shared/outbox/definitions.js';
import type { Outbox } from './outbox.js';
import { reconcile } from './reconcile.js';
import { sendEntry, type OutboxClient } from './send.js';
import type { ServerTimeOptions } from './server-time.js';
import { decide } from './decide.js';
import { addRead, needsNothing, needsOf, readProvider, unread } from './freshness.js';
import { afterSent, type ProviderState } from './provider-state.js';
import type { EntryBase } from '../../../shared/outbox/conflict.js';
import type { StoredConflict } from './conflict-row.js';
import type { StoredParams } from './references.js';

export interface ReplayerOptions {
  /** Records replayed at once; default 4. */
  concurrency?: number;
  /** Clock (epoch ms) for send times and backoff; default the outbox's. */
  now?: () => number;
  /** Backoff after a transient failure: baseMs · 2^(failures − 1), at most maxMs. Default 2 s … 5 min. */
  backoff?: { baseMs?: number; maxMs?: number };
  /** How far the provider's clock may be from ours when matching a lost create by date; default 10 min. */
  clockSkewMs?: number;
  /** The zone of the provider's date-times (minutes east of UTC); default 0. */
  serverUtcOffsetMinutes?: number;
  /** How long the replay lease lasts without renewal (renewed every third of it while running); default 60 s. */
  leaseTtlMs?: number;
}

export interface RunReport {
  /** Requests sent (writes, not the reads around them). */
  sent: number;
  /** The entries this run sent (by this replayer: another process's sends are not in it). */
  sentIds: number[];
  /** Unconfirmed entries checked against the server. */
  reconciled: number;
  /** Entries settled without a request because the provider changed their record: held for the person, or already as wanted. */
  changedOnProvider: number;
  /** Another replayer (maybe another process) holds the outbox: nothing was done. */
  busy: boolean;
  /** Why the queue is paused (auth), or null. */
  paused: string | null;
  /** When an entry that is waiting out a backoff will be due (epoch ms); null when none is. */
  nextDueAt: number | null;
}

export interface ReplayerEvents {
  /** Credentials were refused; nothing more is sent until resume(). */
  paused: [reason: string];
  resumed: [];
}

interface InFlight {
  recordKey: string;
  invoiceStats: boolean;
}

export class Replayer extends EventEmitter<ReplayerEvents> {
  #paused: string | null = null;
  #running: Promise<RunReport> | null = null;
  /**
   * This run's sign-in (token grant) failed for a transient reason. The session sends no grant again until the
   * next run, so every request left in this one would fail at once, with no I/O: a run that went on would
   * loop through the whole queue on microtasks alone, starving the event loop, for as long as backoffs kept
   * expiring (forever with short ones: a 1,000-entry soak hung here). The run ends; the next one signs in once more.
   */
  #signInFailed = false;
  private readonly journal: ReplayJournal;
  private readonly inFlight = new Map<number, InFlight>();
  private readonly owner = randomUUID();
  private readonly concurrency: number;
  private readonly now: () => number;
  private readonly backoff: { baseMs: number; maxMs: number };
  private readonly time: ServerTimeOptions;
  private readonly leaseTtlMs: number;

  constructor(
    outbox: Outbox,
    private readonly client: OutboxClient & { session?: { resetGrantFailure?(): void } },
    options: ReplayerOptions = {},
  ) {
    super();
    this.journal = outbox.journal;
    this.concurrency = Math.max(1, options.concurrency ?? 4);
    this.now = options.now ?? outbox.now;
    this.backoff = { baseMs: options.backoff?.baseMs ?? 2_000, maxMs: options.backoff?.maxMs ?? 300_000 };
    this.time = { clockSkewMs: options.clockSkewMs ?? 600_000, serverUtcOffsetMinutes: options.serverUtcOffsetMinutes ?? 0 };
    this.leaseTtlMs = options.leaseTtlMs ?? 60_000;
  }

  /** Why the queue is paused, or null. */
  get paused(): string | null {
    return this.#paused;
  }

  /** After a new sign-in: sending may go on (call run again). */
  resume(): void {
    if (this.#paused === null) return;
    this.#paused = null;
    this.emit('resumed');
  }

  /** Replays what is due. A call while a run is going joins it. `signal` stops starting new work. */
  run(signal?: AbortSignal): Promise<RunReport> {
    this.#running ??= this.replay(signal).finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  private async replay(signal: AbortSignal | undefined): Promise<RunReport> {
    const report: RunReport = { sent: 0, sentIds: [], reconciled: 0, changedOnProvider: 0, busy: false, paused: this.#paused, nextDueAt: null };
    if (this.#paused !== null) return report;
    this.#signInFailed = false;
    // Like a sync, a replay run may sign in once after a failed sign-in (the session sends no more until then).
    this.client.session?.resetGrantFailure?.();
    const lease = this.journal.lease(this.owner, this.leaseTtlMs);
    if (!lease.acquire(this.now())) return { ...report, busy: true };
    // Each run reads the provider afresh before it sends (issue 34).
    this.fresh = null;
    let leaseLost = false;
    const heartbeat = setInterval(() => {
      try {
        leaseLost ||= !lease.acquire(this.now());
      } catch {
        leaseLost = true;
      }
    }, this.leaseTtlMs / 3);
    heartbeat.unref();

    const jobs = new Set<Promise<void>>();
    let fault: unknown = null;
    try {
      for (;;) {
        if (this.#paused === null && !this.#signInFailed && !signal?.aborted && !leaseLost && fault === null) {
          for (const row of this.due(this.concurrency - jobs.size)) {
            const job = this.process(row, report)
              .catch((error: unknown) => {
                fault ??= error;
              })
              .finally(() => {
                this.inFlight.delete(row.id);
                jobs.delete(job);
              });
            jobs.add(job);
          }
        }
        if (jobs.size === 0) break;
        await Promise.race(jobs);
      }
    } finally {
      clearInterval(heartbeat);
      if (!leaseLost) lease.release();
    }
    if (fault !== null) throw fault;
    return { ...report, paused: this.#paused, nextDueAt: this.#paused === null ? this.nextDueAt() : null };
  }

  /**
   * Entries to start now, at most `room`, in entry order: queued ones with nothing to wait for, and
   * unconfirmed (sending) ones not in flight here; none whose record, or (for invoices and orders) the
   * invoice statistics, an entry in flight is using.
   */
  private due(room: number): EntryRow[] {
    if (room <= 0) return [];
    const now = this.now();
    const picked: EntryRow[] = [];
    for (const row of this.journal.startable(now)) {
      if (picked.length >= room) break;
      if (row.next_attempt_at > now || this.inFlight.has(row.id)) continue;
      const busy = [...this.inFlight.values()];
      if (busy.some((f) => f.recordKey === row.record_key)) continue;
      const invoiceStats = touchesInvoiceStats(row.kind);
      if (invoiceStats && busy.some((f) => f.invoiceStats)) continue;
      this.inFlight.set(row.id, { recordKey: row.record_key, invoiceStats });
      picked.push(row);
    }
    return picked;
  }

  private nextDueAt(): number | null {
    const { active, waiting } = this.journal.snapshot();
    const times = active
      .filter((row) => (row.state === 'queued' && !waiting.has(row.id)) || row.state === 'sending')
      .map((row) => row.next_attempt_at);
    return times.length ? Math.min(...times) : null;
  }

  private async process(row: EntryRow, report: RunReport): Promise<void> {
    if (row.state === 'sending') {
      report.reconciled++;
      await this.confirm(row);
    } else {
      await this.send(row, report);
    }
  }

  /** What the provider holds of the records this run's entries touch, read once for all of them (freshness.ts). */
  private fresh: Promise<ProviderState> | null = null;

  /** The provider's state for `row`'s record: the run's read, with what it lacks for `row` read now. */
  private async providerFor(row: EntryRow): Promise<ProviderState> {
    this.fresh ??= readProvider(this.client, needsOf(this.journal.queuedWithBase(this.now())), this.now());
    const read = this.fresh;
    try {
      const state = await read;
      const more = unread(state, needsOf([row]));
      if (!needsNothing(more)) addRead(state, await readProvider(this.client, more, this.now()));
      return state;
    } catch (error) {
      // A failed read is not kept: the next entry (or run) reads again.
      if (this.fresh === read) this.fresh = null;
      throw error;
    }
  }

  /**
   * Fresh before sending: what of `row` goes now, decided against what the provider holds (decide.ts). Null when
   * the entry was settled here (held for the person, or already on the provider) or must wait (a failed read).
   */
  private async freshPart(row: EntryRow, report: RunReport): Promise<{ params: StoredParams; holding: StoredConflict | null; decidedOn: string; state: ProviderState } | null | undefined> {
    if (row.base === null) return undefined;
    let state: ProviderState;
    try {
      state = await this.providerFor(row);
    } catch (error) {
      this.noteSignInFailure(error);
      const failure = classifyReadFailure(error);
      const problem = { ...failure.problem, message: `could not read the provider's current record before sending: ${failure.problem.message}` };
      if (failure.action === 'pause') this.pauseWith(row, problem);
      else if (failure.action === 'retry') this.journal.retryLater(row.id, problem, this.retryAt(row, failure.retryAfterMs), this.now());
      // Refused: what the provider holds cannot be known; sent as it is, the provider's own answer decides.
      return failure.action === 'refused' ? undefined : null;
    }
    const decision = decide(row.kind, JSON.parse(row.params) as StoredParams, JSON.parse(row.base) as EntryBase, state);
    switch (decision.go) {
      case 'nothing':
        report.changedOnProvider++;
        this.journal.alreadyThere(row.id, decision.result, row.params, this.now());
        return null;
      case 'send':
        return { params: decision.params, holding: null, decidedOn: row.params, state };
      case 'hold': {
        const facts = { ...decision.conflict, checkedAt: state.readAt };
        if (decision.send === null) {
          report.changedOnProvider++;
          this.journal.hold(row.id, facts, decision.held, row.params, this.now());
          return null;
        }
        return { params: decision.send, holding: { facts, held: decision.held }, decidedOn: row.params, state };
      }
    }
  }

  private async send(row: EntryRow, report: RunReport): Promise<void> {
    const fresh = await this.freshPart(row, report);
    if (fresh === null) return;
    let precheck: InvoiceStatsSnapshot | null = null;
    if (row.kind === 'create-invoice') {
      try {
        const { stats } = await this.client.getClientsDetails({ stats: true });
        precheck = stats && invoiceStatsOf(stats);
      } catch (error) {
        this.noteSignInFailure(error);
        const failure = classifyReadFailure(error);
        const problem = { ...failure.problem, message: `could not read the invoice statistics before sending: ${failure.problem.message}` };
        // Refused: sent without them; should its reply be lost, it goes to review instead of being matched.
        if (failure.action === 'pause') return this.pauseWith(row, problem);
        if (failure.action === 'retry') return this.journal.retryLater(row.id, problem, this.retryAt(row, failure.retryAfterMs), this.now());
      }
    }
    const sending = this.journal.beginSend(row.id, precheck, this.now(), fresh);
    if (!sending) return;
    report.sent++;
    report.sentIds.push(sending.id);
    try {
      const params = this.journal.paramsToSend(sending);
      const { result, serverId } = await sendEntry(this.client, sending, params, this.journal.attachmentBytes(sending.id));
      this.journal.complete(sending.id, result, serverId, this.now());
      if (fresh) afterSent(fresh.state, sending.kind, params);
    } catch (error) {
      this.noteSignInFailure(error);
      const failure = classifySendFailure(sending.kind, error);
      switch (failure.action) {
        case 'pause':
          return this.pauseWith(sending, failure.problem);
        case 'fail':
          return this.journal.fail(sending.id, failure.problem, this.now());
        case 'retry':
          return this.journal.retryLater(sending.id, failure.problem, this.retryAt(sending, failure.retryAfterMs), this.now());
        case 'unconfirmed':
          return this.journal.stayUnconfirmed(sending.id, failure.problem, this.retryAt(sending, null), this.now());
      }
    }
  }

  /** An unconfirmed entry: ask the server what became of it. */
  private async confirm(row: EntryRow): Promise<void> {
    try {
      const verdict = await reconcile({ client: this.client, row, claimed: this.journal.claimedServerIds(row.kind, row.id), time: this.time });
      switch (verdict.verdict) {
        case 'done':
          return this.journal.complete(row.id, { ...verdict.result, reconciled: true }, verdict.serverId, this.now());
        case 'resend':
          return this.journal.resend(row.id, this.now());
        case 'review':
          return this.journal.review(row.id, { kind: 'reconciliation', message: verdict.reason }, this.now());
      }
    } catch (error) {
      this.noteSignInFailure(error);
      const failure = classifyReadFailure(error);
      const problem: EntryProblem = { ...failure.problem, message: `could not check whether it reached the server: ${messageOf(error)}` };
      switch (failure.action) {
        case 'pause':
          return this.pause(problem.message);
        case 'refused':
          return this.journal.review(row.id, { kind: 'reconciliation', message: problem.message }, this.now());
        case 'retry':
          return this.journal.stayUnconfirmed(row.id, problem, this.retryAt(row, failure.retryAfterMs), this.now());
      }
    }
  }

  private noteSignInFailure(error: unknown): void {
    if (error instanceof ApiError && error.operation === TOKEN_OPERATION && error.transient) this.#signInFailed = true;
  }

  /** The request was not executed: the entry waits, queued, for the queue to resume. */
  private pauseWith(row: EntryRow, problem: EntryProblem): void {
    this.journal.requeue(row.id, problem, this.now());
    this.pause(problem.message);
  }

  private pause(reason: string): void {
    if (this.#paused !== null) return;
    this.#paused = reason;
    this.emit('paused', reason);
  }

  private retryAt(row: EntryRow, retryAfterMs: number | null): number {
    const backoff = Math.min(this.backoff.maxMs, this.backoff.baseMs * 2 ** row.failures);
    return this.now() + Math.max(backoff, retryAfterMs ?? 0);
  }
}
