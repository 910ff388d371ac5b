/**
 * When syncs happen: once on start, then every `intervalMinutes` after the last run finished (0 = never), on
 * every down → online transition, and on demand. All of them go through the Syncer, so a trigger during a run
 * joins it, but the person's: an automatic run that began before they asked is followed by theirs.
 *
 * While the connection is down (offline or failing) no sync runs on its own: a probe (one small request, no
 * sync run, no progress) asks whether the provider answers again, soon after the last try and then less often;
 * the probe that gets through brings connectivity online, which triggers the reconnect sync (and, in the
 * account session, the outbox). An offline connection is probed often (the network coming back is noticed in
 * seconds); a failing provider is given more room (backoff is for a provider that answers badly), but never so
 * much that its return goes unnoticed for more than a few seconds (issue 35.10: at most one small request every
 * 6 to 8 s), each wait shortened by a random share so that many apps do not all ask at the same instant.
 */
import type { PendingTask, Timers } from '../../../shared/clock.js';
import type { Connectivity, ConnectivityChange, SyncSummary, SyncTrigger } from '../../../shared/sync.js';
import { systemTimers } from '../system-time.js';
import type { Syncer } from './syncer.js';

export interface ProbeSchedule {
  /** The first probe after the connection went down, in ms; each next one waits twice as long, up to the max. */
  firstMs: number;
  /** The longest wait between probes while offline (no network). */
  offlineMaxMs: number;
  /** The longest wait between probes while the provider is failing (before jitter, which only shortens it). */
  failingMaxMs: number;
}

export const DEFAULT_PROBES: ProbeSchedule = { firstMs: 1_000, offlineMaxMs: 2_000, failingMaxMs: 8_000 };

/** The share of a failing provider's probe wait that jitter may take off (a wait of 8 s becomes 6 to 8 s). */
export const FAILING_PROBE_JITTER = 0.25;

export interface SyncSchedulerOptions {
  /** Default 15; 0 turns periodic syncs off. */
  intervalMinutes?: number;
  /** How often a connection that is down is probed (DEFAULT_PROBES by default). */
  probes?: Partial<ProbeSchedule>;
  /**
   * What runs when the connection comes back: a 'reconnect' sync by default. The account session sends its
   * outbox first (what was held back goes at once) and syncs after.
   */
  onReconnect?: () => void;
  /** What waits for the next sync: the real timers by default. */
  timers?: Timers;
  /** A number in [0, 1) for the probes' jitter: Math.random by default. */
  random?: () => number;
}

const MINUTE_MS = 60_000;

export class SyncScheduler {
  private intervalMinutes: number;
  private readonly probes: ProbeSchedule;
  private readonly timers: Timers;
  private readonly onReconnect: () => void;
  private readonly random: () => number;
  private timer: PendingTask | null = null;
  /** Probes sent since the connection went down (sets the next wait). */
  private probesSent = 0;
  private started = false;

  constructor(
    private readonly syncer: Syncer,
    options: SyncSchedulerOptions = {},
  ) {
    this.intervalMinutes = checkedMinutes(options.intervalMinutes ?? 15);
    this.probes = { ...DEFAULT_PROBES, ...options.probes };
    this.timers = options.timers ?? systemTimers;
    this.random = options.random ?? Math.random;
    this.onReconnect = options.onReconnect ?? (() => this.fireAndForget('reconnect'));
  }

  /** Starts listening and syncs at once. */
  start(): Promise<SyncSummary> {
    if (!this.started) {
      this.started = true;
      this.syncer.on('sync.summary', this.onSummary);
      this.syncer.connectivity.on('change', this.onConnectivity);
    }
    return this.trigger('start');
  }

  dispose(): void {
    this.started = false;
    this.clearTimer();
    this.syncer.off('sync.summary', this.onSummary);
    this.syncer.connectivity.off('change', this.onConnectivity);
  }

  /** A sync now, or the running one; the person's (demand) never an automatic run that began before they asked. */
  syncNow(trigger: SyncTrigger = 'demand'): Promise<SyncSummary> {
    return trigger === 'demand' ? this.syncer.syncOnDemand() : this.trigger(trigger);
  }

  /** Changes the interval (the setting); counts from now. */
  setIntervalMinutes(minutes: number): void {
    this.intervalMinutes = checkedMinutes(minutes);
    if (this.started) this.arm();
  }

  private trigger(trigger: SyncTrigger): Promise<SyncSummary> {
    return this.syncer.sync({ trigger });
  }

  private readonly onSummary = () => {
    if (this.started) this.arm();
  };

  private readonly onConnectivity = ({ state, previous }: ConnectivityChange) => {
    if (!this.started) return;
    if (state === 'online' && isDown(previous)) {
      this.probesSent = 0;
      this.onReconnect();
    } else if (isDown(state) && !isDown(previous)) {
      this.probesSent = 0;
      // A sync running now re-arms when it ends; otherwise the first probe is armed here.
      if (!this.syncer.running) this.arm();
    }
  };

  private arm(): void {
    this.clearTimer();
    const state = this.syncer.connectivity.state;
    if (isDown(state)) {
      this.timer = this.timers.after(this.probeDelay(state), () => {
        this.timer = null;
        this.probesSent++;
        // Through: connectivity goes online and onConnectivity syncs. Not through: the next, later probe.
        void this.syncer.probe().then((failure) => {
          if (failure !== null && this.started && !this.syncer.running) this.arm();
        });
      });
      return;
    }
    if (this.intervalMinutes === 0) return;
    this.timer = this.timers.after(this.intervalMinutes * MINUTE_MS, () => {
      this.timer = null;
      // Signed out: syncing cannot work until the user signs in (which brings connectivity back to online).
      if (this.syncer.connectivity.state === 'signed_out') this.arm();
      else this.fireAndForget('interval');
    });
  }

  private probeDelay(state: Connectivity): number {
    if (state === 'offline') return Math.min(this.probes.offlineMaxMs, this.probes.firstMs * 2 ** this.probesSent);
    const wait = Math.min(this.probes.failingMaxMs, this.probes.firstMs * 2 ** this.probesSent);
    return Math.round(wait * (1 - FAILING_PROBE_JITTER * this.random()));
  }

  private fireAndForget(trigger: SyncTrigger): void {
    // Failures are in the summary and the syncer's events; a rejection only means the mirror was closed.
    this.trigger(trigger).catch(() => undefined);
  }

  private clearTimer(): void {
    this.timer?.cancel();
    this.timer = null;
  }
}

function isDown(state: Connectivity): boolean {
  return state === 'offline' || state === 'failing';
}

function checkedMinutes(minutes: number): number {
  if (!Number.isFinite(minutes) || minutes < 0) throw new RangeError(`minutes must be 0 or more, got ${minutes}`);
  return minutes;
}
