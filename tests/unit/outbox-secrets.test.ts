/**
 * The secret fields of queued edits, as each kind's definition names them (a sub-account's password2, an
 * order's EPP codes and root passwords, a ticket's access code, a domain's EPP code): sealed in the outbox file,
 * dropped from an entry once it is settled, masked wherever the outbox shows an entry.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openOutbox, Replayer, type Outbox, type OutboxEntry } from '../../electron/core/outbox/index.js';
import { AtRestCipher } from '../../electron/core/vault/at-rest-cipher.js';
import { SECRET_MASK } from '../../shared/outbox/secrets.js';
import { contact, FakeClient, manualClock, outboxFile } from './outbox-fixtures.js';

const PASSWORD = 'Sub-Secret-42';
const EPP = 'Transfer-Code-7x';
const ROOT = 'R00t-Secret!';

let file: string;
let outbox: Outbox;
const clock = manualClock();
beforeEach(() => {
  file = outboxFile();
  outbox = openOutbox(file, { now: clock.now, cipher: AtRestCipher.ephemeral() });
});
afterEach(() => outbox.dispose());

const addContact = () => outbox.enqueue({ kind: 'add-contact', params: { firstname: 'Sue', lastname: 'Sub', email: 'sue@example.com', password2: PASSWORD } });
const addOrder = () =>
  outbox.enqueue({ kind: 'add-order', params: { pid: [1], domain: ['moving.com', 'new.com'], domaintype: ['transfer', 'register'], eppcode: [EPP, ''], rootpw: [ROOT] } });

/** Whether any of the outbox's files (the database, its WAL) holds `text` in plain. */
function filesHold(text: string): boolean {
  return readdirSync(dirname(file)).some((name) => readFileSync(join(dirname(file), name)).includes(text));
}

function storedRow(id: number): { params: Record<string, unknown>; result: string | null } {
  const db = new Database(file, { readonly: true });
  try {
    const row = db.prepare('SELECT params, result FROM entries WHERE id = ?').get(id) as { params: string; result: string | null };
    return { params: JSON.parse(row.params) as Record<string, unknown>, result: row.result };
  } finally {
    db.close();
  }
}

const sealed = expect.stringMatching(/^sealed:v1:/);

describe('secret params', () => {
  it('are sealed at rest while queued, and go out in plain text', async () => {
    const contactEntry = await addContact();
    const order = await addOrder();
    for (const secret of [PASSWORD, EPP, ROOT]) expect(filesHold(secret), secret).toBe(false);
    expect(storedRow(contactEntry.id).params).toEqual({ firstname: 'Sue', lastname: 'Sub', email: 'sue@example.com', password2: sealed });
    expect(storedRow(order.id).params).toMatchObject({ domain: ['moving.com', 'new.com'], eppcode: sealed, rootpw: sealed });

    const client = new FakeClient();
    await new Replayer(outbox, client).run();
    expect(client.callsOf('addContact')[0]).toMatchObject({ password2: PASSWORD });
    expect(client.callsOf('addOrder')[0]).toMatchObject({ eppcode: [EPP, ''], rootpw: [ROOT] });
  });

  it('are dropped once the entry is done: confirmed, reconciled as done, or marked applied', async () => {
    const confirmed = await addOrder();
    await new Replayer(outbox, new FakeClient()).run();
    expect(outbox.get(confirmed.id).state).toBe('done');
    expect(storedRow(confirmed.id).params).toEqual({ pid: [1], domain: ['moving.com', 'new.com'], domaintype: ['transfer', 'register'] });

    // Found `sending` (its reply lost), then matched on the server.
    const reconciled = await addContact();
    outbox.journal.beginSend(reconciled.id, null, clock.now());
    const client = new FakeClient();
    client.contacts = [contact({ id: 41, firstName: 'Sue', lastName: 'Sub', email: 'sue@example.com' })];
    await new Replayer(outbox, client).run();
    expect(outbox.get(reconciled.id)).toMatchObject({ state: 'done', result: { contactId: 41, reconciled: true } });
    expect(storedRow(reconciled.id).params).not.toHaveProperty('password2');

    const applied = await outbox.enqueue({ kind: 'update-contact', params: { contactid: 7, password2: PASSWORD } });
    outbox.journal.beginSend(applied.id, null, clock.now());
    outbox.journal.review(applied.id, { kind: 'reconciliation', message: 'cannot tell' }, clock.now());
    outbox.markApplied(applied.id);
    expect(storedRow(applied.id).params).toEqual({ contactid: 7 });
  });

  it('are masked in every entry the outbox returns, their places kept', async () => {
    const events: OutboxEntry[] = [];
    outbox.on('changed', (entry) => events.push(entry));
    const entries = [await addContact(), await addOrder()];
    const shown = [...entries, ...outbox.list(), ...outbox.pending(), ...entries.map((e) => outbox.get(e.id)), ...events];
    for (const entry of shown) {
      if (entry.kind === 'add-contact') expect(entry.params.password2).toBe(SECRET_MASK);
      if (entry.kind === 'add-order') expect(entry.params).toMatchObject({ eppcode: [SECRET_MASK, ''], rootpw: [SECRET_MASK], domain: ['moving.com', 'new.com'] });
    }
    expect(JSON.stringify(shown)).not.toMatch(new RegExp(`${PASSWORD}|${EPP}|${ROOT}`));
  });

  it('given back as shown (masked) on edit, keep the secret stored; given anew, replace it', async () => {
    const entry = await addContact();
    // eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- an entry's masked params sent back as an edit, as a front end would
    await outbox.edit(entry.id, { ...outbox.get(entry.id).params, lastname: 'Subbed' } as Record<string, unknown>);
    const order = await addOrder();
    // eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- an entry's masked params sent back as an edit, as a front end would
    await outbox.edit(order.id, { ...outbox.get(order.id).params, eppcode: ['New-Code-3', ''] } as Record<string, unknown>);
    const client = new FakeClient();
    await new Replayer(outbox, client).run();
    expect(client.callsOf('addContact')[0]).toMatchObject({ lastname: 'Subbed', password2: PASSWORD });
    expect(client.callsOf('addOrder')[0]).toMatchObject({ eppcode: ['New-Code-3', ''], rootpw: [ROOT] });
  });

  it('sealed under a key since lost (no keychain kept it), fail the entry, saying which, and nothing is sent', async () => {
    const entry = await addContact();
    outbox.dispose();
    outbox = openOutbox(file, { now: clock.now, cipher: AtRestCipher.ephemeral() });
    const client = new FakeClient();
    await new Replayer(outbox, client).run();
    expect(outbox.get(entry.id)).toMatchObject({ state: 'failed', lastError: { kind: 'internal', message: expect.stringContaining('password2 was sealed with a key that is gone') } });
    expect(client.callsOf('addContact')).toEqual([]);
  });
});

describe('secret results', () => {
  it("a ticket's access code is sealed at rest and masked where the entry is shown", async () => {
    const entry = await outbox.enqueue({ kind: 'open-ticket', params: { deptid: 1, subject: 'Help', message: 'Please' } });
    const client = new FakeClient().script('openTicket', () => ({ id: 900, tid: '555111', c: 'Access-Code-9' }));
    await new Replayer(outbox, client).run();
    expect(outbox.get(entry.id).result).toEqual({ id: 900, tid: '555111', c: SECRET_MASK });
    expect(JSON.parse(storedRow(entry.id).result!)).toEqual({ id: 900, tid: '555111', c: sealed });
    expect(filesHold('Access-Code-9')).toBe(false);
  });

  it("an EPP code is sealed at rest and masked in the entry; the engine's change event carries it (the mirror keeps it, sealed)", async () => {
    const events: OutboxEntry[] = [];
    outbox.on('changed', (e) => events.push(e));
    const entry = await outbox.enqueue({ kind: 'domain-request-epp', params: { domainname: 'example.com' } });
    const code = { delivery: 'returned' as const, eppCode: 'Epp&Code-1', eppCodeRaw: 'Epp&amp;Code-1' };
    await new Replayer(outbox, new FakeClient().script('domainRequestEpp', () => code)).run();
    expect(outbox.get(entry.id).result).toEqual({ delivery: 'returned', eppCode: SECRET_MASK, eppCodeRaw: SECRET_MASK });
    expect(events.at(-1)).toMatchObject({ state: 'done', result: code });
    expect(filesHold('Epp&Code-1') || filesHold('Epp&amp;Code-1')).toBe(false);
  });

  it('a result sealed whole by an earlier version still opens', async () => {
    const entry = await outbox.enqueue({ kind: 'domain-request-epp', params: { domainid: 3 } });
    await new Replayer(outbox, new FakeClient()).run();
    const cipher = AtRestCipher.ephemeral();
    outbox.dispose();
    const db = new Database(file);
    db.prepare('UPDATE entries SET result = ? WHERE id = ?').run(cipher.seal(JSON.stringify({ delivery: 'returned', eppCode: 'Old-1', eppCodeRaw: 'Old-1' })), entry.id);
    db.close();
    outbox = openOutbox(file, { now: clock.now, cipher });
    expect(outbox.get(entry.id).result).toEqual({ delivery: 'returned', eppCode: SECRET_MASK, eppCodeRaw: SECRET_MASK });
  });
});
