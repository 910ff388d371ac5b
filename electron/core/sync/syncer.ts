/**
 * One account's pull sync: every resource read in full (paged, bounded concurrency) and written to the
 * mirror with applySnapshot, one transaction per resource. Never two runs at once: asking during a run joins
 * it. A failing resource does not stop the others, except that an unreachable provider or a signed-out
 * session skips the rest (each would fail the same way, after its retries). Cancelling stops between pages
 * and resources; what was written stays, and a resource cut short is not written at all.
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
import { notableChanges } from './notable.js';
import { PULLERS, type PullContext, type SyncClient } from './pullers.js';
import {
  overallOutcome,
  type ConnectivityChange,
  type ResourceSyncResult,
  type SyncError,
  type SyncProgress,
  type SyncSummary,
  type SyncTrigger,
} from '../../../shared/sync.js';

export interface SyncerOptions {
  /** A ResellerClient (its session, when present, feeds connectivity). */
  client: SyncClient & { session?: SessionStateSource };
  mirror: Mirror;
  /** Shared with the other request senders of the account; a new one by default. */
  connectivity?: ConnectivityMonitor;
  /** limitnum asked for; the provider may cap it (fetchAll adapts). Default 250. */
  pageSize?: number;
  /** Requests in flight at once within a resource. Default 4. */
  concurrency?: number;
  /** The clock; give the mirror the same one (expiry notes compare today with the day of its last sync). */
  now?: () => Date;
}

export interface SyncRequest {
  trigger?: SyncTrigger;
  /** Aborts this run (ignored when the request joins a run already going). */
  signal?: AbortSignal;
}

export interface SyncEvents {
  progress: [SyncProgress];
  summary: [SyncSummary];
  connectivity: [ConnectivityChange];
  error: [SyncError];
}

export class Syncer extends EventEmitter<SyncEvents> {
  readonly connectivity: ConnectivityMonitor;
  private readonly client: SyncClient;
  private readonly mirror: Mirror;
  private readonly pageSize: number;
  private readonly concurrency: number;
  private readonly now: () => Date;
  private readonly unsubscribe: Array<() => void> = [];
  private current: { promise: Promise<SyncSummary>; controller: AbortController } | null = null;

  constructor(options: SyncerOptions) {
    super();
    this.client = options.client;
    this.mirror = options.mirror;
    this.pageSize = options.pageSize ?? 250;
    this.concurrency = options.concurrency ?? 4;
    this.now = options.now ?? (() => new Date());
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
    const signal = request.signal ? AbortSignal.any([controller.signal, request.signal]) : controller.signal;
    const promise = this.run(request.trigger ?? 'demand', signal).finally(() => {
      this.current = null;
    });
    this.current = { promise, controller };
    return promise;
  }

  /** Stops the run in progress, if any. */
  cancel(): void {
    this.current?.controller.abort();
  }

  /** Cancels any run and stops listening to the session and connectivity. */
  dispose(): void {
    this.cancel();
    for (const unsubscribe of this.unsubscribe.splice(0)) unsubscribe();
  }

  private async run(trigger: SyncTrigger, signal: AbortSignal): Promise<SyncSummary> {
    const startedAt = this.now().toISOString();
    const runId = this.mirror.beginSyncRun(trigger);
    const lastSynced = new Map(this.mirror.syncStates().map((state) => [state.resource, state.lastSyncedAt]));
    const results: ResourceSyncResult[] = [];
    const notable: string[] = [];
    let skipReason: string | null = null;

    for (const resource of SYNCED_RESOURCES) {
      if (signal.aborted) {
        results.push(emptyResult(resource, 'cancelled', null));
      } else if (skipReason !== null) {
        results.push(emptyResult(resource, 'skipped', skipReason));
      } else {
        const previous = lastSynced.get(resource) ?? null;
        const outcome = await this.syncResource(resource, signal, previous === null ? null : localToday(new Date(previous)));
        results.push(outcome.result);
        notable.push(...outcome.notable);
        skipReason = outcome.skipReason;
      }
    }

    this.mirror.refreshStatistics();
    const summary: SyncSummary = {
      runId,
      trigger,
      startedAt,
      finishedAt: this.now().toISOString(),
      outcome: overallOutcome(results),
      resources: results,
      notable,
    };
    this.mirror.finishSyncRun(runId, summary.outcome, summary);
    this.emit('summary', summary);
    return summary;
  }

  private async syncResource<R extends SyncedResource>(
    resource: R,
    signal: AbortSignal,
    previousSyncDay: string | null,
  ): Promise<{ result: ResourceSyncResult; notable: string[]; skipReason: string | null }> {
    const ctx: PullContext = {
      client: this.client,
      pageSize: this.pageSize,
      concurrency: this.concurrency,
      request: (send) => {
        signal.throwIfAborted();
        return this.connectivity.observe(send);
      },
      progress: (done, total) => this.emit('progress', { resource, done, total }),
    };
    this.emit('progress', { resource, done: 0, total: null });
    try {
      const records = await PULLERS[resource](ctx);
      signal.throwIfAborted();
      const changes = this.mirror.applySnapshot(resource, records);
      const notable = notableChanges(resource, changes, { mirror: this.mirror, today: localToday(this.now()), previousSyncDay });
      const result: ResourceSyncResult = {
        resource,
        outcome: 'ok',
        added: changes.added.length,
        changed: changes.changed.length,
        removed: changes.removed.length,
        error: null,
      };
      return { result, notable, skipReason: null };
    } catch (error) {
      if (signal.aborted) return { result: emptyResult(resource, 'cancelled', null), notable: [], skipReason: null };
      const kind = error instanceof ApiError ? error.kind : 'internal';
      const message = error instanceof Error ? error.message : String(error);
      this.mirror.recordSyncError(resource, message);
      // EventEmitter throws an 'error' event nobody listens to; the summary carries it anyway.
      if (this.listenerCount('error') > 0) this.emit('error', { resource, kind, message });
      const skipReason =
        kind === 'network' ? 'not attempted: the provider is unreachable' : kind === 'auth' ? 'not attempted: signed out' : null;
      return { result: emptyResult(resource, 'failed', message), notable: [], skipReason };
    }
  }
}

function emptyResult(resource: SyncedResource, outcome: ResourceSyncResult['outcome'], error: string | null): ResourceSyncResult {
  return { resource, outcome, added: 0, changed: 0, removed: 0, error };
}
