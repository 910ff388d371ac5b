/**
 * Turns one HTTP exchange into either the reply body or an ApiError (the error mapping). Pure: it sees the
 * status, the Retry-After header and the body, never the request.
 */
import { ApiError, protocolError } from './errors.js';
import { parseReplyJson, replyText } from './reply-json.js';
import { isWireObject, type WireObject } from './wire-shape.js';

export interface HttpReply {
  status: number;
  /** Lower-cased header names. */
  headers: Record<string, string | undefined>;
  /** The bytes as received: reply-json.ts reads JSON from them without decoding them whole. */
  body: Buffer;
}

/**
 * What an operation answers with: a JSON object, or plain text (whois-info) which may also come as JSON. The
 * object's flattened keys are already folded (reply-json.ts).
 * unflatten is idempotent on a folded object, so a decoder's own unflatten only copies its few top-level keys.
 */
export type ReplyBody = { kind: 'json'; value: WireObject } | { kind: 'text'; value: string };

/** OAuth 2 error codes that mean "these credentials or this grant are no good". */
const OAUTH_AUTH_ERRORS = new Set([
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'access_denied',
  'invalid_token',
]);

export function interpretReply(operation: string, reply: HttpReply, expect: 'json' | 'text', now = Date.now()): ReplyBody {
  const { status } = reply;
  const json = parseReplyJson(reply.body);
  const providerMessage = isWireObject(json) ? messageOf(json) : null;

  if (status === 429) {
    return fail({
      kind: 'rate_limited',
      operation,
      status,
      retryAfterMs: parseRetryAfter(reply.headers['retry-after'], now),
      message: `${operation}: rate limited by the provider${providerMessage ? ` (${providerMessage})` : ''}`,
    });
  }
  if (status >= 500) {
    return fail({
      kind: 'server',
      operation,
      status,
      message: `${operation}: provider error HTTP ${status}${providerMessage ? ` (${providerMessage})` : ''}`,
    });
  }
  if (isWireObject(json) && typeof json.error === 'string' && json.result === undefined) {
    const code = json.error;
    const message = providerMessage ?? code;
    const kind = OAUTH_AUTH_ERRORS.has(code) || (status === 401 && code !== 'invalid_request') ? 'auth' : 'rejected';
    return fail({ kind, operation, status, code, message });
  }
  if (status === 401) {
    return fail({ kind: 'auth', operation, status, message: providerMessage ?? `${operation}: not authorized (HTTP 401)` });
  }
  if (isWireObject(json) && json.result === 'error') {
    return fail({ kind: 'rejected', operation, status, message: providerMessage ?? `${operation}: rejected` });
  }
  if (status < 200 || status >= 300) {
    return fail({ kind: 'rejected', operation, status, message: providerMessage ?? `${operation}: HTTP ${status}` });
  }
  if (isWireObject(json)) return { kind: 'json', value: json };
  if (expect === 'text' && json === undefined) return { kind: 'text', value: replyText(reply.body) };
  throw protocolError(operation, null, json === undefined ? `not JSON: ${snippet(replyText(reply.body))}` : 'JSON is not an object');
}

function fail(init: ConstructorParameters<typeof ApiError>[0]): never {
  throw new ApiError(init);
}

/** The provider's own words: `message`, else OAuth's `error_description`, else `hint`. */
function messageOf(body: WireObject): string | null {
  for (const key of ['message', 'error_description', 'hint'] as const) {
    const value = body[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
}

/** Retry-After is either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined, now: number): number | null {
  if (value === undefined || value.trim() === '') return null;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function snippet(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine === '' ? '(empty body)' : `'${oneLine.slice(0, 60)}${oneLine.length > 60 ? '…' : ''}'`;
}

/**
 * An exchange that produced no reply (axios threw without a response): timeouts, resets, refused connections,
 * hang-ups and DNS failures are all `network`. A body cut off mid-way surfaces either as a reset (network) or,
 * if it arrived "complete" but short, as unparseable JSON (protocol, from interpretReply).
 */
export function interpretTransportError(operation: string, error: unknown): ApiError {
  const code = typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : null;
  const message = error instanceof Error ? error.message : String(error);
  // follow-redirects' code, or axios's own (ERR_BAD_RESPONSE, also used for other things) told by its message.
  if (code === 'ERR_FR_MAX_CONTENT_LENGTH_EXCEEDED' || /maxContentLength size of \d+ exceeded/.test(message)) {
    return protocolError(operation, null, message);
  }
  const timedOut = code === 'ECONNABORTED' || code === 'ETIMEDOUT' || /timeout/i.test(message);
  return new ApiError({
    kind: 'network',
    operation,
    code,
    message: `${operation}: ${timedOut ? 'timed out' : 'no reply'} (${code ?? 'no code'}: ${message})`,
  });
}
