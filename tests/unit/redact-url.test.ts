/** No address's user name or password is ever shown: the one redaction every error and log path uses. */
import { describe, expect, it } from 'vitest';
import { isLoopbackHost, plainHttpIssues, signsInOverPlainHttp } from '../../shared/accounts.js';
import { redactUrls } from '../../shared/redact-url.js';
import { ApiError } from '../../electron/core/api/errors.js';
import { DeskError, toDeskError } from '../../electron/core/desk-error.js';

describe('redactUrls', () => {
  it('drops the userinfo of every URL in a text, and nothing else', () => {
    expect(redactUrls('http://admin:hunter2@host.example/api')).toBe('http://host.example/api');
    expect(redactUrls('GET https://u@a.example and ftp://x:y@b.example:21/f failed')).toBe('GET https://a.example and ftp://b.example:21/f failed');
    expect(redactUrls('mail me at a@b.example, see https://host.example/p@q')).toBe('mail me at a@b.example, see https://host.example/p@q');
  });

  it('is applied to every ApiError and DeskError message, and to issue messages', () => {
    const api = new ApiError({ kind: 'network', operation: 'token', message: 'connect ECONNREFUSED http://admin:hunter2@10.0.0.1:80' });
    expect(api.message).not.toContain('hunter2');
    expect(toDeskError(api, 'sync.run').message).not.toContain('hunter2');
    const desk = new DeskError('invalid_input', 'bad http://a:s3cret@h', [{ field: 'baseUrl', message: 'see http://a:s3cret@h' }]);
    expect(JSON.stringify(desk.toJSON())).not.toContain('s3cret');
  });
});

describe('plain HTTP', () => {
  it('knows this machine by name and address', () => {
    for (const host of ['localhost', 'LOCALHOST', 'app.localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['example.com', '10.0.0.1', '127.0.0.1.example.com', 'localhost.example.com', '[::2]']) expect(isLoopbackHost(host), host).toBe(false);
  });

  it('is refused to another machine unless allowed, and then warned of at every sign-in', () => {
    const remote = { baseUrl: 'http://api.example.com', altBaseUrl: '', insecureHttp: false };
    expect(plainHttpIssues(remote).map((i) => i.path)).toEqual([['baseUrl']]);
    expect(plainHttpIssues({ ...remote, insecureHttp: true })).toEqual([]);
    expect(signsInOverPlainHttp(remote)).toBe(true);
    expect(signsInOverPlainHttp({ baseUrl: 'https://api.example.com', altBaseUrl: 'http://127.0.0.1:8781' })).toBe(false);
  });
});
