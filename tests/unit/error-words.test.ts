/** shared/error-words.ts: every failure a person sees is one of a few sentences, picked from its facts. */
import { SIGNED_OUT_BY_USER } from '../../shared/sign-out.js';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../electron/core/api/errors.js';
import { interpretTransportError } from '../../electron/core/api/reply.js';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ERROR_WORD_KEYS, errorFactsOf, errorWords, isNoNetwork } from '../../shared/error-words.js';

const socketError = (code: string, message: string) => Object.assign(new Error(message), { code, config: { url: 'https://api.example.com/oauth/token' } });

describe('errorWords', () => {
  it('says a socket failure from its code and host, never the code itself', () => {
    const dns = interpretTransportError('token', socketError('ENOTFOUND', 'getaddrinfo ENOTFOUND api.example.com'));
    expect(errorWords(dns.facts)).toEqual({ key: 'noServer', params: { host: 'api.example.com' } });
    expect(isNoNetwork(dns.facts)).toBe(true);
    const reset = interpretTransportError('get-clients-details', socketError('ECONNRESET', 'socket hang up'));
    expect(errorWords(reset.facts)).toEqual({ key: 'closed', params: {} });
    expect(isNoNetwork(reset.facts)).toBe(false);
    expect(errorWords(interpretTransportError('x', socketError('ECONNREFUSED', 'connect ECONNREFUSED')).facts)).toMatchObject({ key: 'refusedConnection' });
    expect(errorWords(interpretTransportError('x', socketError('ECONNABORTED', 'timeout of 30000ms exceeded')).facts)).toMatchObject({ key: 'timedOut' });
    expect(errorWords(interpretTransportError('x', socketError('CERT_HAS_EXPIRED', 'certificate has expired')).facts)).toMatchObject({ key: 'tlsExpired' });
  });

  it('says a 5xx with its status and a refusal in the provider\'s own words', () => {
    expect(errorWords(new ApiError({ kind: 'server', operation: 'get-orders', status: 503, message: 'get-orders: provider error HTTP 503' }).facts)).toEqual({ key: 'server', params: { status: 503 } });
    expect(errorWords(new ApiError({ kind: 'rejected', operation: 'add-contact', message: 'Invalid Country Code' }).facts)).toEqual({ key: 'rejected', params: { message: 'Invalid Country Code' } });
  });

  it('says a request made while the person had signed out as that, not as a sign-in the provider refused', () => {
    expect(errorWords(new ApiError({ kind: 'auth', operation: 'update-contact', message: `signed out: ${SIGNED_OUT_BY_USER}` }).facts)).toEqual({ key: 'signedOut', params: {} });
    expect(errorWords(new ApiError({ kind: 'auth', operation: 'update-contact', message: 'sign-in refused: Invalid login' }).facts)).toEqual({ key: 'auth', params: {} });
  });

  it('reads the facts of a call error, an entry problem, or a sentence kept as text', () => {
    const facts = { kind: 'network' as const, code: 'ECONNRESET', detail: 'x: no reply (ECONNRESET: socket hang up)' };
    expect(errorFactsOf({ code: 'offline', message: 'The provider cannot be reached', facts })).toBe(facts);
    expect(errorWords(errorFactsOf({ kind: 'network', message: 'add-contact: no reply (ECONNRESET: socket hang up)' })).key).toBe('closed');
    expect(errorWords(errorFactsOf('get-clients-details: no reply (ECONNRESET: socket hang up)')).key).toBe('closed');
    expect(errorWords(errorFactsOf({ code: 'refused', message: 'No account is open.' }))).toEqual({ key: 'said', params: { message: 'No account is open.' } });
  });

  it('has every sentence in English and Italian', async () => {
    for (const language of ['en', 'it']) {
      // Loaded by path: the renderer's files are not the engine's project's.
      const file = pathToFileURL(resolve(import.meta.dirname, '../../renderer/src/i18n', language, 'errors.ts')).href;
      const words = ((await import(file)) as { default: Record<string, string> }).default;
      for (const key of [...ERROR_WORD_KEYS, 'details']) expect(words[key], `${language}: ${key}`).toBeTruthy();
    }
  });
});
