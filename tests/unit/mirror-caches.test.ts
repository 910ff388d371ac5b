import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AtRestCipher } from '../../electron/core/vault/at-rest-cipher.js';
import type { WhoisResult } from '../../shared/models.js';
import { Mirror } from '../../electron/core/mirror/index.js';
import type { Invoice } from '../../shared/models.js';
import { domain, openMirror, service, tempDir } from './mirror-fixtures.js';

let dir: string;
let cleanup: () => void;
let mirror: Mirror;
let clock: Date;

beforeEach(() => {
  ({ dir, cleanup } = tempDir());
  clock = new Date('2026-11-22T10:00:00Z');
  mirror = openMirror(dir, { now: () => clock });
});
afterEach(() => {
  mirror.dispose();
  cleanup();
});

const whois: WhoisResult = {
  domain: 'example.com', sld: 'example', tld: '.com', available: false, whois: 'unavailable', premium: false,
  prices: null, flatPrice: null,
};

describe('answer caches', () => {
  it('keep each answer with the time it was fetched, keyed by case-insensitive domain', () => {
    expect(mirror.whoisCache.get('example.com')).toBeNull();
    mirror.whoisCache.put('Example.COM ', whois);
    expect(mirror.whoisCache.get('example.com')).toEqual({ value: whois, fetchedAt: '2026-11-22T10:00:00.000Z' });
    mirror.eppCache.put('example.com', { delivery: 'returned', eppCode: 'a&b<c', eppCodeRaw: 'a&amp;b&lt;c' });
    expect(mirror.eppCache.get('EXAMPLE.com')?.value).toEqual({ delivery: 'returned', eppCode: 'a&b<c', eppCodeRaw: 'a&amp;b&lt;c' });
    // Separate caches.
    expect(mirror.whoisInfoCache.get('example.com')).toBeNull();
  });

  it('a newer answer replaces the older one; maxAgeMs hides stale answers', () => {
    mirror.whoisCache.put('example.com', whois);
    clock = new Date('2026-11-22T11:00:00Z');
    expect(mirror.whoisCache.get('example.com', 30 * 60_000)).toBeNull();
    expect(mirror.whoisCache.get('example.com', 2 * 3600_000)).not.toBeNull();
    mirror.whoisCache.put('example.com', { ...whois, available: true });
    expect(mirror.whoisCache.get('example.com', 30 * 60_000)).toEqual({
      value: { ...whois, available: true },
      fetchedAt: '2026-11-22T11:00:00.000Z',
    });
  });

  it('keep EPP codes sealed in the file, readable only with the same key', () => {
    const cipher = AtRestCipher.ephemeral();
    mirror.dispose();
    mirror = openMirror(dir, { cipher });
    mirror.eppCache.put('example.com', { delivery: 'returned', eppCode: 'Zq7-epp-code', eppCodeRaw: 'Zq7-epp-code' });
    mirror.whoisCache.put('example.com', whois);
    const stored = mirror.db.prepare('SELECT json FROM epp_cache').pluck().get() as string;
    expect(stored).not.toContain('Zq7-epp-code');
    mirror.dispose();
    const bytes = readdirSync(dir).map((file) => readFileSync(join(dir, file)).toString('latin1')).join('');
    expect(bytes).toContain('unavailable'); // the whois answer is plain
    expect(bytes).not.toContain('Zq7-epp-code');

    mirror = openMirror(dir, { cipher });
    expect(mirror.eppCache.get('example.com')?.value).toEqual({ delivery: 'returned', eppCode: 'Zq7-epp-code', eppCodeRaw: 'Zq7-epp-code' });
    mirror.dispose();
    // Another key (the vault lost this one): no answer, rather than an error.
    mirror = openMirror(dir, { cipher: AtRestCipher.ephemeral() });
    expect(mirror.eppCache.get('example.com')).toBeNull();
  });

  it('survive reopening the file', () => {
    mirror.whoisInfoCache.put('example.com', {
      found: true, statuses: ['ok'], createdOn: null, expiresOn: '2027-01-01', updatedOn: null, registrar: null,
      nameservers: [], contacts: {}, raw: 'Domain: example.com',
    });
    mirror.dispose();
    mirror = openMirror(dir);
    expect(mirror.whoisInfoCache.get('example.com')?.value.expiresOn).toBe('2027-01-01');
  });
});

describe('local invoices', () => {
  const invoice = (id: number, fields: Partial<Invoice> = {}): Invoice => ({
    id, status: 'Unpaid', date: '2026-11-22', dueDate: '2026-12-06', total: '10.00', notes: '',
    items: [{ description: 'Setup', amount: '10.00', taxed: false }],
    createdAt: `2026-11-2${id}T10:00:00.000Z`, ...fields,
  });

  it('are stored, listed newest first, filtered by status, and survive snapshots of other resources', () => {
    mirror.upsert('invoices', invoice(1));
    mirror.upsert('invoices', invoice(2, { status: 'Draft', total: '25.50' }));
    mirror.applySnapshot('domains', []);
    expect(mirror.list('invoices').rows.map((i) => i.id)).toEqual([2, 1]);
    expect(mirror.list('invoices', { filters: { status: 'Draft' } }).rows).toEqual([invoice(2, { status: 'Draft', total: '25.50' })]);
    expect(mirror.get('invoices', 1)).toEqual(invoice(1));
    expect(mirror.counts().invoices).toBe(2);
  });
});

describe('sync runs', () => {
  it('are logged from start to finish, newest first; a run left running is marked interrupted on reopen', () => {
    const first = mirror.beginSyncRun('start');
    clock = new Date('2026-11-22T10:00:05Z');
    mirror.finishSyncRun(first, 'ok', { notable: ['x'] });
    const second = mirror.beginSyncRun('interval');
    expect(mirror.syncRuns().map((r) => [r.id, r.outcome])).toEqual([
      [second, 'running'],
      [first, 'ok'],
    ]);
    expect(mirror.syncRuns()[1]).toEqual({
      id: first, trigger: 'start', startedAt: '2026-11-22T10:00:00.000Z', finishedAt: '2026-11-22T10:00:05.000Z',
      outcome: 'ok', summary: { notable: ['x'] },
    });
    mirror.dispose();
    mirror = openMirror(dir);
    expect(mirror.syncRuns()[0]).toMatchObject({ id: second, outcome: 'interrupted' });
  });
});

describe('the payment methods the records use', () => {
  it('are read again once the file changes: on this connection, or committed by another (the sync writer thread)', () => {
    mirror.applySnapshot('domains', [domain(1), domain(2), domain(3, { paymentMethod: 'paypal', paymentMethodName: 'PayPal' })]);
    expect(mirror.paymentMethods()).toEqual([
      { code: 'mailin', name: 'Mail In', uses: 2 },
      { code: 'paypal', name: 'PayPal', uses: 1 },
    ]);
    // A write here: PayPal is now used most.
    mirror.upsert('domains', domain(1, { paymentMethod: 'paypal', paymentMethodName: 'PayPal' }));
    mirror.upsert('domains', domain(4, { paymentMethod: 'paypal', paymentMethodName: 'PayPal' }));
    expect(mirror.paymentMethods().map((m) => [m.code, m.uses])).toEqual([['paypal', 3], ['mailin', 1]]);
    // A commit on another connection to the same file.
    const writer = Mirror.attach(mirror.file!);
    try {
      writer.applySnapshot('services', [service(1, { paymentMethod: 'stripe', paymentMethodName: 'Card' })]);
    } finally {
      writer.dispose();
    }
    expect(mirror.paymentMethods().map((m) => [m.code, m.uses])).toEqual([['paypal', 3], ['stripe', 1], ['mailin', 1]]); // ties by name: Card, Mail In
  });

  it('are copies: a caller changing one does not change the next answer', () => {
    mirror.applySnapshot('domains', [domain(1)]);
    mirror.paymentMethods()[0]!.name = 'changed';
    expect(mirror.paymentMethods()[0]!.name).toBe('Mail In');
  });
});
