/**
 * Whether the provider can be reached, derived from what requests do: a network failure means offline, an
 * auth failure (or the session signing out) means signed_out, and any answer from the server means online.
 * One monitor per account, shared by everything that sends requests (sync, outbox replay).
 */
import { EventEmitter } from 'node:events';
import { ApiError } from '../api/errors.js';
import type { SessionStatus } from '../api/session.js';
import type { Connectivity, ConnectivityChange } from '../../../shared/sync.js';

/** The part of the API session the monitor listens to. */
export interface SessionStateSource {
  on(event: 'state', listener: (status: SessionStatus) => void): unknown;
  off(event: 'state', listener: (status: SessionStatus) => void): unknown;
}

export class ConnectivityMonitor extends EventEmitter<{ change: [ConnectivityChange] }> {
  #state: Connectivity;

  /** Online is assumed until a request says otherwise. */
  constructor(initial: Connectivity = 'online') {
    super();
    this.#state = initial;
  }

  get state(): Connectivity {
    return this.#state;
  }

  /** A request got an answer. */
  succeeded(): void {
    this.set('online');
  }

  /**
   * A request failed: a connection that never opened → offline, a refused sign-in → signed_out; any other
   * error is the one operation's (a timeout, a 401 on one operation after a renewal that worked), and the
   * provider, which answered or accepted the connection, is still online.
   */
  failed(error: unknown): void {
    if (!(error instanceof ApiError)) return;
    if (error.neverConnected) this.set('offline');
    else if (error.kind === 'auth' && !(error.unauthorized && error.operation !== 'token')) this.set('signed_out');
    else if (error.kind !== 'network') this.set('online');
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

  /** Follows the session: signed out → signed_out, a granted token → online. Returns the unsubscribe. */
  watchSession(session: SessionStateSource): () => void {
    const listener = (status: SessionStatus) => {
      if (status.state === 'signed_out') this.set('signed_out');
      else if (status.state === 'signed_in') this.set('online');
    };
    session.on('state', listener);
    return () => void session.off('state', listener);
  }

  private set(state: Connectivity): void {
    const previous = this.#state;
    if (state === previous) return;
    this.#state = state;
    this.emit('change', { state, previous });
  }
}
