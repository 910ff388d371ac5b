/** The retry policy's deadline: no try starts later than it after the first (a person waits for each command). */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../electron/core/api/errors.js';
import { DEFAULT_RETRY, retryDelay } from '../../electron/core/api/retry.js';

const timeout = new ApiError({ kind: 'network', operation: 'token', message: 'timeout of 30000ms exceeded' });
const half = () => 0.5;

describe('retryDelay with a deadline', () => {
  it('retries while the pause ends before the deadline', () => {
    expect(retryDelay({ ...DEFAULT_RETRY, deadlineMs: 60_000 }, 1, timeout, half, 30_000)).toBe(150);
  });

  it('gives up when the next try would start at or after the deadline', () => {
    expect(retryDelay({ ...DEFAULT_RETRY, deadlineMs: 60_000 }, 2, timeout, half, 59_900)).toBeNull();
    expect(retryDelay({ ...DEFAULT_RETRY, deadlineMs: 60_000 }, 1, timeout, half, 60_000)).toBeNull();
  });

  it('has none by default', () => {
    expect(retryDelay(DEFAULT_RETRY, 1, timeout, half, 10 * 60_000)).toBe(150);
  });
});
