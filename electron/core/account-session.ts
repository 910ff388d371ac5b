/**
 * One open account: its API client, mirror, outbox, sync and replay, wired together.
 *
 * - Edits are replayed as soon as they are queued, when the provider becomes reachable again, after a sign-in,
 *   and when a backoff runs out. When replay confirmed something, a sync follows so the mirror shows the
 *   server's version of it (the overlay shows the queued version until then).
 * - Sync and replay feed one connectivity monitor; it is what the rest of the app listens to.
 */
import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import type { AccountConfig } from '../../shared/accounts.js';
import type { Clock, PendingTask, Timers } from '../../shared/clock.js';
import type { OutboxEntry } from '../../shared/outbox/entry.js';
import type { SyncProgress, SyncSummary } from '../../shared/sync.js';
import type { SyncedResource } from '../../shared/records.js';
import { ResellerClient, type ClientOptions } from './api/index.js';
import { accountPaths } from './data-dir.js';
import { Mirror } from './mirror/index.js';
import { openOutbox, queuedInvoice, Replayer, type Outbox, type RunReport } from './outbox/index.js';
import { ConnectivityMonitor, Syncer, SyncScheduler, type ConnectivityChange } from './sync/index.js';
import { systemClock, systemTimers } from './system-time.js';
import type { AtRestCipher, SecretVault } from './vault/index.js';

export interface AccountSessionOptions {
  dataDir: string;
  vault: SecretVault;
  /** Seals the EPP codes the mirror and the outbox keep: the account's (AtRestCipher.forAccount). */
  cipher: AtRestCipher;
  /** Minutes between background syncs (0: none). */
  syncIntervalMinutes: number;
  /** The most one sync may take (Syncer's default when absent). */
  syncDeadlineMs?: number;
  /** Background work (sync on open and on a timer, replay on its own): the app wants it, the CLI does not. */
  background: boolean;
  /** For the API client: the retry policy's overrides and who is told of each retry. */
  client?: Pick<ClientOptions, 'retry' | 'onRetry'>;
  /** The outbox's and the replay backoff's clock, and the timers of replay retries and periodic syncs: the real ones by default. */
  clock?: Clock;
  timers?: Timers;
}

/** The sync's events under the contract's names; an outbox entry as the outbox holds it (Desk masks it). */
export interface AccountSessionEvents {
  'sync.progress': [SyncProgress];
  'sync.summary': [SyncSummary];
  connectivity: [ConnectivityChange];
  'outbox.entry': [OutboxEntry];
}

/** Longest wait before a replay retries on its own; backoffs shorter than this are honoured exactly. */
export const MAX_REPLAY_WAIT_MS = 5 * 60_000;

export class AccountSession extends EventEmitter<AccountSessionEvents> {
  readonly client: ResellerClient;
  readonly mirror: Mirror;
  readonly outbox: Outbox;
  readonly connectivity = new ConnectivityMonitor();
  readonly syncer: Syncer;
  readonly replayer: Replayer;
  private readonly scheduler: SyncScheduler;
  private replaying: Promise<RunReport> | null = null;
  private replayAgain = false;
  private replayTimer: PendingTask | null = null;
  private readonly clock: Clock;
  private readonly timers: Timers;
  private closed = false;

  constructor(
    readonly config: AccountConfig,
    private readonly options: AccountSessionOptions,
  ) {
    super();
    this.clock = options.clock ?? systemClock;
    this.timers = options.timers ?? systemTimers;
    const paths = accountPaths(options.dataDir, config.name);
    mkdirSync(paths.dir, { recursive: true });
    this.mirror = Mirror.open(paths.mirror, { cipher: options.cipher });
    // The account's own client id and gateway from the last sync: a write sends them without asking first.
    const own = this.mirror.list('client', { limit: 1 }).rows[0]?.client;
    this.client = new ResellerClient(
      { account: config.name, ...config, ownClientId: own?.userId ?? null, defaultGateway: own?.defaultGateway ?? null },
      options.vault,
      options.client,
    );
    this.outbox = openOutbox(paths.outbox, { cipher: options.cipher, now: this.clock });
    this.syncer = new Syncer({
      client: this.client,
      mirror: this.mirror,
      connectivity: this.connectivity,
      ...(options.syncDeadlineMs !== undefined ? { deadlineMs: options.syncDeadlineMs } : {}),
    });
    this.scheduler = new SyncScheduler(this.syncer, { intervalMinutes: options.syncIntervalMinutes, timers: this.timers });
    this.replayer = new Replayer(this.outbox, this.client);

    this.syncer.on('sync.progress', (p) => this.emit('sync.progress', p));
    this.syncer.on('sync.summary', (s) => this.emit('sync.summary', s));
    this.connectivity.on('change', (change) => {
      this.emit('connectivity', change);
      if (change.state === 'online' && this.options.background) {
        this.outbox.wakeUp();
        void this.replay();
      }
    });
    this.outbox.on('changed', (entry) => {
      this.keepInMirror(entry);
      this.emit('outbox.entry', entry);
    });
  }

  /** Starts background work: a sync now and on the interval, and replay of what is queued. */
  start(): void {
    if (!this.options.background) return;
    void this.scheduler.start();
    void this.replay();
  }

  setSyncInterval(minutes: number): void {
    this.scheduler.setIntervalMinutes(minutes);
  }

  /** Sends what is due in the outbox; a call during a run makes the run go round once more. */
  replay(): Promise<RunReport> {
    if (this.replaying) {
      this.replayAgain = true;
      return this.replaying;
    }
    this.clearReplayTimer();
    this.replaying = this.replayLoop().finally(() => {
      this.replaying = null;
    });
    return this.replaying;
  }

  /** Replays the outbox (backoffs cut short: the user asked), then pulls the account: "sync now" and the CLI's sync. */
  async replayThenSync(only?: readonly SyncedResource[]): Promise<SyncSummary> {
    this.outbox.wakeUp();
    await this.replay();
    return only ? this.syncer.sync({ trigger: 'demand', only }) : this.scheduler.syncNow();
  }

  /** After a sign-in: the queue may go again. */
  resumeReplay(): void {
    this.replayer.resume();
    if (this.options.background) void this.replay();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.clearReplayTimer();
    this.scheduler.stop();
    await this.syncer.dispose();
    await this.replaying?.catch(() => undefined);
    this.outbox.close();
    this.mirror.close();
  }

  private async replayLoop(): Promise<RunReport> {
    let report: RunReport;
    let confirmed = 0;
    do {
      this.replayAgain = false;
      report = await this.replayer.run();
      confirmed += report.sent + report.reconciled;
    } while (this.replayAgain && !this.closed);
    if (this.closed) return report;
    if (confirmed > 0 && this.options.background) void this.syncer.sync({ trigger: 'demand' });
    if (this.options.background && report.nextDueAt !== null && report.paused === null) {
      const wait = Math.min(Math.max(report.nextDueAt - this.clock(), 0), MAX_REPLAY_WAIT_MS);
      this.replayTimer = this.timers.after(wait, () => void this.replay());
    }
    return report;
  }

  private clearReplayTimer(): void {
    this.replayTimer?.cancel();
    this.replayTimer = null;
  }

  /**
   * Writes into the mirror what the API gives no list of, from confirmed mutations: invoices the user created
   * and EPP codes the registrar returned.
   */
  private keepInMirror(entry: OutboxEntry): void {
    if (entry.state !== 'done' || entry.result === null) return;
    if (entry.kind === 'create-invoice' && entry.result.invoiceId !== null) {
      this.mirror.upsert('invoices', { id: entry.result.invoiceId, ...queuedInvoice(entry), status: entry.result.status });
    } else if (entry.kind === 'domain-request-epp') {
      const domain = entry.params.domainname ?? this.mirror.get('domains', entry.params.domainid!)?.domainName;
      if (domain) this.mirror.eppCache.put(domain, entry.result);
    }
  }
}
