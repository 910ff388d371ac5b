/** The real clock and timers, the default wherever the engine takes a Clock or Timers. */
import type { Clock, Timers } from '../../shared/clock.js';

export const systemClock: Clock = () => Date.now();

export const systemTimers: Timers = {
  after(ms, task) {
    const timer = setTimeout(task, ms);
    // A pending sync or retry must not keep a process alive that has nothing else to do (a CLI command).
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
  },
};
