/**
 * The provider's time: token expiry and the time of day of what it writes. It runs on the options' clock,
 * moved forward by the control endpoint's POST /clock/advance, so that a test can let tokens expire over
 * HTTP without sleeping. It never moves back.
 */
import type { Clock } from '../../shared/clock.js';

export class SandboxClock {
  private offsetMs = 0;

  constructor(private readonly clock: Clock) {}

  now(): Date {
    return new Date(this.clock() + this.offsetMs);
  }

  /** `ms` is finite and not negative (the control endpoint checks it). */
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
