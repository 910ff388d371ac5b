/**
 * Turns one HTTP exchange into either the reply body or an ApiError (the error mapping). Pure: it sees the
 * status, the Retry-After header and the body, never the request.
 */
import { decodeHTMLStrict } from 'entities';
import { ApiError, protocolError, type FieldIssue } from './errors.js';
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
  const issues = isWireObject(json) ? fieldIssues(json.errors) : [];
  // The provider's own words, with what it said of each field.
  const providerMessage = isWireObject(json) ? withIssues(messageOf(json), issues) : null;

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
  if (isWireObject(json) && saysFailure(json)) {
    return fail({ kind: 'rejected', operation, status, issues, message: providerMessage ?? `${operation}: rejected (${describeOutcome(json)})` });
  }
  if (status < 200 || status >= 300) {
    // Not JSON: an error page, said by its title or first line ("HTTP 403: Invalid IP").
    const headline = json === undefined ? pageHeadline(replyText(reply.body)) : null;
    return fail({ kind: 'rejected', operation, status, issues, message: providerMessage ?? `${operation}: HTTP ${status}${headline ? `: ${headline}` : ''}` });
  }
  if (isWireObject(json)) return { kind: 'json', value: json };
  if (expect === 'text' && json === undefined) return { kind: 'text', value: replyText(reply.body) };
  throw protocolError(operation, null, json === undefined ? `not JSON: ${snippet(replyText(reply.body))}` : 'JSON is not an object');
}

function fail(init: ConstructorParameters<typeof ApiError>[0]): never {
  throw new ApiError(init);
}

/**
 * A reply that says the operation did not happen: a `result` other than success, or (some upstream operations)
 * no `result` but `status: error`. A `status` beside a successful result is data (an invoice's status).
 */
function saysFailure(body: WireObject): boolean {
  if (body.result !== undefined) return body.result !== 'success';
  return typeof body.status === 'string' && FAILED_STATUSES.has(body.status.trim().toLowerCase());
}

const FAILED_STATUSES = new Set(['error', 'failed', 'failure']);

function describeOutcome(body: WireObject): string {
  return body.result !== undefined ? `result ${JSON.stringify(body.result)}` : `status ${JSON.stringify(body.status)}`;
}

/** A 422's `errors`: `{field: [message, ...]}` (or one message per field). */
function fieldIssues(errors: unknown): FieldIssue[] {
  if (!isWireObject(errors)) return [];
  return Object.entries(errors).flatMap(([field, said]) =>
    (Array.isArray(said) ? said : [said]).filter((m): m is string => typeof m === 'string' && m.trim() !== '').map((message) => ({ field, message })),
  );
}

function withIssues(message: string | null, issues: readonly FieldIssue[]): string | null {
  if (issues.length === 0) return message;
  const listed = issues.map((i) => `${i.field}: ${i.message}`).join('; ');
  return message ? `${message} (${listed})` : listed;
}

/** An error page's headline: its <title>, else its first line of text (an HTML 403 "Invalid IP", a proxy's page). */
function pageHeadline(text: string): string | null {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1];
  const lines = (title ?? text.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, '\n')).split('\n');
  const first = lines.map((line) => decodeHTMLStrict(line).replace(/\s+/g, ' ').trim()).find((line) => line !== '');
  return first ? first.slice(0, 160) : null;
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
  const host = hostOf((error as { config?: { url?: unknown } } | null)?.config?.url);
  // A proxy's refusal is already in words (network/agents.ts).
  if (code === 'EPROXYREFUSED') return new ApiError({ kind: 'network', operation, code, host, message: `${operation}: ${message}` });
  return new ApiError({
    kind: 'network',
    operation,
    code: code ?? (timedOut ? 'ETIMEDOUT' : null),
    host,
    message: `${operation}: ${timedOut ? 'timed out' : 'no reply'} (${code ?? 'no code'}: ${message})`,
  });
}

function hostOf(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
}
