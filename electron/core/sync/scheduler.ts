/**
 * When syncs happen: once on start, then every `intervalMinutes` after the last run finished (0 = never),
 * sooner while offline (to notice the network coming back), on every offline → online transition, and on
 * demand. All of them go through Syncer.sync, so a trigger during a run joins it.
 */
import type { PendingTask, Timers } from '../../../shared/clock.js';
import type { Connectivity, ConnectivityChange, SyncSummary, SyncTrigger } from '../../../shared/sync.js';
import { systemTimers } from '../system-time.js';
import type { Syncer } from './syncer.js';

export interface SyncSchedulerOptions {
  /** Default 15; 0 turns periodic syncs off. */
  intervalMinutes?: number;
  /** While offline (and periodic syncs are on), the next try comes after at most this long. Default 1. */
  offlineRetryMinutes?: number;
  /** What waits for the next sync: the real timers by default. */
  timers?: Timers;
}

const MINUTE_MS = 60_000;

export class SyncScheduler {
  private intervalMinutes: number;
  private readonly offlineRetryMinutes: number;
  private readonly timers: Timers;
  private timer: PendingTask | null = null;
  private started = false;

  constructor(
    private readonly syncer: Syncer,
    options: SyncSchedulerOptions = {},
  ) {
    this.intervalMinutes = checkedMinutes(options.intervalMinutes ?? 15);
    this.offlineRetryMinutes = checkedMinutes(options.offlineRetryMinutes ?? 1);
    this.timers = options.timers ?? systemTimers;
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

  /** A sync now (or the running one). */
  syncNow(): Promise<SyncSummary> {
    return this.trigger('demand');
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
    if (previous === 'offline' && state === 'online') this.fireAndForget('reconnect');
  };

  private arm(): void {
    this.clearTimer();
    const delay = nextDelayMinutes(this.intervalMinutes, this.offlineRetryMinutes, this.syncer.connectivity.state);
    if (delay === null) return;
    this.timer = this.timers.after(delay * MINUTE_MS, () => {
      this.timer = null;
      // Signed out: syncing cannot work until the user signs in (which brings connectivity back to online).
      if (this.syncer.connectivity.state === 'signed_out') this.arm();
      else this.fireAndForget('interval');
    });
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

function nextDelayMinutes(interval: number, offlineRetry: number, state: Connectivity): number | null {
  if (interval === 0) return null;
  return state === 'offline' ? Math.min(interval, offlineRetry) : interval;
}

function checkedMinutes(minutes: number): number {
  if (!Number.isFinite(minutes) || minutes < 0) throw new RangeError(`minutes must be 0 or more, got ${minutes}`);
  return minutes;
}
