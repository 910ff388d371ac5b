/** How a Desk is opened. */
import type { Clock, Timers } from '../../../shared/clock.js';
import type { RetryPolicy } from '../api/index.js';
import type { LogFile } from '../log/log-file.js';
import type { ProxyLookup } from '../network/proxy-route.js';
import type { SettingsStore } from '../settings-store.js';
import type { SecretVault } from '../vault/index.js';

/** The bundled sandbox provider, started for the demo account. */
export interface DemoProvider {
  baseUrl: string;
  altBaseUrl: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  stop(): Promise<void>;
}

export interface DeskOptions {
  dataDir: string;
  vault: SecretVault;
  settings?: SettingsStore;
  /** Sync and replay in the background (the app); off for one-shot commands (the CLI). Default true. */
  background?: boolean;
  /**
   * Starts the demo provider (the hosts pass the bundled sandbox, its state kept in the data folder; the engine
   * does not import it). Without one, accounts.demo is refused.
   */
  startDemoProvider?: (dataDir: string) => Promise<DemoProvider>;
  /** Overrides of the API client's retry policy, e.g. a deadline where a person waits for each command (the CLI). */
  retry?: Partial<RetryPolicy>;
  /**
   * The engine's time: what now is (answers' and exports' dates, the mirror's and the outbox's times) and what
   * waits (replay retries, periodic syncs). The real ones by default; a test moves time itself.
   */
  clock?: Clock;
  timers?: Timers;
  /** Where the engine also says what went wrong outside any call (a file set aside, a folder made private), besides the log file. Default: stderr. */
  log?: (line: string) => void;
  /**
   * The log file the engine writes (log/log-file.ts), its level set from the settings: the desktop shell passes
   * the one its own lines go to. Default: the data folder's.
   */
  logFile?: LogFile;
  /**
   * Which proxy each provider address goes through: the desktop shell passes the system's (Electron's
   * resolveProxy, network/proxy-route.ts systemProxy); default: HTTPS_PROXY / HTTP_PROXY / NO_PROXY.
   */
  proxy?: ProxyLookup;
  /** The most one sync may take, over the settings' syncDeadlineMinutes (e.g. the CLI's --deadline). */
  syncDeadlineMs?: number;
}

export const DEMO_ACCOUNT = 'Demo';
