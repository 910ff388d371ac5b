/**
 * Issue 34, one test per row of its table: edits queued while the provider could not be reached, the same records
 * changed on the provider meanwhile (through its API as its web panel, its automation or another copy of the app
 * would; through its store where the API cannot: a renewal paid, a ticket closed), then the provider back. Each
 * asserts what the provider ends with and the entry's state. With `background: false` nothing is sent until
 * sync.run: the queue waits exactly as it would while the provider reset every connection.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Desk } from '../../../electron/core/desk/index.js';
import { MemoryVault } from '../../../electron/core/vault/memory-vault.js';
import type { Contact, Domain, Ticket } from '../../../shared/models.js';
import type { OutboxEntry } from '../../../shared/outbox/entry.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { op, ok, type Session } from '../sandbox/ops.js';
import { token } from '../sandbox/http.js';
import { deskOnSandbox } from './sandbox-desk.js';

vi.setConfig({ testTimeout: 60_000 });

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A Desk on a sandbox of its own, synced once; `provider` calls the provider's API as the account's web panel would. */
async function setUp(prefix: string, background = false) {
  const opened = await deskOnSandbox(prefix, { background });
  closers.push(opened.close);
  const { desk, sb } = opened;
  await desk.call('sync.run');
  const [demo, other] = sb.accounts;
  const provider: Session = { sb, demo: await token(sb, demo), other: await token(sb, other), demoId: demo!.userid, otherId: other!.userid };
  return { ...opened, provider };
}

async function contacts(desk: Desk): Promise<Contact[]> {
  return (await desk.call('data.list', { resource: 'contacts', limit: 1000 })).rows as Contact[];
}

async function domains(desk: Desk): Promise<Domain[]> {
  return (await desk.call('data.list', { resource: 'domains', limit: 1000 })).rows as Domain[];
}

async function tickets(desk: Desk): Promise<Ticket[]> {
  return (await desk.call('data.list', { resource: 'tickets', limit: 1000 })).rows as Ticket[];
}

function storedContact(sb: RunningSandbox, id: number): Record<string, unknown> | undefined {
  return sb.db.prepare('SELECT * FROM contacts WHERE id = ?').get(id) as Record<string, unknown> | undefined;
}

async function entry(desk: Desk, id: number): Promise<OutboxEntry> {
  return (await desk.call('outbox.list')).find((e) => e.id === id)!;
}

describe('a contact edited in the app and on the provider', () => {
  it('row 1: the same field changed differently waits with original → theirs / yours; Keep mine then sends mine', async () => {
    const { desk, sb, provider } = await setUp('changed-row1-');
    const contact = (await contacts(desk))[0]!;
    const queued = await desk.call('outbox.enqueue', { kind: 'update-contact', params: { contactid: contact.id, email: 'mine@example.com' } });
    expect(queued.base).toEqual({ of: 'contact', updatedAt: contact.updatedAt, fields: { email: contact.email } });
    await ok(op(provider, 'update-contact', { contactid: contact.id, email: 'theirs@example.com' }));

    const summary = await desk.call('sync.run');
    expect(summary.sentEntryIds).toEqual([]);
    expect(storedContact(sb, contact.id)?.email).toBe('theirs@example.com');
    const waiting = await entry(desk, queued.id);
    expect(waiting).toMatchObject({
      state: 'conflict',
      lastError: { kind: 'conflict' },
      conflict: { reason: 'fields', fields: [{ field: 'email', original: contact.email, theirs: 'theirs@example.com', yours: 'mine@example.com' }], unmatched: [], sent: [] },
    });
    expect(waiting.lastError!.message).toMatch(/^Changed on the provider since you edited it/);

    expect((await desk.call('outbox.resolve', { id: queued.id, choice: 'mine' })).state).toBe('queued');
    expect((await desk.call('sync.run')).sentEntryIds).toEqual([queued.id]);
    expect(storedContact(sb, contact.id)?.email).toBe('mine@example.com');
    expect((await entry(desk, queued.id)).state).toBe('done');
  });

  it('two edits of one field queued in a row: the second is made on the first, and both go with nothing held', async () => {
    const { desk, sb } = await setUp('changed-twice-');
    const contact = (await contacts(desk))[7]!;
    const first = await desk.call('outbox.enqueue', { kind: 'update-contact', params: { contactid: contact.id, city: 'First City' } });
    const second = await desk.call('outbox.enqueue', { kind: 'update-contact', params: { contactid: contact.id, city: 'Second City' } });
    expect(second.base).toMatchObject({ fields: { city: 'First City' } });

    expect((await desk.call('sync.run')).sentEntryIds).toEqual([first.id, second.id]);
    expect(storedContact(sb, contact.id)?.city).toBe('Second City');
    expect([(await entry(desk, first.id)).state, (await entry(desk, second.id)).state]).toEqual(['done', 'done']);
  });

  it('row 2: the app changed the e-mail and the provider the phone: both kept, the entry done', async () => {
    const { desk, sb, provider } = await setUp('changed-row2-');
    const contact = (await contacts(desk))[1]!;
    const queued = await desk.call('outbox.enqueue', { kind: 'update-contact', params: { contactid: contact.id, email: 'mine2@example.com' } });
    await ok(op(provider, 'update-contact', { contactid: contact.id, phonenumber: '+39 02 5550199' }));

    await desk.call('sync.run');
    expect(storedContact(sb, contact.id)).toMatchObject({ email: 'mine2@example.com', phonenumber: '+39 02 5550199' });
    expect(await entry(desk, queued.id)).toMatchObject({ state: 'done', base: { fields: { email: contact.email } }, conflict: null });
  });

  it('row 2b: an edit finished from a draft reopened after a sync brought a new phone sends the e-mail only', async () => {
    const { desk, sb, provider } = await setUp('changed-row2b-');
    const contact = (await contacts(desk))[2]!;
    const key = `update-contact:${contact.id}` as const;
    // The form opened on the contact as it was, its draft kept (and its base with it).
    await desk.call('drafts.save', { key, value: { email: 'typed@example.com', phonenumber: contact.phoneNumber } });
    await ok(op(provider, 'update-contact', { contactid: contact.id, phonenumber: '+39 06 5550123' }));
    await desk.call('sync.run');
    expect((await desk.call('data.get', { resource: 'contacts', id: contact.id }))).toMatchObject({ phoneNumber: '+39 06 5550123' });
    // What the form compares against: the record the draft was started on.
    expect(await desk.call('drafts.base', { key })).toMatchObject({ of: 'contact', fields: { email: contact.email, phonenumber: contact.phoneNumber } });

    // Reopened from the draft, the form still holds the old phone: it is not a change the person made.
    const queued = await desk.call('outbox.enqueue', {
      kind: 'update-contact',
      params: { contactid: contact.id, email: 'typed@example.com', phonenumber: contact.phoneNumber },
      draft: key,
    });
    expect(queued.base).toMatchObject({ of: 'contact', fields: { email: contact.email, phonenumber: contact.phoneNumber } });
    await desk.call('sync.run');
    expect(storedContact(sb, contact.id)).toMatchObject({ email: 'typed@example.com', phonenumber: '+39 06 5550123' });
    expect((await entry(desk, queued.id)).state).toBe('done');
  });

  it('row 3: an edit of a contact deleted on the provider fails with the provider’s words', async () => {
    const { desk, sb, provider } = await setUp('changed-row3-');
    const contact = (await contacts(desk))[3]!;
    const queued = await desk.call('outbox.enqueue', { kind: 'update-contact', params: { contactid: contact.id, city: 'Lecce' } });
    expect(queued.base).toMatchObject({ of: 'contact', fields: { city: contact.city } });
    await ok(op(provider, 'delete-contact', { contactid: contact.id }));

    await desk.call('sync.run');
    expect(storedContact(sb, contact.id)).toBeUndefined();
    expect(await entry(desk, queued.id)).toMatchObject({ state: 'failed', lastError: { kind: 'rejected', message: 'Contact ID Not Found' } });
  });

  it('row 4: a delete of a contact edited on the provider waits, showing what changed; Take theirs keeps it', async () => {
    const { desk, sb, provider } = await setUp('changed-row4-');
    const contact = (await contacts(desk))[4]!;
    const queued = await desk.call('outbox.enqueue', { kind: 'delete-contact', params: { contactid: contact.id } });
    await ok(op(provider, 'update-contact', { contactid: contact.id, companyname: 'Acme Renamed Srl' }));

    await desk.call('sync.run');
    expect(storedContact(sb, contact.id)).toMatchObject({ companyname: 'Acme Renamed Srl' });
    expect(await entry(desk, queued.id)).toMatchObject({
      state: 'conflict',
      conflict: { reason: 'deleted-changed', fields: [{ field: 'companyname', original: contact.companyName, theirs: 'Acme Renamed Srl', yours: null }] },
    });

    expect((await desk.call('outbox.resolve', { id: queued.id, choice: 'theirs' })).state).toBe('cancelled');
    await desk.call('sync.run');
    expect(storedContact(sb, contact.id)).toMatchObject({ companyname: 'Acme Renamed Srl' });
  });
});

describe('the app running while the provider resets every connection', () => {
  it('row 1: once the provider answers again, the edit changed there meanwhile waits and the mirror shows theirs; nothing overwritten', async () => {
    const { desk, sb, provider } = await setUp('changed-running-', true);
    const contact = (await contacts(desk))[6]!;
    await ok(op(provider, 'update-contact', { contactid: contact.id, email: 'staff@example.com', city: 'Staffville' }));
    sb.setFaults({ reset: 1 });
    const queued = await desk.call('outbox.enqueue', { kind: 'update-contact', params: { contactid: contact.id, email: 'traveller@example.com' } });
    // Tried, and held back by the network (the provider's state could not be read before sending).
    await vi.waitFor(async () => expect((await entry(desk, queued.id)).lastError).not.toBeNull(), { timeout: 10_000, interval: 100 });
    sb.setFaults({ reset: 0 });

    await vi.waitFor(async () => expect((await entry(desk, queued.id)).state).toBe('conflict'), { timeout: 30_000, interval: 200 });
    expect(storedContact(sb, contact.id)).toMatchObject({ email: 'staff@example.com', city: 'Staffville' });
    expect((await entry(desk, queued.id)).conflict).toMatchObject({ fields: [{ field: 'email', original: contact.email, theirs: 'staff@example.com', yours: 'traveller@example.com' }] });
    // The sync that follows brings the provider's other change; the queued e-mail stays laid over.
    await vi.waitFor(async () => expect(await desk.call('data.get', { resource: 'contacts', id: contact.id })).toMatchObject({ city: 'Staffville', email: 'traveller@example.com' }), {
      timeout: 30_000,
      interval: 200,
    });
  });
});

describe('renewals, replies and orders', () => {
  /** Renewal orders the provider holds for a domain (by its id in the order's renewals). */
  const renewalOrders = (sb: RunningSandbox, domainId: number) =>
    (sb.db.prepare('SELECT id, renewals FROM orders').all() as { id: number; renewals: string }[]).filter((o) => o.renewals.split(',').some((r) => r.startsWith(`${domainId}=`)));
  const invoiceCount = (sb: RunningSandbox) => sb.db.prepare('SELECT COUNT(*) FROM invoices').pluck().get() as number;

  it('row 5: a renewal of a domain renewed on the provider meanwhile waits, nothing ordered or billed twice', async () => {
    const { desk, sb } = await setUp('changed-row5-');
    const domain = (await domains(desk)).find((d) => d.status === 'Active' && d.expiryDate)!;
    const { entry: queued } = await desk.call('domains.renew', { names: [domain.domainName], years: 1 });
    expect(queued.base).toEqual({ of: 'order', renewals: { [domain.domainName]: { expiryDate: domain.expiryDate, nextDueDate: domain.nextDueDate, pendingOrders: [] } }, names: [] });
    // The provider's automation renews and bills it: its dates move a year on.
    sb.db.prepare("UPDATE domains SET expirydate = date(expirydate, '+1 year'), nextduedate = date(nextduedate, '+1 year') WHERE id = ?").run(domain.id);
    const now = sb.db.prepare('SELECT expirydate FROM domains WHERE id = ?').pluck().get(domain.id) as string;
    const invoices = invoiceCount(sb);

    await desk.call('sync.run');
    expect(renewalOrders(sb, domain.id)).toEqual([]);
    expect(invoiceCount(sb)).toBe(invoices);
    const waiting = await entry(desk, queued.id);
    expect(waiting).toMatchObject({
      state: 'conflict',
      conflict: { reason: 'order', renewed: [{ domain: domain.domainName, expiryDate: { was: domain.expiryDate, now }, pendingOrders: [] }], held: [] },
    });
    expect(waiting.lastError!.message).toBe(`${domain.domainName} was renewed on the provider (now expires ${now}): renew again?`);
  });

  it('row 5: a renewal whose domain already has a renewal order on the provider waits; Take theirs leaves one order', async () => {
    const { desk, sb, provider } = await setUp('changed-row5b-');
    const domain = (await domains(desk)).filter((d) => d.status === 'Active').at(-1)!;
    const { entry: queued } = await desk.call('domains.renew', { names: [domain.domainName], years: 1 });
    await ok(op(provider, 'add-order', { [`domainrenewals[${domain.domainName}]`]: 1, paymentmethod: 'mailin' }));
    const [theirs] = renewalOrders(sb, domain.id);

    await desk.call('sync.run');
    expect(renewalOrders(sb, domain.id)).toEqual([theirs]);
    expect(await entry(desk, queued.id)).toMatchObject({ state: 'conflict', conflict: { reason: 'order', renewed: [{ domain: domain.domainName, pendingOrders: [theirs!.id] }] } });

    expect((await desk.call('outbox.resolve', { id: queued.id, choice: 'theirs' })).state).toBe('cancelled');
    await desk.call('sync.run');
    expect(renewalOrders(sb, domain.id)).toEqual([theirs]);
  });

  it('row 5: a renewal of several domains renews at once those not renewed meanwhile, and holds the one that was', async () => {
    const { desk, sb } = await setUp('changed-row5c-');
    const [renewed, other] = (await domains(desk)).filter((d) => d.status === 'Active' && d.expiryDate);
    const { entry: queued } = await desk.call('domains.renew', { names: [renewed!.domainName, other!.domainName], years: 1 });
    sb.db.prepare("UPDATE domains SET expirydate = date(expirydate, '+1 year'), nextduedate = date(nextduedate, '+1 year') WHERE id = ?").run(renewed!.id);

    await desk.call('sync.run');
    expect(renewalOrders(sb, renewed!.id)).toEqual([]);
    expect(renewalOrders(sb, other!.id)).toHaveLength(1);
    expect(await entry(desk, queued.id)).toMatchObject({
      state: 'conflict',
      params: { domainrenewals: { [renewed!.domainName]: 1 } },
      result: { orderId: renewalOrders(sb, other!.id)[0]!.id },
      conflict: { reason: 'order', renewed: [{ domain: renewed!.domainName }], held: [], sent: [other!.domainName] },
    });
    // The domain renewed meanwhile keeps its mark; the other's renewal is an order on the provider now.
    expect(await desk.call('data.get', { resource: 'domains', id: renewed!.id })).toMatchObject({ marks: [{ kind: 'renewal', entryId: queued.id }] });
    expect(await desk.call('data.get', { resource: 'domains', id: other!.id })).not.toHaveProperty('marks');
  });

  it('row 6: a reply to a ticket closed on the provider waits; Keep mine sends it and reopens the ticket', async () => {
    const { desk, sb } = await setUp('changed-row6-');
    const ticket = (await tickets(desk)).find((t) => t.status !== 'Closed')!;
    const replies = () => sb.db.prepare('SELECT COUNT(*) FROM ticket_replies WHERE ticketid = ?').pluck().get(ticket.id) as number;
    const before = replies();
    const queued = await desk.call('outbox.enqueue', { kind: 'add-ticket-reply', params: { ticketid: ticket.id, message: 'Any news on this?' } });
    expect(queued.base).toEqual({ of: 'ticket', status: ticket.status, lastReply: ticket.lastReply });
    // No operation closes a ticket: the provider's staff do, in its panel.
    sb.db.prepare("UPDATE tickets SET status = 'Closed' WHERE id = ?").run(ticket.id);

    await desk.call('sync.run');
    expect(replies()).toBe(before);
    expect(sb.db.prepare('SELECT status FROM tickets WHERE id = ?').pluck().get(ticket.id)).toBe('Closed');
    const waiting = await entry(desk, queued.id);
    expect(waiting).toMatchObject({ state: 'conflict', conflict: { reason: 'ticket-closed', status: 'Closed', was: ticket.status } });
    expect(waiting.lastError!.message).toBe('This ticket was closed on the provider; send and reopen it?');

    await desk.call('outbox.resolve', { id: queued.id, choice: 'mine' });
    await desk.call('sync.run');
    expect(replies()).toBe(before + 1);
    expect(sb.db.prepare('SELECT status FROM tickets WHERE id = ?').pluck().get(ticket.id)).toBe('Customer-Reply');
    expect((await entry(desk, queued.id)).state).toBe('done');
  });

  it('row 10: a registration of a name someone else registered is refused with the provider’s words; one the account now holds waits', async () => {
    const { desk, sb, provider } = await setUp('changed-row10-');
    const order = (name: string) => ({ kind: 'add-order' as const, params: { domain: [name], domaintype: ['register' as const], regperiod: [1], paymentmethod: 'mailin' } });
    const taken = await desk.call('outbox.enqueue', order('zq-taken-meanwhile.com'));
    const ours = await desk.call('outbox.enqueue', order('zq-ours-meanwhile.com'));
    expect(taken.base).toEqual({ of: 'order', renewals: {}, names: ['zq-taken-meanwhile.com'] });
    await ok(op(provider, 'add-order', { domain: ['zq-taken-meanwhile.com'], domaintype: ['register'], paymentmethod: 'mailin' }, { as: 'other' }));
    // The same account registered the other name meanwhile (its web panel, another copy of the app).
    await ok(op(provider, 'add-order', { domain: ['zq-ours-meanwhile.com'], domaintype: ['register'], paymentmethod: 'mailin' }));

    await desk.call('sync.run');
    const holders = (name: string) => sb.db.prepare('SELECT userid FROM domains WHERE domainname = ?').pluck().all(name);
    expect(holders('zq-taken-meanwhile.com')).toEqual([provider.otherId]);
    expect(holders('zq-ours-meanwhile.com')).toEqual([provider.demoId]);
    expect(await entry(desk, taken.id)).toMatchObject({ state: 'failed', lastError: { kind: 'rejected', message: expect.stringMatching(/not available|registered/i) } });
    expect(await entry(desk, ours.id)).toMatchObject({ state: 'conflict', conflict: { reason: 'order', renewed: [], held: [{ domain: 'zq-ours-meanwhile.com' }] } });
  });
});

describe('a bulk edit', () => {
  it('row 7: holds only its conflicting contacts and those that left its filter, with the reason; the rest go', async () => {
    const { desk, sb, provider } = await setUp('changed-row7-');
    for (const n of [1, 2, 3, 4, 5, 6]) await ok(op(provider, 'add-contact', { firstname: `Bulk${n}`, lastname: 'Rossi', city: 'Bari', country: 'IT' }));
    await desk.call('sync.run');
    const country: string = 'IT';
    const inCountry = (await contacts(desk)).filter((c) => c.country === country);
    const queued = await desk.call('contacts.bulkEdit', { shown: { filters: { country } }, fields: { city: { set: 'Bulkville' } } });
    expect(queued.queued).toBe(inCountry.filter((c) => c.city !== 'Bulkville').length);
    const [changedCity, sameCity, moved] = inCountry;
    const elsewhere = country === 'DE' ? 'FR' : 'DE';
    await ok(op(provider, 'update-contact', { contactid: changedCity!.id, city: 'Theirville' }));
    await ok(op(provider, 'update-contact', { contactid: sameCity!.id, city: 'Bulkville' }));
    await ok(op(provider, 'update-contact', { contactid: moved!.id, country: elsewhere }));

    await desk.call('sync.run');
    expect(storedContact(sb, changedCity!.id)?.city).toBe('Theirville');
    expect(storedContact(sb, moved!.id)).toMatchObject({ city: moved!.city, country: elsewhere });
    for (const contact of inCountry.slice(3)) expect(storedContact(sb, contact.id)?.city).toBe('Bulkville');

    const entries = new Map((await desk.call('outbox.list', { kind: 'update-contact' })).flatMap((e) => (e.kind === 'update-contact' ? [[e.params.contactid, e] as const] : [])));
    expect(entries.get(changedCity!.id)).toMatchObject({ state: 'conflict', conflict: { fields: [{ field: 'city', original: changedCity!.city, theirs: 'Theirville', yours: 'Bulkville' }], unmatched: [] } });
    expect(entries.get(sameCity!.id)).toMatchObject({ state: 'done', result: { unchanged: true } });
    expect(entries.get(moved!.id)).toMatchObject({ state: 'conflict', conflict: { fields: [], unmatched: [{ field: 'country', wanted: country, now: elsewhere }] } });
    expect(entries.get(moved!.id)!.lastError!.message).toContain(`country is now "${elsewhere}"; the edit was for "${country}"`);
    expect([...entries.values()].filter((e) => e.state === 'done')).toHaveLength(inCountry.length - 2);
  });
});

describe('a CSV import', () => {
  it('keeps one base per contact it updates: the row changed on the provider meanwhile waits, the other goes', async () => {
    const { desk, sb, provider } = await setUp('changed-import-');
    const [first, second] = (await contacts(desk)).filter((c) => c.email !== '');
    const csv = `email,city\n${first!.email},Imported City\n${second!.email},Imported City\n`;
    const preview = await desk.call('contacts.importPreview', { csv, mode: 'update-by-email' });
    const result = await desk.call('contacts.import', { csv, mode: 'update-by-email', mapping: preview.mapping });
    const queued = (await desk.call('outbox.list')).filter((e) => result.entryIds.includes(e.id)).reverse();
    expect(queued.map((e) => e.base)).toEqual([
      { of: 'contact', updatedAt: first!.updatedAt, fields: { city: first!.city } },
      { of: 'contact', updatedAt: second!.updatedAt, fields: { city: second!.city } },
    ]);
    await ok(op(provider, 'update-contact', { contactid: first!.id, city: 'Staff City' }));

    await desk.call('sync.run');
    expect(storedContact(sb, first!.id)?.city).toBe('Staff City');
    expect(storedContact(sb, second!.id)?.city).toBe('Imported City');
    expect((await entry(desk, queued[0]!.id)).state).toBe('conflict');
    expect((await entry(desk, queued[1]!.id)).state).toBe('done');
  });
});

describe('two copies of the app', () => {
  it('row 8: the second to come online finds the first’s change as changed on the provider', async () => {
    const { desk, sb } = await setUp('changed-row8-');
    const second = await deskOnSandboxShared(sb);
    const contact = (await contacts(desk))[5]!;
    const first = await desk.call('outbox.enqueue', { kind: 'update-contact', params: { contactid: contact.id, email: 'laptop@example.com' } });
    const other = await second.call('outbox.enqueue', { kind: 'update-contact', params: { contactid: contact.id, email: 'desktop@example.com' } });

    await desk.call('sync.run');
    await second.call('sync.run');
    expect(storedContact(sb, contact.id)?.email).toBe('laptop@example.com');
    expect(await entry(desk, first.id)).toMatchObject({ state: 'done' });
    expect(await entry(second, other.id)).toMatchObject({
      state: 'conflict',
      conflict: { fields: [{ field: 'email', original: contact.email, theirs: 'laptop@example.com', yours: 'desktop@example.com' }] },
    });

    // Edit… on the second copy: made on the provider's value the person saw, it goes.
    expect((await second.call('outbox.edit', { id: other.id, params: { contactid: contact.id, email: 'agreed@example.com' } })).state).toBe('queued');
    await second.call('sync.run');
    expect(storedContact(sb, contact.id)?.email).toBe('agreed@example.com');
    expect((await entry(second, other.id)).state).toBe('done');
  });
});

/** A second Desk (another data folder: another copy of the app) on the same provider account, synced once. */
async function deskOnSandboxShared(sb: RunningSandbox): Promise<Desk> {
  const dir = mkdtempSync(join(tmpdir(), 'changed-second-'));
  const desk = await Desk.open({ dataDir: dir, vault: new MemoryVault('tests-second'), background: false });
  closers.push(async () => {
    await desk.dispose();
    rmSync(dir, { recursive: true, force: true });
  });
  await desk.call('accounts.add', {
    name: 'Main', baseUrl: sb.baseUrl, altBaseUrl: sb.altBaseUrl, clientId: sb.clientId, username: sb.username, clientSecret: sb.clientSecret, password: sb.password,
  });
  await desk.call('sync.run');
  return desk;
}
