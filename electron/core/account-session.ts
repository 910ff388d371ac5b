/**
 * One open account: its API client, mirror, outbox, sync and replay, wired together.
 *
 * - Edits are replayed as soon as they are queued, when the provider becomes reachable again, after a sign-in,
 *   and when a backoff runs out. When replay confirmed something, a sync that starts after it follows, so the
 *   mirror shows the server's version of it (the overlay shows the queued version until it is confirmed).
 * - Sync and replay feed one connectivity monitor; it is what the rest of the app listens to.
 */
import { EventEmitter } from 'node:events';
import type { AccountConfig } from '../../shared/accounts.js';
import type { Clock, PendingTask, Timers } from '../../shared/clock.js';
import type { OutboxEntry } from '../../shared/outbox/entry.js';
import type { SyncProgress, SyncRunResult, SyncSummary } from '../../shared/sync.js';
import type { SyncedResource } from '../../shared/records.js';
import { ResellerClient, type ClientOptions } from './api/index.js';
import { DisposableStore } from './disposable.js';
import type { Mirror } from './mirror/index.js';
import { confirmedCreate, confirmedEdit, mirrorBases, queuedInvoice, Replayer, type Outbox, type RunReport } from './outbox/index.js';
import { openAccountFiles } from './storage/account-files.js';
import type { OutboxLedger } from './storage/outbox-file.js';
import { storageFailureWords } from './storage/storage-words.js';
import { ConnectivityMonitor, Syncer, SyncScheduler, type ConnectivityChange, type ProbeSchedule } from './sync/index.js';
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
  /** How often a connection that is down is probed (the scheduler's defaults otherwise). */
  probes?: Partial<ProbeSchedule>;
  /** For the API client: the retry policy's overrides, who is told of each retry, its proxy and extra CA. */
  client?: Pick<ClientOptions, 'retry' | 'onRetry' | 'network'>;
  /** What now is (the mirror's, the sync's, the outbox's and the replay backoff's), and the timers of replay retries and periodic syncs: the real ones by default. */
  clock?: Clock;
  timers?: Timers;
  /** Keeps what the outbox last held beside the account (the account store); see storage/outbox-file.ts. */
  ledger?: OutboxLedger;
  /** Where what went wrong in the background is said, in words (default: stderr). */
  log?: (line: string) => void;
}

/**
 * The sync's events under the contract's names; the outbox entries one write changed, as the outbox holds them
 * (Desk masks them), once per write: a 2,000-edit batch is one event.
 */
export interface AccountSessionEvents {
  'sync.progress': [SyncProgress];
  'sync.summary': [SyncSummary];
  connectivity: [ConnectivityChange];
  'outbox.entries': [OutboxEntry[]];
}

/** A listener of one event, in the form EventEmitter's own typing takes it. */
type SessionListener<E> = E extends keyof AccountSessionEvents ? (AccountSessionEvents[E] extends unknown[] ? (...args: AccountSessionEvents[E]) => void : never) : never;

/** Longest wait before a replay retries on its own; backoffs shorter than this are honoured exactly. */
export const MAX_REPLAY_WAIT_MS = 5 * 60_000;

export class AccountSession extends EventEmitter<AccountSessionEvents> {
  readonly client: ResellerClient;
  readonly mirror: Mirror;
  readonly outbox: Outbox;
  readonly connectivity: ConnectivityMonitor;
  readonly syncer: Syncer;
  readonly replayer: Replayer;
  private readonly scheduler: SyncScheduler;
  private replaying: Promise<RunReport> | null = null;
  private replayAgain = false;
  private replayTimer: PendingTask | null = null;
  private readonly clock: Clock;
  private readonly timers: Timers;
  /** What the session set up, ended newest first by dispose(): files, listeners, timers, and what others added. */
  private readonly disposables = new DisposableStore();
  private readonly log: (line: string) => void;

  constructor(
    readonly config: AccountConfig,
    private readonly options: AccountSessionOptions,
  ) {
    super();
    this.clock = options.clock ?? systemClock;
    this.timers = options.timers ?? systemTimers;
    this.connectivity = new ConnectivityMonitor('online', () => new Date(this.clock()));
    this.log = options.log ?? ((line) => console.error(`reseller-desk: ${line}`));
    const files = openAccountFiles(config.name, { ...options, now: this.clock, log: this.log });
    this.mirror = this.disposables.add(files.mirror);
    this.outbox = this.disposables.add(files.outbox);
    this.disposables.add(files.untrack);
    const now = () => new Date(this.clock());
    // The account's own client id and gateway from the last sync: a write sends them without asking first.
    const own = this.mirror.list('client', { limit: 1 }).rows[0]?.client;
    this.client = new ResellerClient(
      { account: config.name, ...config, ownClientId: own?.userId ?? null, defaultGateway: own?.defaultGateway ?? null },
      options.vault,
      options.client,
    );
    this.syncer = this.disposables.add(
      new Syncer({
        client: this.client,
        mirror: this.mirror,
        connectivity: this.connectivity,
        now,
        describeFailure: (error) => storageFailureWords(error, options.dataDir),
        ...(options.syncDeadlineMs !== undefined ? { deadlineMs: options.syncDeadlineMs } : {}),
      }),
    );
    this.scheduler = this.disposables.add(
      new SyncScheduler(this.syncer, {
        intervalMinutes: options.syncIntervalMinutes,
        timers: this.timers,
        probes: options.probes,
        onReconnect: () => this.inBackground(this.reconnect(), 'sending the queued edits'),
      }),
    );
    // Replay's requests tell connectivity too: a send that found no network takes the app offline.
    this.replayer = new Replayer(this.outbox, this.connectivity.observed(this.client));
    // Every entry keeps what it was made on: the mirror's record with the queue laid over (issue 34).
    this.outbox.readBasesWith(mirrorBases(this.mirror, () => this.outbox.pending()));

    const forwardProgress = (p: SyncProgress) => this.emit('sync.progress', p);
    const forwardSummary = (s: SyncSummary) => this.emit('sync.summary', s);
    this.syncer.on('sync.progress', forwardProgress);
    this.syncer.on('sync.summary', forwardSummary);
    const onConnectivity = (change: ConnectivityChange) => {
      this.emit('connectivity', change);
      // Back from offline or failing: the scheduler calls reconnect(). Signed in again: what waited may go.
      if (change.state === 'online' && change.previous === 'signed_out' && this.options.background) {
        this.outbox.wakeUp();
        this.inBackground(this.replay(), 'sending the queued edits');
      }
    };
    this.connectivity.on('change', onConnectivity);
    // The outbox reports a write's entries one by one, then 'settled': they go on together, once per write.
    let written: OutboxEntry[] = [];
    const onOutboxChange = (entry: OutboxEntry) => {
      this.keepInMirror(entry);
      written.push(entry);
    };
    const onOutboxSettled = () => {
      const entries = written;
      written = [];
      if (entries.length > 0) this.emit('outbox.entries', entries);
    };
    this.outbox.on('changed', onOutboxChange);
    this.outbox.on('settled', onOutboxSettled);
    this.disposables.add(() => {
      this.syncer.off('sync.progress', forwardProgress);
      this.syncer.off('sync.summary', forwardSummary);
      this.connectivity.off('change', onConnectivity);
      this.outbox.off('changed', onOutboxChange);
      this.outbox.off('settled', onOutboxSettled);
    });
    // Ended first: the replay in progress finishes (its entries still kept in the mirror) before the rest goes.
    this.disposables.add(async () => {
      this.clearReplayTimer();
      await this.replaying?.catch(() => undefined);
    });
  }

  /** Listens to one of the session's events until the session is disposed (a switch of account removes it). */
  listen<E extends keyof AccountSessionEvents>(event: E, listener: SessionListener<E>): void {
    this.on(event, listener);
    this.disposables.add(() => {
      this.off(event, listener);
    });
  }

  /** Starts background work: a sync now and on the interval, and replay of what is queued. */
  start(): void {
    if (!this.options.background) return;
    this.inBackground(this.scheduler.start(), 'syncing');
    this.inBackground(this.replay(), 'sending the queued edits');
  }

  setSyncInterval(minutes: number): void {
    this.scheduler.setIntervalMinutes(minutes);
  }

  /**
   * Sends what is due in the outbox; a call during a run makes the run go round once more. While the connection
   * is down nothing is sent (an entry is marked sending only when its request can go out): the probe that gets
   * through brings connectivity online, which replays everything held back at once.
   */
  replay(): Promise<RunReport> {
    if (this.connectivity.down) return Promise.resolve({ sent: 0, sentIds: [], reconciled: 0, changedOnProvider: 0, busy: false, paused: this.replayer.paused, nextDueAt: null });
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

  /**
   * Sends what a call just queued, once that call has been answered: the first sends each write their entry as
   * sending (a transaction on disk) and tell every window, and a 2,000-edit bulk edit's reply waited behind them.
   */
  replayAfterReply(): void {
    setImmediate(() => {
      if (!this.disposables.isDisposed) this.inBackground(this.replay(), 'sending the queued edits');
    });
  }

  /**
   * Replays the outbox (backoffs cut short: the user asked), then pulls the account: "sync now" and the CLI's
   * sync. Says which entries this process sent (a count of the outbox before and after would count another
   * process's sends too). While the connection is down and a probe does not get through, throws the probe's
   * failure.
   */
  async replayThenSync(only?: readonly SyncedResource[]): Promise<SyncRunResult> {
    // Down: ask first whether the provider answers again (getting through replays and syncs by itself). Still
    // down, no sync runs: it would only fail the same way after its retries, looking meanwhile like a sync at
    // work. The caller hears why, and the scheduler's probes go on.
    if (this.connectivity.down) {
      const failure = await this.syncer.probe();
      if (failure !== null) throw failure;
    }
    this.outbox.wakeUp();
    const { sentIds } = await this.replay();
    const summary = await (only ? this.syncer.sync({ trigger: 'demand', only }) : this.scheduler.syncNow());
    return { ...summary, sentEntryIds: sentIds };
  }

  /**
   * The provider answers again: everything held back is sent at once (backoffs cut short: they were waiting
   * for the network, not for the provider), then the account is pulled.
   */
  private async reconnect(): Promise<void> {
    this.outbox.wakeUp();
    const report = await this.replay().catch(() => null);
    if (!this.disposables.isDisposed && (report === null || report.sent + report.reconciled + report.changedOnProvider === 0)) await this.scheduler.syncNow('reconnect').catch(() => undefined);
  }

  /** After a sign-in: the queue may go again. */
  resumeReplay(): void {
    this.replayer.resume();
    if (this.options.background) this.inBackground(this.replay(), 'sending the queued edits');
  }

  /**
   * Runs work nobody awaits: a failure (a damaged or full disk above all) is said in words in the log, never
   * left to end the process as an unhandled rejection (issue 24.1).
   */
  inBackground(work: Promise<unknown>, what: string): void {
    work.catch((error: unknown) => {
      const words = storageFailureWords(error, this.options.dataDir) ?? (error instanceof Error ? error.message : String(error));
      this.log(`"${this.config.name}": ${what} failed: ${words}`);
    });
  }

  /** Ends background work, lets go of the mirror and the outbox, and removes every listener added through listen(). */
  dispose(): Promise<void> {
    return this.disposables.dispose();
  }

  private async replayLoop(): Promise<RunReport> {
    let report: RunReport;
    let confirmed = 0;
    const sentIds: number[] = [];
    // The connection going down stops the run starting new sends: they would only fail the same way.
    const stop = new AbortController();
    const onChange = () => {
      if (this.connectivity.down) stop.abort();
    };
    this.connectivity.on('change', onChange);
    try {
      do {
        this.replayAgain = false;
        report = await this.replayer.run(stop.signal);
        // An entry held because the provider changed its record: the mirror is behind the provider too.
        confirmed += report.sent + report.reconciled + report.changedOnProvider;
        sentIds.push(...report.sentIds);
      } while (this.replayAgain && !this.disposables.isDisposed && !stop.signal.aborted);
    } finally {
      this.connectivity.off('change', onChange);
    }
    report = { ...report, sentIds };
    if (this.disposables.isDisposed) return report;
    // A sync that began before the confirmation may have read the list already: the one that follows starts after it.
    if (confirmed > 0 && this.options.background) this.inBackground(this.syncer.syncAfterNow({ trigger: 'demand' }), 'syncing');
    if (this.options.background && report.nextDueAt !== null && report.paused === null) {
      const wait = Math.min(Math.max(report.nextDueAt - this.clock(), 0), MAX_REPLAY_WAIT_MS);
      this.replayTimer = this.timers.after(wait, () => this.inBackground(this.replay(), 'sending the queued edits'));
    }
    return report;
  }

  private clearReplayTimer(): void {
    this.replayTimer?.cancel();
    this.replayTimer = null;
  }

  /**
   * Writes into the mirror from confirmed mutations what the API gives no list of (invoices the user created, EPP
   * codes the registrar returned), every other confirmed create as it was shown, and a contact's confirmed edit,
   * until a sync reads the provider's own.
   */
  private keepInMirror(entry: OutboxEntry): void {
    if (entry.state !== 'done' || entry.result === null) return;
    if (entry.kind === 'create-invoice' && entry.result.invoiceId !== null) {
      this.mirror.upsert('invoices', { id: entry.result.invoiceId, ...queuedInvoice(entry), status: entry.result.status });
    } else if (entry.kind === 'domain-request-epp') {
      const domain = entry.params.domainname ?? this.mirror.get('domains', entry.params.domainid!)?.domainName;
      if (domain) this.mirror.eppCache.put(domain, entry.result);
    } else if (entry.kind === 'update-contact' && typeof entry.params.contactid === 'number') {
      const contact = this.mirror.get('contacts', entry.params.contactid);
      const edited = contact && confirmedEdit('contacts', contact, entry);
      if (edited) this.mirror.upsert('contacts', edited);
    } else if (entry.localId !== null) {
      // A confirmed create leaves the queue's overlay now, and the sync that reads it comes later: meanwhile the
      // mirror holds it as it was shown, so that no list or search loses it in between (issue 35.9).
      const id = this.outbox.resolveId(entry.localId);
      const created = id === null ? null : confirmedCreate(entry, id);
      if (created !== null && this.mirror.get(created.resource, created.record.id) === null) this.mirror.upsert(created.resource, created.record);
    }
  }
}
