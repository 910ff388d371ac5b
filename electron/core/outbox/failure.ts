/**
 * What a failed request means for its entry. The client never resends a write; the outbox decides, from
 * whether the request can have been executed:
 * - certainly not executed: rate limited (429), refused credentials (auth), the connection never opened
 *   (refused, unreachable, DNS), or the failure came from another operation (the token grant before it);
 * - maybe executed: no reply after the connection opened (reset, timeout), a 5xx, an unreadable reply.
 * Idempotent writes are simply sent again either way; the others stay `sending` until the server is asked.
 */
import { ApiError } from '../api/errors.js';
import type { EntryProblem } from '../../../shared/outbox/entry.js';
import { isIdempotent, refusalIssues } from '../../../shared/outbox/definitions.js';
import type { MutationKind } from '../../../shared/outbox/kinds.js';

export type SendFailure =
  /** Credentials refused: the whole queue waits for a new sign-in. */
  | { action: 'pause'; problem: EntryProblem }
  /** The provider refused the request: the user edits and retries. */
  | { action: 'fail'; problem: EntryProblem }
  /** Safe to send again after a pause (at least retryAfterMs when the provider said so). */
  | { action: 'retry'; problem: EntryProblem; retryAfterMs: number | null }
  /** Maybe executed: ask the server before any resend. */
  | { action: 'unconfirmed'; problem: EntryProblem };

export function classifySendFailure(kind: MutationKind, error: unknown): SendFailure {
  if (!(error instanceof ApiError)) return { action: 'fail', problem: { kind: 'internal', message: messageOf(error) } };
  // A refusal in words only ("Invalid Country Code") is put under the param it names, where it names one.
  const issues = error.issues.length > 0 ? error.issues : error.kind === 'rejected' ? refusalIssues(kind, error.message) : [];
  const problem: EntryProblem = { kind: error.kind, message: error.message, ...(issues.length > 0 ? { issues } : {}) };
  if (error.kind === 'auth') return { action: 'pause', problem };
  if (error.kind === 'rejected') return { action: 'fail', problem };
  const notExecuted =
    error.kind === 'rate_limited' ||
    error.operation !== kind ||
    error.neverConnected;
  if (notExecuted || isIdempotent(kind)) return { action: 'retry', problem, retryAfterMs: error.retryAfterMs };
  return { action: 'unconfirmed', problem };
}

export type ReadFailure =
  | { action: 'pause'; problem: EntryProblem }
  /** The provider answered the read with a refusal: asking again will not help. */
  | { action: 'refused'; problem: EntryProblem }
  | { action: 'retry'; problem: EntryProblem; retryAfterMs: number | null };

/** A read made for an entry (statistics before sending, reconciliation after a lost reply) failed. */
export function classifyReadFailure(error: unknown): ReadFailure {
  if (!(error instanceof ApiError)) return { action: 'refused', problem: { kind: 'internal', message: messageOf(error) } };
  const problem: EntryProblem = { kind: error.kind, message: error.message };
  if (error.kind === 'auth') return { action: 'pause', problem };
  if (error.kind === 'rejected') return { action: 'refused', problem };
  return { action: 'retry', problem, retryAfterMs: error.retryAfterMs };
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
