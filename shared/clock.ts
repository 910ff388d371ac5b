/**
 * Time as the engine and the sandbox read it. Whatever waits or compares against now takes these, so that a
 * test can move time itself instead of sleeping; the defaults are the real clock and timers.
 */

/** Milliseconds since the Unix epoch, as Date.now gives them. */
export type Clock = () => number;

/** A task waiting for its time. Cancelling it once it has run does nothing. */
export interface PendingTask {
  cancel(): void;
}

export interface Timers {
  /** Runs `task` once, `ms` from now. A task waiting here does not keep the process alive on its own. */
  after(ms: number, task: () => void): PendingTask;
}
