/**
 * The one way an error becomes words a person reads. The engine describes a failure as facts (its kind, the
 * socket or HTTP code, the host it was talking to, and the technical sentence); `errorWords` turns them into a
 * message key of the renderer's `errors` area and its parameters, so every screen says the same failure the same
 * way, in the person's language. The technical sentence stays behind a "Details" disclosure and in the log.
 */
import type { ApiErrorKind } from './models.js';
import { SIGNED_OUT_BY_USER } from './sign-out.js';

/** What kind of failure: the API error kinds, the contract's call error codes, and the outbox's own. */
export type ErrorKind =
  | ApiErrorKind
  | 'offline'
  | 'provider'
  | 'invalid_input'
  | 'not_found'
  | 'refused'
  | 'newer_data'
  | 'keychain'
  | 'internal'
  | 'reconciliation'
  | 'dependency'
  | 'conflict';

export interface ErrorFacts {
  /** Null when only the technical sentence is known (a message kept as text). */
  kind: ErrorKind | null;
  /** A socket error (ECONNRESET, ENOTFOUND…), a TLS error or an OAuth error code. */
  code?: string | null;
  /** The HTTP status, when the provider answered with one. */
  status?: number | null;
  /** The host the request went to, when no server answered there. */
  host?: string | null;
  /** The technical sentence: for the Details disclosure and the log, never the headline. */
  detail: string;
}

/** The message keys of the renderer's `errors` area. */
export const ERROR_WORD_KEYS = [
  'noServer',
  'refusedConnection',
  'unreachable',
  'timedOut',
  'closed',
  'tls',
  'tlsUntrusted',
  'tlsExpired',
  'tlsName',
  'proxyRefused',
  'network',
  'server',
  'rateLimited',
  'protocol',
  'auth',
  'signedOut',
  'rejected',
  'notFound',
  'newerData',
  'keychain',
  'internal',
  'reconciliation',
  'dependency',
  'conflict',
  'said',
] as const;
export type ErrorWordKey = (typeof ERROR_WORD_KEYS)[number];

export interface ErrorWords {
  /** A key of the `errors` message area. */
  key: ErrorWordKey;
  params: { host?: string; status?: number; message?: string };
}

const NO_SERVER = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL']);
const UNREACHABLE = new Set(['ENETUNREACH', 'EHOSTUNREACH', 'EADDRNOTAVAIL', 'ENETDOWN', 'EHOSTDOWN']);
const TIMED_OUT = new Set(['ETIMEDOUT', 'ECONNABORTED', 'ESOCKETTIMEDOUT']);
const CLOSED = new Set(['ECONNRESET', 'EPIPE', 'ECONNCLOSED', 'ERR_STREAM_PREMATURE_CLOSE']);
/** A certificate signed by an authority not trusted: a TLS-inspecting proxy's, until the account names its CA. */
const TLS_UNTRUSTED = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'UNABLE_TO_GET_ISSUER_CERT',
]);
const TLS = /^(CERT_|ERR_TLS_|ERR_SSL_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_(VERIFY|GET)_|ERR_OSSL_)/;

/** The words for a failure. */
export function errorWords(facts: ErrorFacts): ErrorWords {
  const code = facts.code ?? codeIn(facts.detail);
  const host = facts.host ?? undefined;
  const byCode = code === null ? null : wordsForCode(code, host);
  if (byCode && (facts.kind === null || facts.kind === 'network' || facts.kind === 'offline')) return byCode;
  switch (facts.kind) {
    case 'network':
    case 'offline':
      return { key: 'network', params: {} };
    case 'server':
    case 'provider':
      return serverWords(facts);
    case 'rate_limited':
      return { key: 'rateLimited', params: {} };
    case 'protocol':
      return { key: 'protocol', params: {} };
    case 'auth':
      // Refused while the person had signed out (api/session.ts records why): not the provider refusing a sign-in.
      return { key: facts.detail.includes(SIGNED_OUT_BY_USER) ? 'signedOut' : 'auth', params: {} };
    case 'rejected':
      return { key: 'rejected', params: { message: facts.detail } };
    case 'not_found':
      return { key: 'notFound', params: {} };
    case 'newer_data':
      return { key: 'newerData', params: {} };
    case 'keychain':
      return { key: 'keychain', params: {} };
    case 'internal':
      return { key: 'internal', params: {} };
    case 'reconciliation':
      return { key: 'reconciliation', params: {} };
    case 'dependency':
      return { key: 'dependency', params: {} };
    case 'conflict':
      return { key: 'conflict', params: {} };
    default:
      // invalid_input, refused, or a message kept as text: the engine's own sentence is the most specific there is.
      return statusIn(facts.detail) !== null ? serverWords(facts) : { key: 'said', params: { message: facts.detail } };
  }
}

/** Whether a failure means no network (rather than a provider that answers badly). */
export function isNoNetwork(facts: ErrorFacts): boolean {
  const key = errorWords(facts).key;
  return key === 'noServer' || key === 'refusedConnection' || key === 'unreachable' || key === 'timedOut' || key === 'network';
}

/** The facts of anything thrown across the bridge or kept by the engine: a CallError, an Error, a sentence. */
export function errorFactsOf(error: unknown): ErrorFacts {
  if (isFacts(error)) return error;
  if (typeof error === 'object' && error !== null) {
    const call = error as { facts?: unknown; code?: unknown; kind?: unknown; message?: unknown };
    if (isFacts(call.facts)) return call.facts;
    const message = typeof call.message === 'string' ? call.message : String(error);
    const kind = typeof call.kind === 'string' ? call.kind : typeof call.code === 'string' ? call.code : null;
    return { kind: KINDS.has(kind as ErrorKind) ? (kind as ErrorKind) : null, detail: message };
  }
  return { kind: null, detail: String(error) };
}

const KINDS = new Set<ErrorKind>([
  'auth', 'rejected', 'network', 'rate_limited', 'server', 'protocol', 'offline', 'provider', 'invalid_input', 'not_found',
  'refused', 'newer_data', 'keychain', 'internal', 'reconciliation', 'dependency', 'conflict',
]);

function isFacts(value: unknown): value is ErrorFacts {
  return typeof value === 'object' && value !== null && 'detail' in value && 'kind' in value && typeof (value as ErrorFacts).detail === 'string';
}

function wordsForCode(code: string, host: string | undefined): ErrorWords | null {
  const at = host ? { host } : {};
  if (NO_SERVER.has(code)) return host ? { key: 'noServer', params: at } : { key: 'network', params: {} };
  if (code === 'ECONNREFUSED') return host ? { key: 'refusedConnection', params: at } : { key: 'network', params: {} };
  if (UNREACHABLE.has(code)) return host ? { key: 'unreachable', params: at } : { key: 'network', params: {} };
  if (TIMED_OUT.has(code)) return host ? { key: 'timedOut', params: at } : { key: 'network', params: {} };
  if (CLOSED.has(code)) return { key: 'closed', params: {} };
  if (code === 'EPROXYREFUSED') return { key: 'proxyRefused', params: host ? at : { host: '…' } };
  if (TLS_UNTRUSTED.has(code)) return { key: 'tlsUntrusted', params: {} };
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') return { key: 'tlsExpired', params: {} };
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return host ? { key: 'tlsName', params: at } : { key: 'tls', params: {} };
  if (TLS.test(code)) return { key: 'tls', params: {} };
  return null;
}

function serverWords(facts: ErrorFacts): ErrorWords {
  const status = facts.status ?? statusIn(facts.detail);
  if (status !== null && status >= 500) return { key: 'server', params: { status } };
  return facts.kind === 'provider' ? { key: 'rejected', params: { message: facts.detail } } : { key: 'server', params: { status: status ?? 500 } };
}

/** A socket code in the engine's own sentence for a request that got no reply: "get-orders: no reply (ECONNRESET: …)". */
function codeIn(detail: string): string | null {
  return /\((E[A-Z]+|ERR_[A-Z_]+|CERT_[A-Z_]+|[A-Z_]*SELF_SIGNED[A-Z_]*|UNABLE_TO_[A-Z_]+):/.exec(detail)?.[1] ?? null;
}

/** An HTTP status in the engine's own sentence for a 5xx: "get-orders: HTTP 503". */
function statusIn(detail: string): number | null {
  const found = /\bHTTP (5\d\d)\b/.exec(detail)?.[1];
  return found ? Number(found) : null;
}
