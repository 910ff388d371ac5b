import { describe, expect, it } from 'vitest';
import { ApiError } from '../../electron/core/api/errors.js';
import { interpretReply, interpretTransportError, parseRetryAfter } from '../../electron/core/api/reply.js';
import { DEFAULT_RETRY, retryDelay } from '../../electron/core/api/retry.js';

const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  headers,
  body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
});

function errorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('reply → result or ApiError', () => {
  it('success bodies pass through; whois-info text stays text', () => {
    expect(interpretReply('get-orders', reply(200, { result: 'success', totalresults: 0 }), 'json')).toEqual({
      kind: 'json',
      value: { result: 'success', totalresults: 0 },
    });
    expect(interpretReply('whois-info', reply(200, 'Domain Name: X.TEST\n'), 'text')).toEqual({ kind: 'text', value: 'Domain Name: X.TEST\n' });
    expect(interpretReply('whois-info', reply(200, { result: 'success', Registrant: '{}' }), 'text').kind).toBe('json');
  });

  it('result:error → rejected with the provider\'s own message, also on whois-info', () => {
    const error = errorOf(() => interpretReply('add-contact', reply(200, { result: 'error', message: 'A user already exists with that email address' }), 'json'));
    expect(error).toMatchObject({ kind: 'rejected', operation: 'add-contact', status: 200, message: 'A user already exists with that email address' });
    expect(errorOf(() => interpretReply('whois-info', reply(200, { result: 'error', message: 'Domain not found' }), 'text')).kind).toBe('rejected');
  });

  it.each([
    ['invalid_client', 401, 'auth'],
    ['invalid_grant', 400, 'auth'],
    ['access_denied', 401, 'auth'],
    ['invalid_request', 400, 'rejected'],
    ['unsupported_grant_type', 400, 'rejected'],
  ])('OAuth error %s (HTTP %i) → %s', (code, status, kind) => {
    const body = { error: code, error_description: 'The provided authorization grant is invalid.', hint: 'Check the password', message: 'legacy copy' };
    const error = errorOf(() => interpretReply('token', reply(status, body), 'json'));
    expect(error).toMatchObject({ kind, code, status, operation: 'token' });
    expect(error.message).toBe('legacy copy');
  });

  it('OAuth message falls back to error_description, then hint, then the code', () => {
    expect(errorOf(() => interpretReply('token', reply(400, { error: 'invalid_grant', error_description: 'Bad grant' }), 'json')).message).toBe('Bad grant');
    expect(errorOf(() => interpretReply('token', reply(400, { error: 'invalid_grant', hint: 'Refresh token revoked' }), 'json')).message).toBe('Refresh token revoked');
    expect(errorOf(() => interpretReply('token', reply(400, { error: 'invalid_grant' }), 'json')).message).toBe('invalid_grant');
  });

  it('401 → auth, whatever the body', () => {
    for (const body of [{ message: 'Unauthenticated.' }, '', '<html>401</html>']) {
      const error = errorOf(() => interpretReply('get-orders', reply(401, body), 'json'));
      expect(error.kind).toBe('auth');
      expect(error.unauthorized).toBe(true);
    }
  });

  it('429 → rate_limited with Retry-After in ms', () => {
    const error = errorOf(() => interpretReply('get-orders', reply(429, { result: 'error', message: 'Too Many Requests' }, { 'retry-after': '3' }), 'json'));
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterMs: 3000 });
    expect(error.transient).toBe(true);
    expect(errorOf(() => interpretReply('get-orders', reply(429, ''), 'json')).retryAfterMs).toBeNull();
  });

  it('5xx → server even with a result:error body', () => {
    for (const status of [500, 502, 503]) {
      const error = errorOf(() => interpretReply('get-orders', reply(status, { result: 'error', message: 'Internal Server Error' }), 'json'));
      expect(error).toMatchObject({ kind: 'server', status });
    }
    expect(errorOf(() => interpretReply('get-orders', reply(502, '<html>Bad gateway</html>'), 'json')).kind).toBe('server');
  });

  it('other 4xx → rejected', () => {
    expect(errorOf(() => interpretReply('get-orders', reply(403, { message: 'Invalid IP 203.0.113.9' }), 'json'))).toMatchObject({
      kind: 'rejected',
      status: 403,
      message: 'Invalid IP 203.0.113.9',
    });
    expect(errorOf(() => interpretReply('get-orders', reply(404, 'Not Found'), 'json')).kind).toBe('rejected');
  });

  it('a 422 keeps what the provider said of each field, for the form, and names them in its message', () => {
    const body = { message: 'The given data was invalid.', errors: { email: ['The email has already been taken.'], country: 'The country must be 2 characters.' } };
    const error = errorOf(() => interpretReply('add-contact', reply(422, body), 'json'));
    expect(error).toMatchObject({ kind: 'rejected', status: 422 });
    expect(error.issues).toEqual([
      { field: 'email', message: 'The email has already been taken.' },
      { field: 'country', message: 'The country must be 2 characters.' },
    ]);
    expect(error.message).toBe('The given data was invalid. (email: The email has already been taken.; country: The country must be 2 characters.)');
  });

  it('an HTML error page is said by its title or its first line, not as a bare HTTP status', () => {
    const page = '<!DOCTYPE html><html><head><title>403 Forbidden &ndash; Invalid IP</title></head><body><h1>Forbidden</h1></body></html>';
    expect(errorOf(() => interpretReply('get-orders', reply(403, page), 'json')).message).toBe('get-orders: HTTP 403: 403 Forbidden – Invalid IP');
    expect(errorOf(() => interpretReply('get-orders', reply(403, '<html><body>\n  <p>Invalid IP 203.0.113.9</p>\n</body></html>'), 'json')).message).toBe(
      'get-orders: HTTP 403: Invalid IP 203.0.113.9',
    );
    expect(errorOf(() => interpretReply('get-orders', reply(403, ''), 'json')).message).toBe('get-orders: HTTP 403');
  });

  it('a reply that says it failed is an error whatever its HTTP status: result other than success, or status error without a result', () => {
    expect(errorOf(() => interpretReply('add-ticket-reply', reply(200, { status: 'error' }), 'json'))).toMatchObject({
      kind: 'rejected',
      message: 'add-ticket-reply: rejected (status "error")',
    });
    expect(errorOf(() => interpretReply('get-orders', reply(200, { result: 'failure', message: 'Database busy' }), 'json')).message).toBe('Database busy');
    // A status beside a successful result is data (an invoice's), and whois may answer with a status and no result.
    expect(interpretReply('create-invoice', reply(200, { result: 'success', invoiceid: 4, status: 'Unpaid' }), 'json').kind).toBe('json');
    expect(interpretReply('whois', reply(200, { status: 'available', domain: 'a.test' }), 'json').kind).toBe('json');
  });

  it('non-JSON, truncated JSON and non-object JSON on 200 → protocol', () => {
    for (const body of ['<html>maintenance</html>', '{"result":"success","orders":{"ord', '[1,2]', '"ok"', '']) {
      const error = errorOf(() => interpretReply('get-orders', reply(200, body), 'json'));
      expect(error.kind).toBe('protocol');
      expect(error.message).toMatch(/^get-orders: /);
    }
  });
});

describe('Retry-After', () => {
  it('delta seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });
});

describe('no reply → network', () => {
  it.each(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'ECONNABORTED', 'ENOTFOUND', 'EPIPE'])('%s', (code) => {
    const cause = Object.assign(new Error(`connect ${code}`), { code });
    const error = interpretTransportError('get-orders', cause);
    expect(error).toMatchObject({ kind: 'network', code, operation: 'get-orders', status: null });
    expect(error.transient).toBe(true);
  });

  it('socket hang up without a code', () => {
    expect(interpretTransportError('get-orders', new Error('socket hang up')).kind).toBe('network');
  });

  it('never carries the original error (which holds request headers)', () => {
    const cause = Object.assign(new Error('x'), { code: 'ECONNRESET', config: { headers: { Authorization: 'Bearer SECRET' } } });
    const error = interpretTransportError('get-orders', cause);
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain('SECRET');
    expect(error.cause).toBeUndefined();
  });
});

describe('retry policy', () => {
  const transient = new ApiError({ kind: 'server', operation: 'x', message: 'x', status: 500 });
  const limited = (ms: number) => new ApiError({ kind: 'rate_limited', operation: 'x', message: 'x', status: 429, retryAfterMs: ms });
  const rejected = new ApiError({ kind: 'rejected', operation: 'x', message: 'x' });
  const policy = { ...DEFAULT_RETRY, maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 250 };

  it('exponential backoff with full jitter, capped, bounded attempts', () => {
    expect(retryDelay(policy, 1, transient, () => 0.999)).toBe(100);
    expect(retryDelay(policy, 2, transient, () => 0.999)).toBe(200);
    expect(retryDelay(policy, 3, transient, () => 0.999)).toBe(250);
    expect(retryDelay(policy, 3, transient, () => 0.5)).toBe(125);
    expect(retryDelay(policy, 4, transient, () => 0.5)).toBeNull();
  });

  it('only transient kinds are retried; Retry-After is a floor, too long is given up', () => {
    expect(retryDelay(policy, 1, rejected, () => 0)).toBeNull();
    expect(retryDelay(policy, 1, limited(1500), () => 0)).toBe(1500);
    expect(retryDelay(policy, 1, limited(10 * 60_000), () => 0)).toBeNull();
  });
});
