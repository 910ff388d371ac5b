import type { Database } from 'better-sqlite3';
import type { SandboxOptions } from '../options.js';
import type { SandboxClock } from './clock.js';
import type { FaultInjector } from './faults.js';
import type { Operation } from './operation.js';

/** What the listeners share while the sandbox runs. */
export interface SandboxState {
  db: Database;
  /** Live options: the token lifetimes and `faults` change at run time (control endpoint, setFaults). */
  options: SandboxOptions;
  faults: FaultInjector;
  operations: readonly Operation[];
  /** Now, as the provider sees it (options.clock, moved forward by the control endpoint). */
  clock: SandboxClock;
}
