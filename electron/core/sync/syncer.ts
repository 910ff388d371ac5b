/**
 * One account's pull sync: every resource read in full (paged, bounded concurrency) and written to the
 * mirror with applySnapshot, one transaction per resource, on a writer thread while the next resource is
 * read. Never two runs at once: asking during a run joins it. A failing resource does not stop the others,
 * except that an unreachable provider or a signed-out session skips the rest (each would fail the same way,
 * after its retries). Cancelling stops between pages and resources; what was read in full is written, and a
 * resource cut short is not written at all. A whole run has a deadline (5 minutes by default): a provider that
 * trickles its replies cannot hold it longer; what was not finished by then is named in the summary.
 */
import { EventEmitter } from 'node:events';
import { ApiError } from '../api/errors.js';
import {
  SYNCED_RESOURCES,
  localToday,
  type Mirror,
  type SyncedResource,
} from '../mirror/index.js';
import { ConnectivityMonitor, type SessionStateSource } from './connectivity.js';
import { PULLERS, type PullContext, type PullResult, type SyncClient } from './pullers.js';
import { HostJudgement, RESOURCE_OPERATION } from './skipping.js';
import { InlineSnapshotSink, type SnapshotSink } from './snapshot-sink.js';
import { snapshotWorkerModule, WorkerSnapshotSink } from './worker-sink.js';
import {
  overallOutcome,
  type ConnectivityChange,
  type NotableChange,
  type ResourceSyncResult,
  type SyncError,
  type SyncProgress,
  type SyncSummary,
  type SyncTrigger,
} from '../../../shared/sync.js';

export interface SyncerOptions {
  /** A ResellerClient (its session, when present, feeds connectivity, and is told when a sync begins). */
  client: SyncClient & { session?: SyncSession };
  mirror: Mirror;
  /** Shared with the other request senders of the account; a new one by default. */
  connectivity?: ConnectivityMonitor;
  /** limitnum asked for; the provider may cap it (fetchAll adapts). Default 250. */
  pageSize?: number;
  /** Requests in flight at once within a resource. Default 4. */
  concurrency?: number;
  /** The clock; give the mirror the same one (expiry notes compare today with the day of its last sync). */
  now?: () => Date;
  /** Words for a failure that is the disk's, not the provider's (a full disk: how much is free, where). */
  describeFailure?: (error: unknown) => string | null;
  /** The most a whole run may take, requests in flight included; DEFAULT_SYNC_DEADLINE_MS by default. */
  deadlineMs?: number;
}

export const DEFAULT_SYNC_DEADLINE_MS = 5 * 60_000;

/** Why a run stopped at its deadline (the abort's reason). */
class SyncDeadline extends Error {
  constructor(readonly ms: number) {
    super(`the sync's deadline (${formatDuration(ms)}) passed`);
  }
}

function formatDuration(ms: number): string {
  return ms % 60_000 === 0 ? `${ms / 60_000} min` : `${Math.round(ms / 100) / 10} s`;
}

/** `promise`, or the signal's reason as soon as it aborts (the promise is left to settle unheard). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The session as a sync sees it: its state, and a failed sign-in that each new sync may try once more. */
export interface SyncSession extends SessionStateSource {
  resetGrantFailure?(): void;
}

export interface SyncRequest {
  trigger?: SyncTrigger;
  /** Aborts this run (ignored when the request joins a run already going). */
  signal?: AbortSignal;
  /** The resources to pull (default: all); ignored when the request joins a run already going. */
  only?: readonly SyncedResource[];
}

/** Named as the contract names the same events (shared/contract.ts), which Desk forwards them as. */
export interface SyncEvents {
  'sync.progress': [SyncProgress];
  'sync.summary': [SyncSummary];
  connectivity: [ConnectivityChange];
  error: [SyncError];
}

export class Syncer extends EventEmitter<SyncEvents> {
  readonly connectivity: ConnectivityMonitor;
  private readonly client: SyncClient & { session?: SyncSession };
  private readonly mirror: Mirror;
  private readonly pageSize: number;
  private readonly concurrency: number;
  private readonly now: () => Date;
  private readonly describeFailure: (error: unknown) => string | null;
  private readonly deadlineMs: number;
  private readonly unsubscribe: Array<() => void> = [];
  private current: { promise: Promise<SyncSummary>; controller: AbortController; trigger: SyncTrigger } | null = null;
  /** The run queued behind the current one by syncAfterNow (one for every caller meanwhile). */
  private queued: Promise<SyncSummary> | null = null;
  /** The person cancelled while a run was queued: it does not start (its callers hear the cancelled run). */
  private queueDropped = false;
  private disposed = false;
  /** Resources the last sync found listed empty while the mirror had rows: kept once, emptied if the next sync agrees. */
  private readonly emptiedOnce = new Set<SyncedResource>();

  constructor(options: SyncerOptions) {
    super();
    this.client = options.client;
    this.mirror = options.mirror;
    this.pageSize = options.pageSize ?? 250;
    this.concurrency = options.concurrency ?? 4;
    this.now = options.now ?? (() => new Date());
    this.describeFailure = options.describeFailure ?? (() => null);
    this.deadlineMs = options.deadlineMs ?? DEFAULT_SYNC_DEADLINE_MS;
    this.connectivity = options.connectivity ?? new ConnectivityMonitor();
    const forward = (change: ConnectivityChange) => this.emit('connectivity', change);
    this.connectivity.on('change', forward);
    this.unsubscribe.push(() => this.connectivity.off('change', forward));
    if (options.client.session) this.unsubscribe.push(this.connectivity.watchSession(options.client.session));
  }

  get running(): boolean {
    return this.current !== null;
  }

  /** Runs a sync, or joins the one running. Resolves with its summary (failures are in it, not thrown). */
  sync(request: SyncRequest = {}): Promise<SyncSummary> {
    if (this.current) return this.current.promise;
    const controller = new AbortController();
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new SyncDeadline(this.deadlineMs)), this.deadlineMs);
    const signals = [controller.signal, deadline.signal, ...(request.signal ? [request.signal] : [])];
    const signal = AbortSignal.any(signals);
    const trigger = request.trigger ?? 'demand';
    const promise = this.run(trigger, signal, request.only ?? SYNCED_RESOURCES).finally(() => {
      clearTimeout(timer);
      this.current = null;
    });
    // Told once the run is over, so that a listener asking whether a sync is running hears no.
    promise.then((summary) => this.emit('sync.summary', summary), () => undefined);
    this.current = { promise, controller, trigger };
    return promise;
  }

  /**
   * A sync the person asked for (Sync Now, from the tray or the palette): it joins a run they asked for already,
   * but never answers with an automatic run (at start, on the interval, on reconnecting) that began before they
   * asked, which may have read a list before their change on the provider: that one is followed by theirs.
   */
  syncOnDemand(request: SyncRequest = {}): Promise<SyncSummary> {
    return this.current && this.current.trigger !== 'demand' ? this.syncAfterNow({ ...request, trigger: 'demand' }) : this.sync({ ...request, trigger: 'demand' });
  }

  /**
   * A sync that starts after this call. The run in progress may have read a resource before what was just
   * confirmed reached the provider (a ticket opened, a contact added): then a run queued behind it, one for every
   * caller meanwhile; else a run now. Once disposed, the queued run does not start (the running one's summary).
   */
  syncAfterNow(request: SyncRequest = {}): Promise<SyncSummary> {
    const running = this.current?.promise;
    if (!running) return this.sync(request);
    const start = (): Promise<SyncSummary> => {
      this.queued = null;
      const dropped = this.queueDropped;
      this.queueDropped = false;
      return this.disposed || dropped ? running : this.sync(request);
    };
    this.queued ??= running.then(start, start);
    return this.queued;
  }

  /**
   * Whether the provider answers, asked with one small request (no retry, no progress, no sync run): how a
   * connection that is down learns it is back. The outcome goes to connectivity; null when it got through, else
   * why not (the failure, for a caller that says it).
   */
  async probe(): Promise<unknown> {
    // A probe is a new attempt: a grant that failed while the provider was away may go once more (one per probe,
    // and probes are seconds apart, so a failing sign-in is never hammered).
    this.client.session?.resetGrantFailure?.();
    try {
      await this.connectivity.observe(() => this.client.probe());
      return null;
    } catch (error) {
      // The provider answered the probe with a refusal: it is there, but failing.
      if (error instanceof ApiError && (error.kind === 'rejected' || error.kind === 'rate_limited')) this.connectivity.failing(error);
      return error;
    }
  }

  /** Stops the run in progress, if any, and the one queued behind it. */
  cancel(): void {
    if (this.queued) this.queueDropped = true;
    this.current?.controller.abort();
  }

  /**
   * Cancels any run, stops listening to the session and connectivity, and resolves once the cancelled run has
   * let go of the mirror (its last write and the run's record), so the mirror may then be closed.
   */
  async dispose(): Promise<void> {
    this.disposed = true;
    const running = this.current?.promise;
    this.cancel();
    for (const unsubscribe of this.unsubscribe.splice(0)) unsubscribe();
    await running?.catch(() => undefined);
  }

  private async run(trigger: SyncTrigger, signal: AbortSignal, resources: readonly SyncedResource[]): Promise<SyncSummary> {
    const startedAt = this.now().toISOString();
    const runId = this.mirror.beginSyncRun(trigger);
    // At most one sign-in per sync after a failure: the session sends no grant again until this point.
    this.client.session?.resetGrantFailure?.();
    const lastSynced = new Map(this.mirror.syncStates().map((state) => [state.resource, state.lastSyncedAt]));
    const written: Array<Promise<WriteOutcome>> = [];
    // Which resources are not attempted: those of a base URL found unreachable, or all once signed out.
    const hosts = new HostJudgement();
    let firstFailure: ApiError | null = null;

    const sink = this.openSink();
    try {
      for (const resource of SYNCED_RESOURCES.filter((r) => resources.includes(r))) {
        const skipReason = hosts.skipReason(resource);
        if (signal.aborted) {
          written.push(stopped(resource, signal.reason, false));
          continue;
        }
        if (skipReason !== null) {
          written.push(nothingWritten(resource, 'skipped', skipReason));
          continue;
        }
        const pulled = await this.pull(resource, sink, signal);
        if (pulled.count === null) {
          sink.discard(resource);
          const problem = pulled.cause instanceof ApiError && pulled.outcome === 'failed' ? pulled.cause : null;
          written.push(nothingWritten(resource, pulled.outcome, pulled.error, problem));
          if (pulled.outcome === 'failed') hosts.failed(resource, pulled.cause);
          firstFailure ??= problem;
          continue;
        }
        hosts.answered(resource);
        if (this.emptiedUnconfirmed(resource, pulled.count)) {
          sink.discard(resource);
          written.push(keptUnconfirmed(resource, pulled.warnings, this.mirror.counts()[resource]));
        } else {
          const previous = lastSynced.get(resource) ?? null;
          written.push(this.write(sink, resource, pulled, previous === null ? null : localToday(new Date(previous))));
        }
      }
      // Each write overlapped the reading of the next resource; the run ends when the last one is in.
      const outcomes = await Promise.all(written);
      await sink.finish();
      const notableChanges = outcomes.flatMap((o) => o.notable);
      const summary: SyncSummary = {
        runId,
        trigger,
        startedAt,
        finishedAt: this.now().toISOString(),
        outcome: overallOutcome(outcomes.map((o) => o.result)),
        resources: outcomes.map((o) => o.result),
        notable: notableChanges.map((c) => c.text),
        notableChanges,
      };
      this.mirror.finishSyncRun(runId, summary.outcome, summary);
      // Nothing read, though the provider answered: it is failing (an error on every call), not merely refusing one.
      if (summary.outcome === 'failed' && firstFailure !== null && this.connectivity.state === 'online') this.connectivity.failing(firstFailure);
      return summary;
    } finally {
      await sink.dispose();
    }
  }

  /**
   * A writer thread, so that writing one resource overlaps reading the next, where the mirror is a file (an
   * in-memory one has no second connection) and the thread's module is there; else this thread.
   */
  private openSink(): SnapshotSink {
    const file = this.mirror.file;
    const module = file !== null ? snapshotWorkerModule() : null;
    return file !== null && module !== null ? new WorkerSnapshotSink(this.mirror, file, module) : new InlineSnapshotSink(this.mirror);
  }

  /** Reads one resource in full; a failure is recorded and said, with whether the rest should be skipped. */
  private async pull(resource: SyncedResource, sink: SnapshotSink, signal: AbortSignal): Promise<PullOutcome> {
    const ctx: PullContext = {
      client: this.client,
      pageSize: this.pageSize,
      concurrency: this.concurrency,
      // A request in flight is let go at the run's end (cancel or deadline), not waited for.
      request: (send) => {
        signal.throwIfAborted();
        return untilAborted(this.connectivity.observe(send), signal);
      },
      progress: (done, total) => this.emit('sync.progress', { resource, done, total }),
      page: (offset, records) => sink.page(resource, offset, records),
      pageBytes: (offset, limit, operation, page) => sink.pageBytes(resource, offset, limit, operation, page),
    };
    this.emit('sync.progress', { resource, done: 0, total: null });
    try {
      const pulled = await PULLERS[resource](ctx);
      signal.throwIfAborted();
      return pulled;
    } catch (error) {
      if (signal.reason instanceof SyncDeadline) {
        const message = this.recordFailure(resource, 'network', deadlineMessage(resource, signal.reason, true));
        return { count: null, outcome: 'failed', error: message, cause: error };
      }
      if (signal.aborted) return { count: null, outcome: 'cancelled', error: null, cause: error };
      const kind = error instanceof ApiError ? error.kind : 'internal';
      const message = this.recordFailure(resource, kind, error);
      return { count: null, outcome: 'failed', error: message, cause: error };
    }
  }

  /**
   * A resource the provider suddenly lists none of, where the mirror has rows: a provider that lost its list
   * for a moment must not empty the mirror, so the rows stay until the next sync also finds none.
   */
  private emptiedUnconfirmed(resource: SyncedResource, count: number): boolean {
    if (count > 0) {
      this.emptiedOnce.delete(resource);
      return false;
    }
    if (this.emptiedOnce.has(resource) || this.mirror.counts()[resource] === 0) {
      this.emptiedOnce.delete(resource);
      return false;
    }
    this.emptiedOnce.add(resource);
    return true;
  }

  /** Has the sink write a resource read in full; resolves (never rejects) once it is written or has failed. */
  private async write(sink: SnapshotSink, resource: SyncedResource, pulled: PullResult, previousSyncDay: string | null): Promise<WriteOutcome> {
    const now = this.now();
    const { count, warnings } = pulled;
    try {
      const written = await sink.apply({ resource, count, at: now.toISOString(), today: localToday(now), previousSyncDay });
      const { added, changed, removed, notable } = written;
      return { result: { resource, outcome: 'ok', added, changed, removed, error: null, warnings: [...warnings, ...written.warnings] }, notable };
    } catch (error) {
      const message = this.recordFailure(resource, 'internal', error);
      return { result: emptyResult(resource, 'failed', message), notable: [] };
    }
  }

  /** Records a resource's failure in the sync state and emits it as an error event; returns the message. */
  private recordFailure(resource: SyncedResource, kind: SyncError['kind'], error: unknown): string {
    const message = this.describeFailure(error) ?? (error instanceof Error ? error.message : String(error));
    try {
      this.mirror.recordSyncError(resource, message);
    } catch {
      // The disk that failed the resource may fail this note too: the summary still carries the failure.
    }
    // EventEmitter throws an 'error' event nobody listens to; the summary carries it anyway.
    if (this.listenerCount('error') > 0) this.emit('error', { resource, kind, message });
    return message;
  }
}

type PullOutcome = PullResult | { count: null; outcome: 'failed' | 'cancelled'; error: string | null; cause: unknown };

interface WriteOutcome {
  result: ResourceSyncResult;
  notable: NotableChange[];
}

/** What the deadline left unfinished: the resource with the operation it is read with. */
function deadlineMessage(resource: SyncedResource, deadline: SyncDeadline, started: boolean): Error {
  const operation = RESOURCE_OPERATION[resource];
  return new Error(`${deadline.message} ${started ? 'before' : 'so'} ${operation} (${resource}) ${started ? 'finished' : 'was not attempted'}`);
}

/** A resource not begun because the run was stopped: cancelled, or skipped by the deadline (named). */
function stopped(resource: SyncedResource, reason: unknown, started: boolean): Promise<WriteOutcome> {
  if (reason instanceof SyncDeadline) return nothingWritten(resource, 'skipped', deadlineMessage(resource, reason, started).message);
  return nothingWritten(resource, 'cancelled', null);
}

function nothingWritten(resource: SyncedResource, outcome: ResourceSyncResult['outcome'], error: string | null, problem: ApiError | null = null): Promise<WriteOutcome> {
  const result = emptyResult(resource, outcome, error);
  return Promise.resolve({ result: problem ? { ...result, problem: problem.facts } : result, notable: [] });
}

function emptyResult(resource: SyncedResource, outcome: ResourceSyncResult['outcome'], error: string | null): ResourceSyncResult {
  return { resource, outcome, added: 0, changed: 0, removed: 0, error, warnings: [] };
}

function keptUnconfirmed(resource: SyncedResource, warnings: string[], kept: number): Promise<WriteOutcome> {
  const warning = `the provider lists no ${resource} where there were ${kept}: they are kept until the next sync confirms it`;
  return Promise.resolve({ result: { ...emptyResult(resource, 'ok', null), warnings: [...warnings, warning] }, notable: [] });
}
