/**
 * What the Desk's handler modules share: the options it was opened with, the account store, the settings store,
 * the open account session (if any) with the demo provider behind it, and the way to emit the contract's events.
 */
import type { Clock } from '../../../shared/clock.js';
import type { EventName, EventPayloads, LogLevel, OutboxDamage } from '../../../shared/contract.js';
import type { AccountConfig } from '../../../shared/accounts.js';
import type { AccountSession } from '../account-session.js';
import type { AccountStore } from '../accounts/account-store.js';
import type { ClientOptions } from '../api/index.js';
import { DeskError } from '../desk-error.js';
import { LogFile } from '../log/log-file.js';
import type { NetworkOptions } from '../network/agents.js';
import { readExtraCa } from '../network/extra-ca.js';
import { directForDemo, environmentProxy } from '../network/proxy-route.js';
import type { SettingsStore } from '../settings-store.js';
import { systemClock } from '../system-time.js';
import type { DemoProvider, DeskOptions } from './options.js';

export type Emit = <E extends EventName>(event: E, payload: EventPayloads[E]) => void;

export class DeskState {
  session: AccountSession | null = null;
  /**
   * The account that should be open but could not be (a damaged outbox), and why: its calls fail with that;
   * `outboxDamage` says it for the screens when its outbox was the cause.
   */
  failed: { name: string; error: DeskError; outboxDamage: OutboxDamage | null } | null = null;
  demo: DemoProvider | null = null;

  constructor(
    readonly options: DeskOptions,
    readonly accounts: AccountStore,
    readonly settings: SettingsStore,
    readonly emit: Emit,
  ) {
    this.logFile = options.logFile ?? new LogFile(options.dataDir);
  }

  /** Sync and replay in the background (the app); off for one-shot commands (the CLI). */
  get background(): boolean {
    return this.options.background ?? true;
  }

  /** What now is, for everything the Desk dates (DeskOptions.clock). */
  get clock(): Clock {
    return this.options.clock ?? systemClock;
  }

  /** The open account's engine parts; throws when no account is open. */
  get current(): AccountSession {
    if (!this.session && this.failed) throw this.failed.error;
    if (!this.session) throw new DeskError('refused', 'No account is open: add one, or start the demo account.');
    return this.session;
  }

  /** The log file in the data folder (DeskOptions.logFile, else the engine's own). */
  readonly logFile: LogFile;

  /** The settings' log level to the log file; unreadable settings leave it as it was (settings.get says why). */
  applyLogLevel(): void {
    let level: LogLevel;
    try {
      level = this.settings.get().logLevel;
    } catch {
      return;
    }
    this.logFile.setLevel(level);
  }

  /**
   * Says what the engine did or what went wrong outside any call: every line to the log file (at the settings'
   * level), its warnings and errors to DeskOptions.log as well (default: stderr).
   */
  log(line: string, level: LogLevel = 'warn'): void {
    this.logFile.write(level, line);
    if (level === 'warn' || level === 'error') (this.options.log ?? ((text: string) => console.error(`reseller-desk: ${text}`)))(line);
  }

  /**
   * What an account's API clients are made with: the retry policy, retries told as events, and its network (the
   * host's proxy lookup, the bundled demo directly; its extra CA certificate, read and checked here; its proxy
   * sign-in, with `proxyPassword` from the keychain or the form).
   */
  clientOptions(config: AccountConfig, proxyPassword: string | null = null): Pick<ClientOptions, 'retry' | 'onRetry' | 'network'> {
    const onRetry: ClientOptions['onRetry'] = (notice) => {
      this.log(`${notice.operation}: attempt ${notice.attempt} of ${notice.maxAttempts} in ${notice.delayMs} ms (${notice.reason})`, 'debug');
      this.emit('provider.retry', notice);
    };
    return { retry: this.options.retry, onRetry, network: this.network(config, proxyPassword) };
  }

  private network(config: AccountConfig, proxyPassword: string | null): NetworkOptions {
    const proxy = config.demo ? directForDemo : (this.options.proxy ?? environmentProxy);
    const signIn = config.demo || config.proxyUser === '' ? {} : { proxySignIn: { user: config.proxyUser, password: proxyPassword ?? '' } };
    if (config.caFile === '') return { proxy, ...signIn };
    try {
      return { proxy, ...signIn, extraCa: readExtraCa(config.caFile) };
    } catch (error) {
      const message = (error as Error).message;
      throw new DeskError('invalid_input', `The account's CA certificate file cannot be used: ${message}.`, [{ field: 'caFile', message }]);
    }
  }
}
