/**
 * A clock and timers that move only when a test says so, for the parts that take a Clock and Timers
 * (shared/clock.ts). Everything else in the test (HTTP, SQLite, the sandbox) runs on real time.
 */
import type { Clock, PendingTask, Timers } from '../shared/clock.js';

interface Waiting {
  at: number;
  task: () => void;
}

export class FakeTime {
  private current: number;
  private readonly waiting: Waiting[] = [];

  /** Starts at `start` (epoch ms): now by default, so times stored on the way look ordinary. */
  constructor(start = Date.now()) {
    this.current = start;
  }

  readonly clock: Clock = () => this.current;

  readonly timers: Timers = {
    after: (ms, task): PendingTask => {
      const waiting = { at: this.current + Math.max(ms, 0), task };
      this.waiting.push(waiting);
      return { cancel: () => this.remove(waiting) };
    },
  };

  /** How long from now each waiting task is due, soonest first. */
  pending(): number[] {
    return this.waiting.map((w) => w.at - this.current).sort((a, b) => a - b);
  }

  /** Moves time forward by `ms`, running each task that falls due at its own time, soonest first. */
  advance(ms: number): void {
    const until = this.current + ms;
    for (let next = this.soonest(); next && next.at <= until; next = this.soonest()) {
      this.remove(next);
      this.current = next.at;
      next.task();
    }
    this.current = until;
  }

  private soonest(): Waiting | undefined {
    return this.waiting.reduce<Waiting | undefined>((soonest, w) => (soonest === undefined || w.at < soonest.at ? w : soonest), undefined);
  }

  private remove(waiting: Waiting): void {
    const index = this.waiting.indexOf(waiting);
    if (index >= 0) this.waiting.splice(index, 1);
  }
}
