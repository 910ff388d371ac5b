import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountStore } from '../../electron/core/accounts/account-store.js';

const dirs: string[] = [];
function store(): { store: AccountStore; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'rd-accounts-'));
  dirs.push(dir);
  return { store: new AccountStore(dir), dir };
}
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const valid = {
  name: 'Main',
  baseUrl: 'https://api.example.com/',
  clientId: 'abc',
  username: 'me@example.com',
};

describe('AccountStore', () => {
  it('stores a validated account with defaults, normalised URLs and no secrets, and reopens it', () => {
    const { store: s, dir } = store();
    const added = s.add({ ...valid, clientSecret: 'must-not-be-stored', password: 'nor-this' });
    expect(added).toEqual({ ...valid, baseUrl: 'https://api.example.com', altBaseUrl: '', service: 'svc', demo: false, insecureHttp: false, caFile: '', proxyUser: '' });
    expect(s.current).toBe('Main');
    const file = readFileSync(join(dir, 'accounts.json'), 'utf8');
    expect(file).not.toContain('must-not-be-stored');
    expect(file).not.toContain('nor-this');
    expect(new AccountStore(dir).get('Main').baseUrl).toBe('https://api.example.com');
  });

  it('names each bad field in its error', () => {
    const { store: s } = store();
    expect(() => s.add({ ...valid, baseUrl: 'ftp://x', username: 'nope' })).toThrow(/baseUrl: .*username: /s);
    expect(() => s.add({ ...valid, service: 'a/b' })).toThrow(/service: is one path segment/);
    expect(s.list()).toEqual([]);
  });

  it('refuses duplicates and unknown names, and moves "current" when the current account is removed', () => {
    const { store: s } = store();
    s.add(valid);
    s.add({ ...valid, name: 'Second' });
    expect(() => s.add(valid)).toThrow('An account named "Main" already exists.');
    expect(() => s.get('Nope')).toThrow('No account named "Nope". Known: Main, Second.');
    s.remove('Main');
    expect(s.current).toBe('Second');
    expect(s.resolve().name).toBe('Second');
  });

  it('says how to add an account when there is none', () => {
    expect(() => store().store.resolve()).toThrow(/No account yet/);
  });
});
