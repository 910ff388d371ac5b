/**
 * Retry policy for reads: exponential backoff with full jitter on transient failures (network, 5xx, 429),
 * bounded attempts; a 429's Retry-After is a floor for the pause.
 */
import type { ApiError } from './errors.js';

export interface RetryPolicy {
  /** Total tries including the first. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited out here; the rate_limited error goes to the caller. */
  maxRetryAfterMs: number;
  /** No try starts later than this after the first one (a person is waiting); none by default. */
  deadlineMs?: number;
}

/** A transient failure about to be retried: for front ends that show what a long wait is. */
export interface RetryNotice {
  operation: string;
  /** The try about to be made (2 for the first retry) and the most there will be. */
  attempt: number;
  maxAttempts: number;
  delayMs: number;
  /** The failure that is retried. */
  reason: string;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 5, baseDelayMs: 300, maxDelayMs: 10_000, maxRetryAfterMs: 30_000 };

/**
 * Pause before try number `attempt + 1` after `error` failed try `attempt` (1-based), or null to give up.
 * `random` in [0, 1) spreads clients apart (full jitter: a uniform pick in [0, backoff]).
 */
export function retryDelay(policy: RetryPolicy, attempt: number, error: ApiError, random: () => number, elapsedMs = 0): number | null {
  if (!error.transient || attempt >= policy.maxAttempts) return null;
  if (error.retryAfterMs !== null && error.retryAfterMs > policy.maxRetryAfterMs) return null;
  const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  const jittered = Math.round(random() * backoff);
  const delay = error.retryAfterMs === null ? jittered : Math.max(error.retryAfterMs, jittered);
  return policy.deadlineMs !== undefined && elapsedMs + delay >= policy.deadlineMs ? null : delay;
}
