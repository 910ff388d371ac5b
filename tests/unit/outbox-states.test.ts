/** The entry state machine as the outbox's public API exposes it: allowed moves, refused ones, events. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENTRY_STATES, openOutbox, OutboxError, type Outbox, type OutboxEntry } from '../../electron/core/outbox/index.js';
import { allows, canMove, type EntryAction, type EntryState } from '../../shared/outbox/states.js';
import { manualClock, outboxFile } from './outbox-fixtures.js';

let outbox: Outbox;
const clock = manualClock();
beforeEach(() => {
  outbox = openOutbox(outboxFile(), { now: clock.now });
});
afterEach(() => outbox.dispose());

const addContact = () => outbox.enqueue({ kind: 'add-contact', params: { firstname: 'Ada', lastname: 'Lovelace', password2: 'pw-Secret1' } });
const updateContact = (contactid: number | `local:${number}`) => outbox.enqueue({ kind: 'update-contact', params: { contactid, city: 'London' } });

/** Moves an entry to sending, then to a state the replayer would, through the journal. */
function send(entry: OutboxEntry) {
  const row = outbox.journal.beginSend(entry.id, null, clock.now());
  expect(row?.state).toBe('sending');
}

describe('enqueue', () => {
  it('queues with a derived record key; creates get their local id at once', async () => {
    const created = await addContact();
    expect(created).toMatchObject({ state: 'queued', kind: 'add-contact', attempts: 0, localId: `local:${created.id}`, recordKey: `contact:local:${created.id}` });
    const edit = await updateContact(created.localId!);
    expect(edit).toMatchObject({ localId: null, recordKey: `contact:local:${created.id}`, waitingFor: `waiting for #${created.id} (add-contact, queued)` });
    const epp = await outbox.enqueue({ kind: 'domain-request-epp', params: { domainname: 'Example.COM' } });
    expect(epp.recordKey).toBe('domain:example.com');
    const reply = await outbox.enqueue({ kind: 'add-ticket-reply', params: { ticketid: 45, message: 'hi' } });
    expect(reply.recordKey).toBe('ticket:45');
  });

  it('gives ids that only grow, also across reopening', async () => {
    const file = outboxFile();
    const first = openOutbox(file);
    const a = await first.enqueue({ kind: 'delete-contact', params: { contactid: 1 } });
    first.discard(a.id);
    first.dispose();
    const second = openOutbox(file);
    const b = await second.enqueue({ kind: 'delete-contact', params: { contactid: 2 } });
    expect(b.id).toBeGreaterThan(a.id);
    expect(second.list().map((e) => e.state)).toEqual(['cancelled', 'queued']);
    second.dispose();
  });
});

describe('transitions', () => {
  it('matches the documented state machine', () => {
    const allowed = ENTRY_STATES.flatMap((from) => ENTRY_STATES.filter((to) => canMove(from, to)).map((to) => `${from}→${to}`));
    expect(allowed).toEqual([
      'queued→queued', 'queued→sending', 'queued→done', 'queued→needs_review', 'queued→conflict', 'queued→cancelled',
      'sending→queued', 'sending→sending', 'sending→done', 'sending→failed', 'sending→needs_review', 'sending→conflict',
      'failed→queued', 'failed→failed', 'failed→needs_review', 'failed→cancelled',
      'needs_review→queued', 'needs_review→done', 'needs_review→needs_review', 'needs_review→cancelled',
      'conflict→queued', 'conflict→conflict', 'conflict→cancelled',
    ]);
  });

  it('discards queued entries but never deletes them; refuses to discard twice', async () => {
    const entry = await updateContact(5);
    expect(outbox.discard(entry.id).state).toBe('cancelled');
    expect(outbox.list().map((e) => e.id)).toEqual([entry.id]);
    expect(() => outbox.discard(entry.id)).toThrow(OutboxError);
    expect(() => outbox.retry(entry.id)).toThrow('only failed or needs review entries can be retried');
    await expect(outbox.edit(entry.id, { contactid: 5, city: 'Paris' })).rejects.toThrow('is cancelled');
  });

  it('refuses to discard, edit or retry an entry being sent', async () => {
    const entry = await updateContact(5);
    send(entry);
    expect(() => outbox.discard(entry.id)).toThrow('is being sent');
    await expect(outbox.edit(entry.id, { contactid: 5, city: 'Paris' })).rejects.toThrow('is sending');
    expect(() => outbox.retry(entry.id)).toThrow(OutboxError);
  });

  it('lets a failed entry be edited (staying failed) and retried (queued, error cleared)', async () => {
    const entry = await updateContact(5);
    send(entry);
    outbox.journal.fail(entry.id, { kind: 'rejected', message: 'Invalid Country Code' }, clock.now());
    expect(outbox.get(entry.id)).toMatchObject({ state: 'failed', attempts: 1, lastError: { kind: 'rejected', message: 'Invalid Country Code' } });
    const edited = await outbox.edit(entry.id, { contactid: 5, city: 'Paris' });
    expect(edited).toMatchObject({ state: 'failed', params: { contactid: 5, city: 'Paris' } });
    expect(() => outbox.retry(99_999)).toThrow('no outbox entry #99999');
    expect(outbox.retry(entry.id)).toMatchObject({ state: 'queued', lastError: null, nextAttemptAt: clock.now() });
  });

  it('refuses everything once done', async () => {
    const entry = await updateContact(5);
    send(entry);
    outbox.journal.complete(entry.id, { contactId: 5 }, null, clock.now());
    expect(outbox.get(entry.id)).toMatchObject({ state: 'done', result: { contactId: 5 } });
    expect(() => outbox.discard(entry.id)).toThrow('only queued, failed, needs review or conflict entries can be discarded');
    expect(() => outbox.retry(entry.id)).toThrow(OutboxError);
    await expect(outbox.edit(entry.id, { contactid: 5, city: 'Paris' })).rejects.toThrow(OutboxError);
  });

  it('drops secrets from the params once an entry is settled', async () => {
    const entry = await addContact();
    expect(outbox.get(entry.id).params).toHaveProperty('password2');
    outbox.discard(entry.id);
    expect(outbox.get(entry.id).params).toEqual({ firstname: 'Ada', lastname: 'Lovelace' });
  });
});

describe('entries that depend on a create', () => {
  it('go to needs_review when the create is discarded, and can be retried only once edited', async () => {
    const created = await addContact();
    const edit = await updateContact(created.localId!);
    const ticket = await outbox.enqueue({ kind: 'open-ticket', params: { deptid: 1, subject: 's', message: 'm', contactid: created.localId! } });
    outbox.discard(created.id);
    for (const id of [edit.id, ticket.id]) {
      expect(outbox.get(id)).toMatchObject({
        state: 'needs_review',
        lastError: { kind: 'dependency', message: `it refers to #${created.id} (add-contact), which was discarded: edit or discard it` },
      });
    }
    expect(() => outbox.retry(edit.id)).toThrow(`refers to ${created.localId} in contactid, which will never get a server id`);
    await outbox.edit(edit.id, { contactid: 77, city: 'London' });
    expect(outbox.retry(edit.id)).toMatchObject({ state: 'queued', recordKey: 'contact:77' });
  });

  it('take the server id in place of the local id when the create is done', async () => {
    const created = await addContact();
    const edit = await updateContact(created.localId!);
    send(created);
    outbox.journal.complete(created.id, { contactId: 123 }, 123, clock.now());
    expect(outbox.get(edit.id)).toMatchObject({ recordKey: 'contact:123', params: { contactid: 123 }, waitingFor: null });
    expect(outbox.get(created.id).recordKey).toBe('contact:123');
    expect(outbox.resolveId(created.localId!)).toBe(123);
    expect(outbox.list({ recordKey: `contact:${created.localId}` }).map((e) => e.id)).toEqual([created.id, edit.id]);
    // New edits of the local contact go straight to the server id.
    expect((await updateContact(created.localId!)).params).toMatchObject({ contactid: 123 });
  });
});

describe('the action rules front ends read (shared/outbox/states.ts)', () => {
  /** An entry brought to each state through the journal, as sending leaves it. */
  let contact = 100;
  async function inState(state: EntryState): Promise<OutboxEntry> {
    // A contact of its own each time: entries of one record are sent in order.
    const entry = await updateContact(++contact);
    if (state === 'queued') return entry;
    if (state === 'cancelled') return outbox.discard(entry.id);
    send(entry);
    if (state === 'failed') outbox.journal.fail(entry.id, { kind: 'rejected', message: 'Invalid Country Code' }, clock.now());
    if (state === 'needs_review') outbox.journal.review(entry.id, { kind: 'reconciliation', message: 'could not tell' }, clock.now());
    if (state === 'done') outbox.journal.complete(entry.id, { contactId: contact }, null, clock.now());
    return outbox.get(entry.id);
  }
  const DO: Record<Exclude<EntryAction, 'fix'>, (id: number) => unknown> = {
    retry: (id) => outbox.retry(id),
    markApplied: (id) => outbox.markApplied(id),
    resolve: (id) => outbox.resolve(id, 'mine'),
    discard: (id) => outbox.discard(id),
  };

  it.each(['queued', 'sending', 'failed', 'needs_review', 'done', 'cancelled'] as const)('the engine does in %s exactly what allows() offers', async (state) => {
    for (const action of ['retry', 'markApplied', 'resolve', 'discard'] as const) {
      const entry = await inState(state);
      expect(entry.state).toBe(state);
      if (allows(state, action)) expect(() => DO[action](entry.id), `${action} in ${state}`).not.toThrow();
      else expect(() => DO[action](entry.id), `${action} in ${state}`).toThrow(OutboxError);
    }
    // Fix is an edit then a send: offered only where an edit is taken.
    expect(allows(state, 'fix')).toBe(state === 'failed');
  });
});

describe('marking an entry that needs review as applied', () => {
  /** An entry whose request may have gone through, as a crash leaves it once reconciliation could not tell. */
  function inReview(entry: OutboxEntry) {
    send(entry);
    outbox.journal.review(entry.id, { kind: 'reconciliation', message: 'could not tell whether it went through' }, clock.now());
  }

  it('settles it as done, with no result, and only from needs_review', async () => {
    const entry = await updateContact(5);
    expect(() => outbox.markApplied(entry.id)).toThrow('only needs review entries can be marked applied');
    inReview(entry);
    expect(() => outbox.markApplied(entry.id, 9)).toThrow('creates nothing: it takes no server id');
    expect(outbox.markApplied(entry.id)).toMatchObject({ state: 'done', result: null, lastError: null });
    expect(() => outbox.markApplied(entry.id)).toThrow('is done');
    expect(() => outbox.markApplied(99_999)).toThrow('no outbox entry #99999');
  });

  it("gives a create the server id the user found, and the edits queued against it go to that id", async () => {
    const created = await addContact();
    const edit = await updateContact(created.localId!);
    inReview(created);
    expect(outbox.markApplied(created.id, 321)).toMatchObject({ state: 'done', recordKey: 'contact:321' });
    expect(outbox.resolveId(created.localId!)).toBe(321);
    expect(outbox.get(edit.id)).toMatchObject({ state: 'queued', params: { contactid: 321 }, waitingFor: null });
    expect(outbox.get(created.id).params).not.toHaveProperty('password2');
  });

  it('refuses a server id another create already has; without an id, the edits that need one go to review', async () => {
    const first = await addContact();
    send(first);
    outbox.journal.complete(first.id, { contactId: 321 }, 321, clock.now());
    const second = await addContact();
    const edit = await updateContact(second.localId!);
    inReview(second);
    expect(() => outbox.markApplied(second.id, 321)).toThrow('id 321 is already the server id of another add-contact entry');
    expect(outbox.get(second.id).state).toBe('needs_review');
    outbox.markApplied(second.id);
    expect(outbox.get(edit.id)).toMatchObject({ state: 'needs_review', lastError: { kind: 'dependency' } });
  });
});

describe('queries and events', () => {
  it('counts, filters and lists pending entries', async () => {
    const a = await updateContact(5);
    await updateContact(6);
    const c = await outbox.enqueue({ kind: 'delete-contact', params: { contactid: 7 } });
    outbox.discard(c.id);
    expect(outbox.counts()).toEqual({ queued: 2, sending: 0, done: 0, failed: 0, needs_review: 0, conflict: 0, cancelled: 1 });
    expect(outbox.pending().map((e) => e.recordKey)).toEqual(['contact:5', 'contact:6']);
    expect(outbox.list({ states: ['cancelled'] }).map((e) => e.id)).toEqual([c.id]);
    expect(outbox.list({ kind: 'update-contact', recordKey: 'contact:5' }).map((e) => e.id)).toEqual([a.id]);
  });

  it('reports every change, including dependents moved by a discard', async () => {
    const seen: string[] = [];
    outbox.on('changed', (entry) => seen.push(`#${entry.id} ${entry.state}`));
    const created = await addContact();
    const edit = await updateContact(created.localId!);
    outbox.discard(created.id);
    expect(seen).toEqual([`#${created.id} queued`, `#${edit.id} queued`, `#${created.id} cancelled`, `#${edit.id} needs_review`]);
  });
});
