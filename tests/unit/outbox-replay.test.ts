/** The Replayer against a scripted in-memory provider: order, dependencies, outcomes, pause, crash recovery. */
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openOutbox, Replayer, type Outbox, type ReplayerOptions } from '../../electron/core/outbox/index.js';
import { apiError, FakeClient, manualClock, outboxFile, stats } from './outbox-fixtures.js';

let file: string;
let outbox: Outbox;
let client: FakeClient;
let clock: ReturnType<typeof manualClock>;

beforeEach(() => {
  file = outboxFile();
  clock = manualClock();
  outbox = openOutbox(file, { now: clock.now });
  client = new FakeClient();
});
afterEach(() => outbox.dispose());

const replayer = (options: ReplayerOptions = {}) => new Replayer(outbox, client, { backoff: { baseMs: 1_000, maxMs: 60_000 }, ...options });
const update = (contactid: number | `local:${number}`, city: string) => outbox.enqueue({ kind: 'update-contact', params: { contactid, city } });

describe('order and concurrency', () => {
  it('replays one record in entry order and different records side by side, at most `concurrency` at once', async () => {
    for (const city of ['A', 'B', 'C']) await update(1, city);
    for (const id of [2, 3, 4, 5, 6]) await update(id, 'X');
    const report = await replayer({ concurrency: 3 }).run();
    expect(report).toMatchObject({ sent: 8, busy: false, paused: null, nextDueAt: null });
    expect(client.callsOf('updateContact').filter((p) => p.contactid === 1).map((p) => p.city)).toEqual(['A', 'B', 'C']);
    expect(client.maxInProgress).toBe(3);
    expect(outbox.counts().done).toBe(8);
  });

  it('holds later edits of a record behind an earlier one that failed, until it is fixed', async () => {
    const first = await update(1, 'A');
    const second = await update(1, 'B');
    client.script('updateContact', apiError('rejected', 'update-contact', { message: 'Invalid Country Code' }));
    await replayer().run();
    expect(outbox.get(first.id)).toMatchObject({ state: 'failed', lastError: { kind: 'rejected', message: 'Invalid Country Code' } });
    expect(outbox.get(second.id)).toMatchObject({ state: 'queued', waitingFor: `waiting for #${first.id} (update-contact, failed)` });
    expect(client.callsOf('updateContact')).toHaveLength(1);
    outbox.retry(first.id);
    await replayer().run();
    expect(client.callsOf('updateContact').map((p) => p.city)).toEqual(['A', 'A', 'B']);
  });

  it('marks an entry sending, on disk, before its request goes out', async () => {
    const entry = await update(1, 'A');
    const seenByOtherConnection: string[] = [];
    client.onCall = () => {
      const other = openOutbox(file);
      seenByOtherConnection.push(other.get(entry.id).state);
      other.dispose();
    };
    await replayer().run();
    expect(seenByOtherConnection).toEqual(['sending']);
    expect(outbox.get(entry.id)).toMatchObject({ state: 'done', attempts: 1, sentAt: clock.now() });
  });

  it('confirms invoices and orders one at a time, recording the statistics before each invoice', async () => {
    client.invoiceStats = stats([2, 5000]);
    const invoice = await outbox.enqueue({ kind: 'create-invoice', params: { items: [{ description: 'x', amount: '1.00' }] } });
    await outbox.enqueue({ kind: 'add-order', params: { pid: [1] } });
    await update(9, 'elsewhere');
    await replayer({ concurrency: 4 }).run();
    // The order's number is read once it is placed, for its confirmation.
    expect(client.ops()).toEqual(['getClientsDetails', 'updateContact', 'createInvoice', 'addOrder', 'getOrders']);
    const db = new Database(file);
    const { precheck } = db.prepare('SELECT precheck FROM entries WHERE id = ?').get(invoice.id) as { precheck: string };
    db.close();
    expect(JSON.parse(precheck).Unpaid).toEqual({ count: 2, cents: 5000 });
  });
});

describe('local ids', () => {
  it('sends dependents after their create, with the server id', async () => {
    const contact = await outbox.enqueue({ kind: 'add-contact', params: { firstname: 'Ada', email: 'ada@example.com' } });
    const edit = await update(contact.localId!, 'London');
    const ticket = await outbox.enqueue({ kind: 'open-ticket', params: { deptid: 1, subject: 'Hi', message: 'm', contactid: contact.localId! } });
    const reply = await outbox.enqueue({ kind: 'add-ticket-reply', params: { ticketid: ticket.localId!, message: 'more', contactid: contact.localId! } });
    const removal = await outbox.enqueue({ kind: 'delete-contact', params: { contactid: contact.localId! } });
    expect(outbox.get(ticket.id).waitingFor).toBe(`waiting for #${contact.id} (add-contact, queued) to give contactid its server id`);
    await replayer().run();
    const contactId = outbox.resolveId(contact.localId!)!;
    const ticketId = outbox.resolveId(ticket.localId!)!;
    expect(client.ops()).toEqual(['addContact', 'updateContact', 'openTicket', 'addTicketReply', 'deleteContact']);
    expect(client.callsOf('updateContact')[0]).toMatchObject({ contactid: contactId });
    expect(client.callsOf('openTicket')[0]).toMatchObject({ contactid: contactId });
    expect(client.callsOf('addTicketReply')[0]).toMatchObject({ ticketid: ticketId, contactid: contactId });
    expect(client.callsOf('deleteContact')[0]).toEqual({ contactid: contactId });
    for (const entry of [contact, edit, ticket, reply, removal]) expect(outbox.get(entry.id).state).toBe('done');
    expect(outbox.get(reply.id).recordKey).toBe(`ticket:${ticketId}`);
  });

  it('keeps dependents waiting while their create is refused', async () => {
    const contact = await outbox.enqueue({ kind: 'add-contact', params: { firstname: 'Ada', country: 'XX' } });
    const ticket = await outbox.enqueue({ kind: 'open-ticket', params: { deptid: 1, subject: 'Hi', message: 'm', contactid: contact.localId! } });
    client.script('addContact', apiError('rejected', 'add-contact', { message: 'Invalid Country Code' }));
    await replayer().run();
    expect(outbox.get(contact.id).state).toBe('failed');
    expect(outbox.get(ticket.id)).toMatchObject({ state: 'queued', waitingFor: `waiting for #${contact.id} (add-contact, failed) to give contactid its server id` });
    expect(client.ops()).toEqual(['addContact']);
  });

  it('sends a needs-review to dependents of a create that gave no id', async () => {
    const ticket = await outbox.enqueue({ kind: 'open-ticket', params: { deptid: 1, subject: 'Hi', message: 'm' } });
    const reply = await outbox.enqueue({ kind: 'add-ticket-reply', params: { ticketid: ticket.localId!, message: 'more' } });
    client.script('openTicket', () => ({ id: null, tid: null, c: null }));
    await replayer().run();
    expect(outbox.get(ticket.id).state).toBe('done');
    expect(outbox.get(reply.id)).toMatchObject({ state: 'needs_review', lastError: { kind: 'dependency' } });
  });
});

describe('outcomes', () => {
  it('queues a write again after a transient failure, with exponential backoff', async () => {
    const entry = await update(1, 'A');
    client.script('updateContact', apiError('server', 'update-contact'), apiError('network', 'update-contact', { code: 'ECONNRESET' }));
    const start = clock.now();
    expect((await replayer().run()).nextDueAt).toBe(start + 1_000);
    expect(outbox.get(entry.id)).toMatchObject({ state: 'queued', attempts: 1, lastError: { kind: 'server' } });
    expect((await replayer().run()).sent).toBe(0);
    clock.advance(1_000);
    expect((await replayer().run()).nextDueAt).toBe(start + 1_000 + 2_000);
    clock.advance(2_000);
    await replayer().run();
    expect(outbox.get(entry.id)).toMatchObject({ state: 'done', attempts: 3, lastError: null });
  });

  it('waits at least as long as the provider asks after a 429', async () => {
    const entry = await update(1, 'A');
    client.script('updateContact', apiError('rate_limited', 'update-contact', { retryAfterMs: 30_000 }));
    await replayer().run();
    expect(outbox.get(entry.id)).toMatchObject({ state: 'queued', nextAttemptAt: clock.now() + 30_000 });
  });

  it('keeps a create whose reply was lost unconfirmed, then recognises it instead of sending it again', async () => {
    const entry = await outbox.enqueue({ kind: 'add-contact', params: { firstname: 'Ada', lastname: 'L', email: 'ada@example.com' } });
    client.script('addContact', (params) => {
      client.contacts.push({ ...client.contacts[0]!, id: 555, firstName: params.firstname, lastName: params.lastname, email: params.email });
      throw apiError('network', 'add-contact', { code: 'ECONNRESET' });
    });
    const report = await replayer().run();
    expect(outbox.get(entry.id)).toMatchObject({ state: 'sending', lastError: { kind: 'network' } });
    expect(report.nextDueAt).toBe(clock.now() + 1_000);
    clock.advance(1_000);
    expect(await replayer().run()).toMatchObject({ reconciled: 1, sent: 0 });
    expect(outbox.get(entry.id)).toMatchObject({ state: 'done', result: { contactId: 555, reconciled: true } });
    expect(client.callsOf('addContact')).toHaveLength(1);
  });

  it('queues a create again when the request provably never left', async () => {
    const a = await outbox.enqueue({ kind: 'add-contact', params: { firstname: 'Ada' } });
    const b = await outbox.enqueue({ kind: 'add-contact', params: { firstname: 'Bob' } });
    client.script('addContact', apiError('network', 'add-contact', { code: 'ECONNREFUSED' }), apiError('server', 'token'));
    await replayer().run();
    expect([outbox.get(a.id).state, outbox.get(b.id).state]).toEqual(['queued', 'queued']);
  });

  it('fails a refused write with the provider message; edit and retry send the new params', async () => {
    const entry = await outbox.enqueue({ kind: 'add-contact', params: { firstname: 'Ada', country: 'XX' } });
    client.script('addContact', apiError('rejected', 'add-contact', { message: 'Invalid Country Code' }));
    await replayer().run();
    expect(outbox.get(entry.id)).toMatchObject({ state: 'failed', lastError: { kind: 'rejected', message: 'Invalid Country Code' } });
    await outbox.edit(entry.id, { firstname: 'Ada', country: 'GB' });
    outbox.retry(entry.id);
    await replayer().run();
    expect(client.callsOf('addContact').map((p) => p.country)).toEqual(['XX', 'GB']);
    expect(outbox.get(entry.id).state).toBe('done');
  });

  it('counts deleting a contact that is already gone as done', async () => {
    const entry = await outbox.enqueue({ kind: 'delete-contact', params: { contactid: 8 } });
    client.script('deleteContact', apiError('rejected', 'delete-contact', { message: 'Contact ID Not Found' }));
    await replayer().run();
    expect(outbox.get(entry.id)).toMatchObject({ state: 'done', result: { contactId: 8, alreadyDeleted: true } });
  });

  it('pauses the whole queue on an auth failure until resumed', async () => {
    const a = await update(1, 'A');
    await update(2, 'B');
    client.script('updateContact', apiError('auth', 'update-contact', { message: 'signed out: sign-in refused' }));
    const r = replayer({ concurrency: 1 });
    const paused: string[] = [];
    r.on('paused', (reason) => paused.push(reason));
    expect(await r.run()).toMatchObject({ paused: 'signed out: sign-in refused', nextDueAt: null });
    expect(paused).toEqual(['signed out: sign-in refused']);
    expect(outbox.get(a.id)).toMatchObject({ state: 'queued', lastError: { kind: 'auth' } });
    expect(await r.run()).toMatchObject({ sent: 0, paused: 'signed out: sign-in refused' });
    expect(client.callsOf('updateContact')).toHaveLength(1);
    r.resume();
    expect(await r.run()).toMatchObject({ sent: 2, paused: null });
    expect(outbox.counts().done).toBe(2);
  });

  it('keeps one replayer per file: a second one is turned away while the first runs', async () => {
    await update(1, 'A');
    const release = client.hold('updateContact');
    const first = replayer().run();
    const other = openOutbox(file, { now: clock.now });
    expect(await new Replayer(other, client).run()).toMatchObject({ busy: true, sent: 0 });
    release();
    expect((await first).sent).toBe(1);
    expect((await new Replayer(other, client).run()).busy).toBe(false);
    other.dispose();
  });
});

describe('after a crash', () => {
  it('checks an entry left sending with the server before sending anything again', async () => {
    const entry = await outbox.enqueue({ kind: 'open-ticket', params: { deptid: 1, subject: 'Lost', message: 'm' } });
    outbox.journal.beginSend(entry.id, null, clock.now());
    outbox.dispose();

    outbox = openOutbox(file, { now: clock.now });
    expect(outbox.get(entry.id).state).toBe('sending');
    await replayer().run();
    expect(client.ops()).toEqual(['getTickets', 'openTicket']);
    expect(outbox.get(entry.id)).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('leaves the entry sending while the server cannot be asked', async () => {
    const entry = await outbox.enqueue({ kind: 'add-contact', params: { firstname: 'Ada', email: 'a@example.com' } });
    outbox.journal.beginSend(entry.id, null, clock.now());
    client.script('getContacts', apiError('network', 'get-contacts', { code: 'ECONNREFUSED' }));
    await replayer().run();
    expect(outbox.get(entry.id)).toMatchObject({ state: 'sending', lastError: { kind: 'network', message: expect.stringContaining('could not check whether it reached the server') } });
    expect(client.callsOf('addContact')).toHaveLength(0);
  });
});
