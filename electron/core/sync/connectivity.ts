/**
 * Whether the provider can be reached, derived from what requests do: no network (no server at the address, a
 * refused connection, unreachable, a timeout) means offline; a provider that is there but fails (resets, 5xx,
 * unreadable replies) means failing; an auth failure (or the session signing out) means signed_out; an answer
 * means online. One monitor per account, shared by everything that sends requests (sync, outbox replay, probes).
 */
import { EventEmitter } from 'node:events';
import { ApiError } from '../api/errors.js';
import type { SessionStatus } from '../api/session.js';
import type { ErrorFacts } from '../../../shared/error-words.js';
import type { ConnectionStatus, Connectivity, ConnectivityChange } from '../../../shared/sync.js';

/** The part of the API session the monitor listens to. */
export interface SessionStateSource {
  on(event: 'state', listener: (status: SessionStatus) => void): unknown;
  off(event: 'state', listener: (status: SessionStatus) => void): unknown;
}

export class ConnectivityMonitor extends EventEmitter<{ change: [ConnectivityChange] }> {
  #state: Connectivity;
  #reason: ErrorFacts | null = null;
  #lastSuccessAt: string | null = null;
  /** The watched session is signed out (watchSession): only its signing in makes the state online again. */
  #sessionSignedOut = false;

  /** Online is assumed until a request says otherwise. */
  constructor(
    initial: Connectivity = 'online',
    private readonly now: () => Date = () => new Date(),
  ) {
    super();
    this.#state = initial;
  }

  get state(): Connectivity {
    return this.#state;
  }

  get status(): ConnectionStatus {
    return { state: this.#state, reason: this.#reason, lastSuccessAt: this.#lastSuccessAt };
  }

  /** Whether requests cannot get through for now (offline or failing): sending waits for a probe to get through. */
  get down(): boolean {
    return this.#state === 'offline' || this.#state === 'failing';
  }

  /**
   * A request got an answer. While the session watched is signed out, the state stays signed out: an answer to a
   * request sent before the person signed out (a sync in flight) says the provider is there, not that anyone is
   * signed in; only the session's signing in does that.
   */
  succeeded(): void {
    this.#lastSuccessAt = this.now().toISOString();
    if (!this.#sessionSignedOut) this.set('online', null);
  }

  /**
   * A request failed: no network → offline; a provider that does not answer properly → failing; a refused
   * sign-in → signed_out. A refusal of the request itself (rejected, rate limited, a 401 on one operation after
   * a renewal that worked) is that request's: the provider answered, and the state stays as it is.
   */
  failed(error: unknown): void {
    if (!(error instanceof ApiError)) return;
    const state = stateAfter(error);
    if (state !== null) this.set(state, state === 'signed_out' ? null : error.facts);
  }

  /** The provider answered, but with a refusal on everything asked of it (a sync that read nothing, a probe): failing. */
  failing(error: ApiError): void {
    if (this.#state !== 'signed_out') this.set('failing', error.facts);
  }

  /** Sends a request and records its outcome. */
  async observe<T>(request: () => Promise<T>): Promise<T> {
    try {
      const result = await request();
      this.succeeded();
      return result;
    } catch (error) {
      this.failed(error);
      throw error;
    }
  }

  /** `client` with each of its methods' requests observed: for senders that take a client, not a request. */
  observed<C extends object>(client: C): C {
    return new Proxy(client, {
      get: (target, key) => {
        const value: unknown = Reflect.get(target, key, target);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => this.observe(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
      },
    });
  }

  /** Follows the session: signed out → signed_out, a granted token → online. Returns the unsubscribe. */
  watchSession(session: SessionStateSource): () => void {
    const listener = (status: SessionStatus) => {
      this.#sessionSignedOut = status.state === 'signed_out';
      if (status.state === 'signed_out') this.set('signed_out', null);
      else if (status.state === 'signed_in') this.succeeded();
    };
    session.on('state', listener);
    return () => void session.off('state', listener);
  }

  /**
   * A change of state, or of the reason while down (resets that become HTTP 500s), is told: what is said is
   * always the latest. The same failure again is not.
   */
  private set(state: Connectivity, reason: ErrorFacts | null): void {
    const previous = this.#state;
    const sameReason = sameFailure(this.#reason, reason);
    this.#reason = reason;
    if (state === previous && sameReason) return;
    this.#state = state;
    this.emit('change', { ...this.status, previous });
  }
}

/** Whether two failures are the same one as a person is told it (kind, code, status, host; not the sentence's detail). */
function sameFailure(a: ErrorFacts | null, b: ErrorFacts | null): boolean {
  if (a === null || b === null) return a === b;
  return a.kind === b.kind && (a.code ?? null) === (b.code ?? null) && (a.status ?? null) === (b.status ?? null) && (a.host ?? null) === (b.host ?? null);
}

/** The state a failed request puts the connection in; null: the request's own trouble, the state stays. */
function stateAfter(error: ApiError): Connectivity | null {
  if (error.neverConnected || error.timedOut) return 'offline';
  if (error.kind === 'auth') return error.unauthorized && error.operation !== 'token' ? null : 'signed_out';
  if (error.kind === 'network' || error.kind === 'server' || error.kind === 'protocol') return 'failing';
  return null;
}
