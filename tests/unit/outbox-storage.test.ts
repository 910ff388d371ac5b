/** The outbox file: migrations, attachment bytes kept in the database, what survives a reopen. */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../electron/core/outbox/database.js';
import { openOutbox, Replayer, type StoredAttachment } from '../../electron/core/outbox/index.js';
import { migrate, SchemaVersionError } from '../../electron/core/sqlite.js';
import { FakeClient, outboxFile } from './outbox-fixtures.js';

function raw(file: string) {
  return new Database(file);
}

describe('migrations', () => {
  it('creates the schema at the latest version in WAL mode, and reopens without migrating again', async () => {
    const file = outboxFile();
    const outbox = openOutbox(file);
    await outbox.enqueue({ kind: 'delete-contact', params: { contactid: 1 } });
    outbox.dispose();
    const db = raw(file);
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(['attachments', 'entries', 'id_map', 'replay_lease']));
    db.close();
    const reopened = openOutbox(file);
    expect(reopened.list()).toHaveLength(1);
    reopened.dispose();
  });

  it('brings a version-3 file to 4 (issue 34) with every entry, its attachments, its server id and the id sequence kept', () => {
    const file = outboxFile();
    const old = raw(file);
    old.pragma('foreign_keys = ON');
    migrate(old, MIGRATIONS.slice(0, 3));
    const insert = old.prepare(
      `INSERT INTO entries (kind, record_key, params, state, created_at, updated_at, next_attempt_at) VALUES (?, ?, ?, ?, 1, 1, 1)`,
    );
    insert.run('add-contact', 'contact:local:1', '{"firstname":"Ann"}', 'done');
    insert.run('open-ticket', 'ticket:local:2', '{"deptid":1,"subject":"s","message":"m","attachments":[{"attachmentId":1,"name":"a.txt","size":2}]}', 'queued');
    insert.run('delete-contact', 'contact:9', '{"contactid":9}', 'cancelled');
    old.prepare('DELETE FROM entries WHERE id = 3').run();
    old.prepare("INSERT INTO attachments (entry_id, name, data) VALUES (2, 'a.txt', x'6869')").run();
    old.prepare('INSERT INTO id_map (entry_id, server_id) VALUES (1, 77)').run();
    old.close();

    const outbox = openOutbox(file);
    expect(outbox.list().map((e) => [e.id, e.kind, e.state, e.base, e.conflict])).toEqual([
      [1, 'add-contact', 'done', null, null],
      [2, 'open-ticket', 'queued', null, null],
    ]);
    expect(outbox.resolveId('local:1')).toBe(77);
    // Ids are never given twice: the one removed by hand is not given again.
    expect(outbox.lastEntryId()).toBe(3);
    outbox.dispose();
    const db = raw(file);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.prepare('SELECT entry_id, name, hex(data) AS data FROM attachments').all()).toEqual([{ entry_id: 2, name: 'a.txt', data: '6869' }]);
    expect(() => db.prepare("UPDATE entries SET state = 'conflict' WHERE id = 2").run()).not.toThrow();
    expect(() => db.prepare("UPDATE entries SET state = 'lost' WHERE id = 2").run()).toThrow(/CHECK constraint/);
    db.close();
  });

  it('refuses a file from a newer version of the app instead of guessing', () => {
    const file = outboxFile();
    openOutbox(file).dispose();
    const db = raw(file);
    db.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    db.close();
    expect(() => openOutbox(file)).toThrow(SchemaVersionError);
  });
});

describe('attachments', () => {
  it('keeps the bytes of a queued ticket in the database: they survive a reopen', async () => {
    const file = outboxFile();
    const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256);
    const outbox = openOutbox(file);
    const entry = await outbox.enqueue({
      kind: 'open-ticket',
      params: { deptid: 1, subject: 'Scan', message: 'see attached', attachments: [{ name: 'scan.pdf', data: bytes }, { name: 'note.txt', data: new TextEncoder().encode('hello') }] },
    });
    expect(entry.params.attachments).toEqual([
      { attachmentId: expect.any(Number), name: 'scan.pdf', size: 70_000 },
      { attachmentId: expect.any(Number), name: 'note.txt', size: 5 },
    ]);
    outbox.dispose();

    const reopened = openOutbox(file);
    const client = new FakeClient();
    await new Replayer(reopened, client).run();
    const sent = client.callsOf('openTicket')[0].attachments;
    expect(sent.map((a: any) => a.name)).toEqual(['scan.pdf', 'note.txt']);
    expect(Buffer.from(sent[0].data).equals(Buffer.from(bytes))).toBe(true);
    expect(new TextDecoder().decode(sent[1].data)).toBe('hello');
    // Once the server has them, the outbox lets the bytes go (the entry still lists the names).
    const db = raw(file);
    expect(db.prepare('SELECT COUNT(*) AS n FROM attachments').get()).toEqual({ n: 0 });
    db.close();
    expect((reopened.get(entry.id).params as { attachments: StoredAttachment[] }).attachments.map((a) => a.name)).toEqual(['scan.pdf', 'note.txt']);
    reopened.dispose();
  });

  it('keeps stored attachments an edit lists, adds new ones and drops the rest', async () => {
    const file = outboxFile();
    const outbox = openOutbox(file);
    const entry = await outbox.enqueue({
      kind: 'add-ticket-reply',
      params: { ticketid: 4, message: 'v1', attachments: [{ name: 'a.txt', data: new Uint8Array([1]) }, { name: 'b.txt', data: new Uint8Array([2]) }] },
    });
    const [a, b] = entry.params.attachments as StoredAttachment[];
    const edited = await outbox.edit(entry.id, { ticketid: 4, message: 'v2', attachments: [b!, { name: 'c.txt', data: new Uint8Array([3, 3]) }] });
    expect(edited.params).toEqual({
      ticketid: 4,
      message: 'v2',
      attachments: [b, { attachmentId: expect.any(Number), name: 'c.txt', size: 2 }],
    });
    const db = raw(file);
    expect((db.prepare('SELECT name FROM attachments ORDER BY id').all() as { name: string }[]).map((r) => r.name)).toEqual(['b.txt', 'c.txt']);
    db.close();
    await expect(outbox.edit(entry.id, { ticketid: 4, message: 'v3', attachments: [a!] })).rejects.toThrow(
      `add-ticket-reply: attachments[0]: attachment ${a!.attachmentId} is not stored with this entry`,
    );
    await outbox.edit(entry.id, { ticketid: 4, message: 'no attachments after all' });
    const after = raw(file);
    expect(after.prepare('SELECT COUNT(*) AS n FROM attachments').get()).toEqual({ n: 0 });
    after.close();
    outbox.dispose();
  });
});

describe('the pending entries', () => {
  it('are read again after a write of this outbox, of another process or straight to the file, and kept between', async () => {
    const file = outboxFile();
    const outbox = openOutbox(file);
    const other = openOutbox(file);
    const first = await outbox.enqueue({ kind: 'delete-contact', params: { contactid: 1 } });
    const read = outbox.pending();
    expect(read.map((e) => e.id)).toEqual([first.id]);
    // No write since: the same read.
    expect(outbox.pending()).toBe(read);

    const second = await other.enqueue({ kind: 'update-contact', params: { contactid: 1, city: 'Rovereto' } });
    expect(outbox.pending().map((e) => [e.id, e.waitingFor])).toEqual([
      [first.id, null],
      [second.id, `waiting for #${first.id} (delete-contact, queued)`],
    ]);

    outbox.discard(first.id);
    expect(outbox.pending().map((e) => [e.id, e.waitingFor])).toEqual([[second.id, null]]);

    const db = raw(file);
    db.prepare("UPDATE entries SET state = 'done' WHERE id = ?").run(second.id);
    db.close();
    expect(outbox.pending()).toEqual([]);
    outbox.dispose();
    other.dispose();
  });
});
