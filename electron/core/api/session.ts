/**
 * The OAuth session of one account: who holds the access token, when it is renewed, and when the user has to
 * sign in again.
 *
 * - Sign-in is a password grant. The access token is renewed shortly before it expires (margin: 60 s, or half
 *   the token's lifetime when that is shorter) and once after a 401.
 * - Exactly one renewal runs at a time; every caller waiting for a token shares it.
 * - Renewal = refresh grant with the stored refresh token; if the provider refuses it, one password grant with
 *   the stored password; if that is refused too, the session is `signed_out` (event `signed-out` with the
 *   reason) and every later call fails at once with kind 'auth' until the next sign-in.
 * - A renewal that fails for a transient reason (network, 5xx, 429) does not sign out, but neither is it tried
 *   again until the next sync (or sign-in): every caller meanwhile gets that failure at once. A provider may lock
 *   an account that hammers its login, so one sync sends at most one grant per failure.
 * - Each refresh token received is stored in the vault (it rotates); tokens are kept in #private fields and
 *   never logged or emitted.
 */
import { EventEmitter } from 'node:events';
import type { Token } from '../../../shared/models.js';
import type { SecretVault } from '../vault/secret-vault.js';
import { ApiError } from './errors.js';
import { SIGN_IN_REFUSED } from '../../../shared/sign-out.js';

export const REFRESH_TOKEN_SECRET = 'refresh-token';

export interface TokenGrants {
  passwordGrant(password?: string): Promise<Token>;
  refreshGrant(refreshToken: string): Promise<Token>;
}

/** `idle`: no token yet this run (one may be renewed from the vault); `signed_out`: the user must sign in. */
export type SessionState = 'idle' | 'signed_in' | 'signed_out';

export interface SessionStatus {
  state: SessionState;
  /** Why the session is signed out; null otherwise. */
  reason: string | null;
}

export interface SessionEvents {
  state: [SessionStatus];
  'signed-out': [reason: string];
  /** The vault refused to store a rotated refresh token; the session continues with it in memory. */
  'vault-error': [message: string];
}

export interface SessionOptions {
  refreshMarginMs?: number;
  now?: () => number;
}

export class Session extends EventEmitter<SessionEvents> {
  #accessToken: string | null = null;
  #refreshToken: string | null = null;
  #expiresAt = 0;
  #renewing: { promise: Promise<string>; signOuts: number } | null = null;
  #status: SessionStatus = { state: 'idle', reason: null };
  /** The transient failure of this sync's renewal: no grant is sent again until resetGrantFailure(). */
  #failedRenewal: ApiError | null = null;
  /**
   * How many times the person has signed out. A grant answered after a sign-out that came while it was in flight
   * is thrown away: it would otherwise sign the session in again, and store a refresh token the person meant to drop.
   */
  #signOuts = 0;
  /** Grant requests sent so far, for diagnostics and tests. */
  readonly grantCounts = { password: 0, refresh: 0 };

  private readonly refreshMarginMs: number;
  private readonly now: () => number;

  constructor(
    private readonly grants: TokenGrants,
    private readonly vault: SecretVault,
    private readonly account: string,
    options: SessionOptions = {},
  ) {
    super();
    this.refreshMarginMs = options.refreshMarginMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  get status(): SessionStatus {
    return { ...this.#status };
  }

  /** Password grant. `password` (e.g. typed by the user) overrides the stored one for this grant. */
  async signIn(password?: string): Promise<void> {
    this.#status = { state: 'idle', reason: null };
    this.#failedRenewal = null;
    const signOuts = this.#signOuts;
    await this.runRenewal(() => this.passwordGrant(signOuts, password));
  }

  /** A valid access token, renewing first when it is missing or about to expire. */
  async accessToken(operation: string): Promise<string> {
    if (this.#status.state === 'signed_out') throw this.signedOutError(operation);
    if (this.#accessToken !== null && this.now() < this.#expiresAt) return this.#accessToken;
    return this.renew();
  }

  /**
   * After a 401 with `rejected`: if another caller has already replaced that token, use the new one; else
   * renew (joining a renewal in flight).
   */
  async renewAfterUnauthorized(rejected: string, operation: string): Promise<string> {
    if (this.#status.state === 'signed_out') throw this.signedOutError(operation);
    if (this.#accessToken !== null && this.#accessToken !== rejected) return this.#accessToken;
    this.#accessToken = null;
    return this.renew();
  }

  /** Forgets the tokens here and in the vault (the provider's revoke path is unknown). */
  async signOut(reason = 'signed out'): Promise<void> {
    this.#accessToken = null;
    this.#refreshToken = null;
    this.#signOuts++;
    this.setStatus({ state: 'signed_out', reason });
    await this.vault.delete(this.account, REFRESH_TOKEN_SECRET);
  }

  /** A new sync begins: a renewal that failed for a transient reason may be tried once more. */
  resetGrantFailure(): void {
    this.#failedRenewal = null;
  }

  private renew(): Promise<string> {
    if (this.#failedRenewal !== null) return Promise.reject(this.#failedRenewal);
    const signOuts = this.#signOuts;
    return this.runRenewal(async () => {
      try {
        return await this.refreshThenPassword(signOuts);
      } catch (error) {
        if (error instanceof ApiError && error.transient) this.#failedRenewal = error;
        throw error;
      }
    });
  }

  /**
   * Single flight: a renewal in progress is joined, never duplicated; one asked for before a sign-out is not (it
   * will end refused), so a sign-in right after a sign-out sends its own grant.
   */
  private runRenewal(renewal: () => Promise<string>): Promise<string> {
    const signOuts = this.#signOuts;
    if (this.#renewing?.signOuts === signOuts) return this.#renewing.promise;
    const running = {
      signOuts,
      promise: renewal().finally(() => {
        if (this.#renewing === running) this.#renewing = null;
      }),
    };
    this.#renewing = running;
    return running.promise;
  }

  private async refreshThenPassword(signOuts: number): Promise<string> {
    const refreshToken = this.#refreshToken ?? (await this.vault.get(this.account, REFRESH_TOKEN_SECRET));
    if (refreshToken !== null) {
      this.grantCounts.refresh++;
      try {
        return await this.adopt(await this.grants.refreshGrant(refreshToken), signOuts);
      } catch (error) {
        // Signed out meanwhile: no password grant behind the person's back.
        if (!isRefusal(error) || signOuts !== this.#signOuts) throw error;
        this.#refreshToken = null;
        await this.vault.delete(this.account, REFRESH_TOKEN_SECRET).catch(() => undefined);
      }
    }
    return this.passwordGrant(signOuts);
  }

  private async passwordGrant(signOuts: number, password?: string): Promise<string> {
    this.grantCounts.password++;
    try {
      return await this.adopt(await this.grants.passwordGrant(password), signOuts);
    } catch (error) {
      if (isRefusal(error) && signOuts === this.#signOuts) {
        const reason = `${SIGN_IN_REFUSED}${error.message}`;
        this.#accessToken = null;
        this.setStatus({ state: 'signed_out', reason });
        this.emit('signed-out', reason);
        throw new ApiError({ kind: 'auth', operation: error.operation, status: error.status, code: error.code, message: reason });
      }
      throw error;
    }
  }

  /** Keeps a granted token, unless the person signed out since the grant was asked for (`signOuts` then). */
  private async adopt(token: Token, signOuts: number): Promise<string> {
    if (signOuts !== this.#signOuts) throw this.signedOutError('token');
    const lifetimeMs = token.expiresIn * 1000;
    this.#accessToken = token.accessToken;
    this.#expiresAt = this.now() + lifetimeMs - Math.min(this.refreshMarginMs, lifetimeMs / 2);
    if (token.refreshToken !== null) {
      this.#refreshToken = token.refreshToken;
      try {
        await this.vault.set(this.account, REFRESH_TOKEN_SECRET, token.refreshToken);
      } catch (error) {
        this.emit('vault-error', error instanceof Error ? error.message : String(error));
      }
    }
    this.setStatus({ state: 'signed_in', reason: null });
    return token.accessToken;
  }

  private setStatus(status: SessionStatus): void {
    const changed = status.state !== this.#status.state || status.reason !== this.#status.reason;
    this.#status = status;
    if (changed) this.emit('state', { ...status });
  }

  private signedOutError(operation: string): ApiError {
    return new ApiError({ kind: 'auth', operation, message: `signed out: ${this.#status.reason ?? 'sign in again'}` });
  }
}

/** The provider said no to the credentials (as opposed to not answering). */
function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.kind === 'auth' || error.kind === 'rejected');
}
