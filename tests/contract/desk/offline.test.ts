/**
 * The Desk end to end over real HTTP and real SQLite files: edits made while the provider is unreachable are
 * shown at once (overlaid, marked, with local ids), and replayed exactly once when it is back, with a local id
 * mapped to the server's id for the edits queued against it.
 *
 * Each test has a Desk and a provider of its own (a data folder, a provider state file that outlives a restart
 * on the same ports), so any one of them runs alone.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Desk } from '../../../electron/core/desk/index.js';
import { accountPaths } from '../../../electron/core/data-dir.js';
import { AT_REST_KEY_SECRET } from '../../../electron/core/vault/at-rest-cipher.js';
import { MemoryVault } from '../../../electron/core/vault/memory-vault.js';
import { SECRET_MASK } from '../../../shared/outbox/secrets.js';
import type { OverlaidRecord } from '../../../shared/queries.js';
import { startSandbox } from '../../../sandbox/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { callError } from './sandbox-desk.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const portOf = (url: string) => Number(new URL(url).port);

/** A Desk without accounts, and a provider that can go away and come back (same ports, same state). */
async function openDesk() {
  const dir = mkdtempSync(join(tmpdir(), 'desk-offline-'));
  const dataDir = join(dir, 'app');
  const providerDb = join(dir, 'provider.db');
  const startProvider = (ports = { port: 0, altPort: 0 }) => startSandbox({ ...ports, controlPort: 0, db: providerDb, strict: true });
  let sb: RunningSandbox | null = await startProvider();
  const first = sb;
  const ports = { port: portOf(first.baseUrl), altPort: portOf(first.altBaseUrl) };
  const running = (): RunningSandbox => {
    if (!sb) throw new Error('the provider is stopped');
    return sb;
  };
  const vault = new MemoryVault('tests');
  const desk = await Desk.open({ dataDir, vault, background: false });
  closers.push(async () => {
    await desk.dispose();
    await sb?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    desk,
    vault,
    accountDir: accountPaths(dataDir, 'Main').dir,
    /** The provider now running (the last one started). */
    get sb(): RunningSandbox {
      return running();
    },
    async stopProvider(): Promise<void> {
      await sb?.stop();
      sb = null;
    },
    async restartProvider(): Promise<void> {
      sb = await startProvider(ports);
    },
    addAccount(password = first.password) {
      return desk.call('accounts.add', {
        name: 'Main', baseUrl: first.baseUrl, altBaseUrl: first.altBaseUrl, clientId: first.clientId, username: first.username,
        clientSecret: first.clientSecret, password,
      });
    },
    /** The demo account's contacts with this email, as the provider stores them. */
    serverContacts(email: string) {
      return running().db.prepare('SELECT id, firstname, lastname, city, companyname FROM contacts WHERE userid = 1 AND email = ?').all(email) as {
        id: number;
        firstname: string;
        city: string;
        companyname: string;
      }[];
    },
  };
}

/** A Desk with the provider's demo account added; `mirrored`: synced once too. */
async function openDeskWithAccount({ mirrored = false } = {}) {
  const opened = await openDesk();
  await opened.addAccount();
  if (mirrored) expect((await opened.desk.call('sync.run')).outcome).toBe('ok');
  return opened;
}

describe('Desk, offline then online', () => {
  it('refuses wrong credentials with a clear message and stores nothing', async () => {
    const { desk, addAccount } = await openDesk();
    const error = await callError(addAccount('not-the-password'));
    expect(error.code).toBe('auth');
    expect(error.message).toMatch(/credentials/i);
    expect(await desk.call('accounts.list')).toEqual([]);
  });

  it('names every bad field of an account', async () => {
    const { desk } = await openDesk();
    const error = await callError(desk.call('accounts.add', { name: '', baseUrl: 'nope', clientId: 'x', username: 'x', clientSecret: 's', password: 'p' }));
    expect(error.code).toBe('invalid_input');
    expect([...new Set(error.issues?.map((i) => i.field))].sort()).toEqual(['baseUrl', 'name', 'username']);
  });

  it('adds the account and mirrors it', async () => {
    const { desk, sb, addAccount } = await openDesk();
    const added = await addAccount();
    expect(added).toMatchObject({ name: 'Main', current: true });
    const summary = await desk.call('sync.run');
    expect(summary.outcome).toBe('ok');
    const serverCount = (sb.db.prepare('SELECT count(*) AS n FROM contacts WHERE userid = 1').get() as { n: number }).n;
    expect((await desk.call('data.counts')).contacts).toBe(serverCount);
  });

  it('shows offline edits at once, overlaid and marked, then replays each exactly once when the provider is back', async () => {
    const { desk, stopProvider, restartProvider, serverContacts } = await openDeskWithAccount({ mirrored: true });
    const existing = (await desk.call('data.list', { resource: 'contacts', limit: 1 })).rows[0]!;
    expect(typeof existing.id).toBe('number');
    await stopProvider();

    const created = await desk.call('outbox.enqueue', {
      kind: 'add-contact',
      params: { firstname: 'Ofélia', lastname: 'Offline', email: 'ofelia.offline@example.com', country: 'PT' },
    });
    expect(created.localId).toMatch(/^local:\d+$/);
    await desk.call('outbox.enqueue', { kind: 'update-contact', params: { contactid: created.localId!, city: 'Lisboa' } });
    await desk.call('contacts.bulkUpdate', { contactIds: [existing.id as number], changes: { companyname: 'Renamed Offline Ltd' } });

    const page = await desk.call('data.list', { resource: 'contacts', limit: 100 });
    const first = page.rows[0] as OverlaidRecord & { firstName: string; city: string };
    expect(first).toMatchObject({ id: created.localId, pending: 'create', firstName: 'Ofélia', city: 'Lisboa' });
    expect(page.rows.find((r) => r.id === existing.id)).toMatchObject({ pending: 'update', companyName: 'Renamed Offline Ltd' });
    expect(await desk.call('data.get', { resource: 'contacts', id: created.localId! })).toMatchObject({ pending: 'create' });

    const offline = await desk.call('sync.run');
    expect(offline.outcome).not.toBe('ok');
    expect((await desk.call('session.info')).connectivity).toBe('offline');
    // Nothing confirmed; an edit whose connection broke mid-request stays "sending", to be checked before any resend.
    const waiting = await desk.call('outbox.counts');
    expect(waiting.queued + waiting.sending).toBe(3);
    expect(waiting.done).toBe(0);

    await restartProvider();
    const online = await desk.call('sync.run');
    expect(online.outcome).toBe('ok');
    expect(await desk.call('outbox.counts')).toMatchObject({ queued: 0, sending: 0, failed: 0, needs_review: 0, done: 3 });

    // Exactly once on the server, with the later edit applied to the id the server gave.
    const rows = serverContacts('ofelia.offline@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ firstname: 'Ofélia', city: 'Lisboa' });
    const after = await desk.call('data.list', { resource: 'contacts', limit: 1000 });
    const mirrored = after.rows.filter((r) => (r as { email?: string }).email === 'ofelia.offline@example.com');
    expect(mirrored).toEqual([expect.objectContaining({ id: rows[0]!.id, pending: null })]);
    expect(await desk.call('data.get', { resource: 'contacts', id: created.localId! })).toMatchObject({ id: rows[0]!.id, city: 'Lisboa' });
    expect(after.rows.find((r) => r.id === existing.id)).toMatchObject({ pending: null, companyName: 'Renamed Offline Ltd' });
  });

  it('keeps a rejected edit as failed with the provider\'s message, and sends it once edited', async () => {
    const { desk, serverContacts } = await openDeskWithAccount();
    const entry = await desk.call('outbox.enqueue', { kind: 'add-contact', params: { firstname: 'Bad', lastname: 'Country', email: 'bad.country@example.com', country: 'ZZ' } });
    await desk.call('sync.run');
    const failed = (await desk.call('outbox.list', { states: ['failed'] })).find((e) => e.id === entry.id);
    expect(failed?.lastError?.message).toMatch(/country/i);
    expect((await desk.call('data.list', { resource: 'contacts', limit: 5 })).rows[0]).toMatchObject({ id: entry.localId, failed: true });

    await desk.call('outbox.edit', { id: entry.id, params: { firstname: 'Bad', lastname: 'Country', email: 'bad.country@example.com', country: 'DE' } });
    await desk.call('outbox.retry', { id: entry.id });
    await desk.call('sync.run');
    expect(serverContacts('bad.country@example.com')).toHaveLength(1);
  });

  it('rejects malformed mutations before queueing, naming the field', async () => {
    const { desk } = await openDeskWithAccount();
    const before = (await desk.call('outbox.list')).length;
    const error = await callError(desk.call('outbox.enqueue', { kind: 'open-ticket', params: { deptid: 1, subject: '', message: 'x' } }));
    expect(error.code).toBe('invalid_input');
    expect(error.issues).toEqual([expect.objectContaining({ field: 'subject' })]);
    expect((await desk.call('outbox.list')).length).toBe(before);
  });

  it('shows an EPP code the registrar returned, and keeps it sealed in the account files (its key in the vault)', async () => {
    // Mirrored: the EPP code is remembered under the name of a domain the mirror knows.
    const { desk, sb, vault, accountDir } = await openDeskWithAccount({ mirrored: true });
    const domain = sb.db
      .prepare('SELECT id, domainname AS domain, eppcode FROM domains WHERE userid = 1 AND eppcode IS NOT NULL AND registrar_error IS NULL LIMIT 1')
      .get() as { id: number; domain: string; eppcode: string };
    const entry = await desk.call('outbox.enqueue', { kind: 'domain-request-epp', params: { domainid: domain.id } });
    await desk.call('sync.run');
    // The entry, as listed (and printed by the CLI), shows the code masked; the app reads it from domains.epp.
    expect((await desk.call('outbox.list', { states: ['done'] })).find((e) => e.id === entry.id)?.result).toEqual({ delivery: 'returned', eppCode: SECRET_MASK, eppCodeRaw: SECRET_MASK });
    expect(await desk.call('domains.epp', { domain: domain.domain })).toMatchObject({ value: { delivery: 'returned', eppCode: domain.eppcode }, stale: false });

    const files = readdirSync(accountDir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
    expect(files.map((f) => f.name)).toEqual(expect.arrayContaining(['mirror.db', 'outbox.db']));
    for (const file of files) expect(readFileSync(join(file.parentPath, file.name)).includes(domain.eppcode)).toBe(false);
    expect(await vault.get('Main', AT_REST_KEY_SECRET)).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  });

  it("keeps an order's EPP code and tickets' access codes out of the outbox list, the exports and the account files", async () => {
    const { desk, sb, accountDir } = await openDeskWithAccount({ mirrored: true });
    const held = sb.db.prepare("SELECT domainname FROM domains WHERE userid <> 1 AND domainname LIKE '%.com' LIMIT 1").get() as { domainname: string };
    const code = 'Desk-Epp-5k9';
    const entry = await desk.call('outbox.enqueue', { kind: 'add-order', params: { domain: [held.domainname], domaintype: ['transfer'], eppcode: [code], paymentmethod: 'paypal' } });
    expect(entry.params).toMatchObject({ eppcode: [SECRET_MASK] });
    expect((await desk.call('outbox.list')).find((e) => e.id === entry.id)?.params).toMatchObject({ eppcode: [SECRET_MASK] });
    await desk.call('sync.run');
    const done = (await desk.call('outbox.list', { states: ['done'] })).find((e) => e.id === entry.id);
    expect(done?.params).not.toHaveProperty('eppcode');
    const orderId = (done?.result as { orderId: number }).orderId;
    expect(sb.db.prepare('SELECT transfersecret FROM orders WHERE id = ?').pluck().get(orderId)).toContain(code);

    expect(await desk.call('data.get', { resource: 'orders', id: orderId })).not.toHaveProperty('transferSecret');
    const orders = await desk.call('data.export', { resource: 'orders', format: 'csv' });
    expect(orders.text.split('\n')[0]).not.toContain('transferSecret');
    expect(orders.text).not.toContain(code);
    const accessCode = sb.db.prepare('SELECT c FROM tickets WHERE userid = 1 LIMIT 1').pluck().get() as string;
    const tickets = JSON.parse((await desk.call('data.export', { resource: 'tickets', format: 'json' })).text) as object[];
    expect(tickets.length).toBeGreaterThan(0);
    for (const ticket of tickets) expect(ticket).not.toHaveProperty('c');
    expect(JSON.stringify(tickets)).not.toContain(accessCode);

    const files = readdirSync(accountDir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
    for (const file of files) expect(readFileSync(join(file.parentPath, file.name)).includes(code), file.name).toBe(false);
  });

  it('answers whois from the mirror when the provider is unreachable, marked stale', async () => {
    const { desk, stopProvider } = await openDeskWithAccount();
    const fresh = await desk.call('domains.whois', { domain: 'brand-new-example.com' });
    expect(fresh).toMatchObject({ stale: false, value: { domain: 'brand-new-example.com' } });
    await stopProvider();
    const stale = await desk.call('domains.whois', { domain: 'brand-new-example.com', refresh: true });
    expect(stale).toMatchObject({ stale: true, fetchedAt: fresh.fetchedAt, value: fresh.value });
    const error = await callError(desk.call('domains.whois', { domain: 'never-asked-before.com' }));
    expect(error.code).toBe('offline');
  });
});
