/**
 * The one error type of the API boundary (architecture rule 6). Its `kind` tells callers what to do:
 * - auth: credentials or token refused; signing in again may help, retrying will not.
 * - rejected: the provider refused this request (result:error, OAuth invalid_request, other 4xx); the provider's
 *   own message is `message` verbatim.
 * - network: no reply (timeout, reset, refused, hang-up); the request may or may not have been executed.
 * - rate_limited: HTTP 429; `retryAfterMs` from Retry-After when sent.
 * - server: HTTP 5xx.
 * - protocol: a reply we cannot read (not JSON, truncated, wrong shape); `field` names what was wrong.
 *
 * Nothing here keeps request headers or the axios error, so a logged ApiError cannot leak a bearer token.
 */

import type { ErrorFacts } from '../../../shared/error-words.js';
import type { ApiErrorKind } from '../../../shared/models.js';
import { redactUrls } from '../../../shared/redact-url.js';

export type { ApiErrorKind };

export interface ApiErrorInit {
  kind: ApiErrorKind;
  operation: string;
  message: string;
  status?: number | null;
  retryAfterMs?: number | null;
  /** OAuth error code (invalid_grant, ...) or socket error code (ECONNRESET, ...). */
  code?: string | null;
  /** For protocol errors: the wire path of the offending value, e.g. `orders.order[2].date`. */
  field?: string | null;
  /** For network errors: the host the request went to (for "no server answers at …"). */
  host?: string | null;
  /** For rejections: what the provider said of each request field (a 422's `errors`), for the form's fields. */
  issues?: FieldIssue[];
}

/** One request field the provider refused, with its words. */
export interface FieldIssue {
  field: string;
  message: string;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly operation: string;
  readonly status: number | null;
  readonly retryAfterMs: number | null;
  readonly code: string | null;
  readonly field: string | null;
  readonly host: string | null;
  readonly issues: FieldIssue[];

  constructor(init: ApiErrorInit) {
    // A transport error may quote the address it failed to reach, userinfo included.
    super(redactUrls(init.message));
    this.kind = init.kind;
    this.operation = init.operation;
    this.status = init.status ?? null;
    this.retryAfterMs = init.retryAfterMs ?? null;
    this.code = init.code ?? null;
    this.field = init.field ?? null;
    this.host = init.host ?? null;
    this.issues = init.issues ?? [];
  }

  /** Transient failures: a read may be sent again after a pause. */
  get transient(): boolean {
    return this.kind === 'network' || this.kind === 'server' || this.kind === 'rate_limited';
  }

  /** A 401 from an operation proves the request was not executed, so even a write may be re-sent once. */
  get unauthorized(): boolean {
    return this.kind === 'auth' && this.status === 401;
  }

  /** The connection never opened (refused, unreachable, unknown host): the request cannot have reached the server. */
  get neverConnected(): boolean {
    return this.kind === 'network' && this.code !== null && NOT_CONNECTED.has(this.code);
  }

  /** No reply in time: with a refused or unknown host, what "no network" looks like. */
  get timedOut(): boolean {
    return this.kind === 'network' && this.code !== null && TIMED_OUT.has(this.code);
  }

  /** What a front end needs to say it in a person's words (shared/error-words.ts). */
  get facts(): ErrorFacts {
    return { kind: this.kind, code: this.code, status: this.status, host: this.host, detail: this.message };
  }
}

/** Socket errors raised before a request could be written (EPROXYREFUSED: the proxy refused the tunnel, network/agents.ts). */
const NOT_CONNECTED = new Set(['EPROXYREFUSED', 'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'EADDRNOTAVAIL']);

const TIMED_OUT = new Set(['ECONNABORTED', 'ETIMEDOUT', 'ESOCKETTIMEDOUT']);

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function protocolError(operation: string, field: string | null, detail: string): ApiError {
  const where = field ? ` at ${field}` : '';
  return new ApiError({ kind: 'protocol', operation, field, message: `${operation}: unexpected reply${where}: ${detail}` });
}
