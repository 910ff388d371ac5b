/**
 * Queue offline, replay online, against the sandbox over real HTTP: every edit applied exactly once, local
 * ids mapped, attachment bytes delivered; refusals and sign-in failures handled.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overlay, Replayer } from '../../../electron/core/outbox/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { clientFor, closedPortUrl, count, FAST, outboxFile, replaying, rows, startSandbox } from './harness.js';

let sb: RunningSandbox;
let demo: number;
beforeAll(async () => {
  sb = await startSandbox();
  demo = sb.accounts[0]!.userid;
});
afterAll(() => sb.stop());

describe('queued offline, replayed online', () => {
  it('keeps every edit queued and visible while offline, then applies each exactly once', async () => {
    const { client: online } = await clientFor(sb);
    const mirror = (await online.getContacts({ limitnum: 250 })).items;
    const [kept, removed] = [mirror[0]!, mirror[1]!];
    const domain = rows(sb, 'SELECT id FROM domains WHERE userid = ? AND eppcode IS NOT NULL AND registrar_error IS NULL LIMIT 1', demo)[0];
    const file = outboxFile();
    const scan = join(dirname(file), 'scan.pdf');
    const scanBytes = Uint8Array.from({ length: 50_000 }, (_, i) => (i * 7 + 3) % 256);
    writeFileSync(scan, scanBytes);

    // Offline: the client's base URLs refuse connections.
    const offlineUrl = await closedPortUrl();
    const { client: offline } = await clientFor(sb, { baseUrl: offlineUrl, altBaseUrl: offlineUrl });
    const { outbox, replayer } = replaying(file, offline);
    const contact = await outbox.enqueue({ kind: 'add-contact', params: { firstname: 'Olive', lastname: 'Offline', email: 'olive.offline@example.com', country: 'GB' } });
    await outbox.enqueue({ kind: 'update-contact', params: { contactid: contact.localId!, city: 'Leeds' } });
    await outbox.enqueue({ kind: 'update-contact', params: { contactid: kept.id, companyname: 'Renamed Offline Ltd' } });
    await outbox.enqueue({ kind: 'delete-contact', params: { contactid: removed.id } });
    const ticket = await outbox.enqueue({
      kind: 'open-ticket',
      params: { deptid: 2, subject: 'Offline ticket with scan', message: 'Written on a train', contactid: contact.localId!, attachments: [{ name: 'scan.pdf', type: 'application/pdf', data: readFileSync(scan) }, { name: 'note.txt', data: new TextEncoder().encode('see scan') }] },
    });
    rmSync(scan);
    await outbox.enqueue({ kind: 'add-ticket-reply', params: { ticketid: ticket.localId!, message: 'One more thing' } });
    await outbox.enqueue({ kind: 'create-invoice', params: { items: [{ description: 'Offline consulting', amount: '120.00' }], notes: 'offline' } });
    await outbox.enqueue({ kind: 'add-order', params: { pid: [7], domain: ['olive-offline.org'] } });
    const epp = await outbox.enqueue({ kind: 'domain-request-epp', params: { domainid: domain.id } });

    const before = { contacts: count(sb, 'SELECT COUNT(*) AS n FROM contacts'), tickets: count(sb, 'SELECT COUNT(*) AS n FROM tickets'), invoices: count(sb, 'SELECT COUNT(*) AS n FROM invoices') };
    const offlineRun = await replayer.run();
    // Connection refused means the requests never left: nothing is left unconfirmed, nothing reached the sandbox.
    expect(offlineRun.nextDueAt).not.toBeNull();
    expect(outbox.counts()).toMatchObject({ queued: 9, sending: 0, done: 0 });
    expect(outbox.get(contact.id).lastError).toMatchObject({ kind: 'network' });
    expect(count(sb, 'SELECT COUNT(*) AS n FROM contacts')).toBe(before.contacts);
    expect(count(sb, 'SELECT COUNT(*) AS n FROM tickets')).toBe(before.tickets);

    // The views show the queued edits over the mirror.
    const shown = overlay('contacts', mirror, outbox.pending());
    expect(shown.find((r) => r.id === kept.id)).toMatchObject({ companyName: 'Renamed Offline Ltd', pending: 'update' });
    expect(shown.find((r) => r.id === removed.id)).toMatchObject({ pending: 'delete' });
    expect(shown.at(-1)).toMatchObject({ id: contact.localId, firstName: 'Olive', city: 'Leeds', pending: 'create' });
    outbox.dispose();

    // Online again, after a restart.
    const again = replaying(file, online);
    await again.settle();
    expect(again.outbox.counts()).toMatchObject({ done: 9, queued: 0, sending: 0, failed: 0, needs_review: 0 });

    const contactId = again.outbox.resolveId(contact.localId!)!;
    expect(rows(sb, "SELECT id, city, country FROM contacts WHERE email = 'olive.offline@example.com'")).toEqual([{ id: contactId, city: 'Leeds', country: 'GB' }]);
    expect(rows(sb, 'SELECT companyname FROM contacts WHERE id = ?', kept.id)).toEqual([{ companyname: 'Renamed Offline Ltd' }]);
    expect(count(sb, 'SELECT COUNT(*) AS n FROM contacts WHERE id = ?', removed.id)).toBe(0);

    const ticketId = again.outbox.resolveId(ticket.localId!)!;
    expect(rows(sb, "SELECT id, contactid FROM tickets WHERE subject = 'Offline ticket with scan'")).toEqual([{ id: ticketId, contactid: contactId }]);
    const files = rows<{ filename: string; data: Buffer }>(sb, 'SELECT filename, data FROM ticket_attachments WHERE ticketid = ? AND replyid IS NULL ORDER BY id', ticketId);
    expect(files.map((f) => f.filename)).toEqual(['scan.pdf', 'note.txt']);
    expect(Buffer.from(files[0]!.data).equals(Buffer.from(scanBytes))).toBe(true);
    expect(files[1]!.data.toString('utf8')).toBe('see scan');
    expect(rows(sb, 'SELECT message FROM ticket_replies WHERE ticketid = ?', ticketId)).toEqual([{ message: 'One more thing' }]);

    expect(count(sb, "SELECT COUNT(*) AS n FROM invoices WHERE notes = 'offline' AND total = '120.00'")).toBe(1);
    expect(count(sb, 'SELECT COUNT(*) AS n FROM invoices')).toBe(before.invoices + 2); // this one and the order's
    expect(count(sb, "SELECT COUNT(*) AS n FROM services WHERE domain = 'olive-offline.org'")).toBe(1);
    expect(again.outbox.get(epp.id).result).toMatchObject({ delivery: 'returned', eppCode: expect.any(String) });

    // Replaying again sends nothing.
    expect(await again.replayer.run()).toMatchObject({ sent: 0, reconciled: 0, nextDueAt: null });
    again.outbox.dispose();
  });
});

describe('orders', () => {
  it('hosting on a domain already held plus a new registration: queued with the empty domaintype placeholder, placed once', async () => {
    const { client } = await clientFor(sb);
    const { outbox, settle } = replaying(outboxFile(), client);
    const held = rows<{ domainname: string }>(sb, 'SELECT domainname FROM domains WHERE userid = ? LIMIT 1', demo)[0]!.domainname;
    const entry = await outbox.enqueue({
      kind: 'add-order',
      params: { pid: [7], domain: [held, 'hosting-and-new-domain.org'], domaintype: ['', 'register'] },
    });
    await settle();
    expect(outbox.get(entry.id)).toMatchObject({ state: 'done' });
    expect(count(sb, 'SELECT COUNT(*) AS n FROM services WHERE domain = ?', held)).toBeGreaterThan(0);
    expect(rows(sb, "SELECT regtype FROM domains WHERE domainname = 'hosting-and-new-domain.org'")).toEqual([{ regtype: 'Register' }]);
    outbox.dispose();
  });
});

describe('refusals and sign-in', () => {
  it('fails a refused edit with the provider message; edited and retried, it is applied once', async () => {
    const { client } = await clientFor(sb);
    const { outbox, settle } = replaying(outboxFile(), client);
    const entry = await outbox.enqueue({ kind: 'add-contact', params: { firstname: 'Rex', lastname: 'Refused', email: 'rex.refused@example.com', country: 'XX' } });
    await settle();
    expect(outbox.get(entry.id)).toMatchObject({ state: 'failed', lastError: { kind: 'rejected', message: 'Invalid Country Code' } });
    expect(count(sb, "SELECT COUNT(*) AS n FROM contacts WHERE email = 'rex.refused@example.com'")).toBe(0);

    await outbox.edit(entry.id, { firstname: 'Rex', lastname: 'Refused', email: 'rex.refused@example.com', country: 'NZ' });
    outbox.retry(entry.id);
    await settle();
    expect(outbox.get(entry.id).state).toBe('done');
    expect(rows(sb, "SELECT country FROM contacts WHERE email = 'rex.refused@example.com'")).toEqual([{ country: 'NZ' }]);
    outbox.dispose();
  });

  it('pauses the queue when sign-in is refused and goes on after a new sign-in', async () => {
    const { client, vault } = await clientFor(sb, { password: 'not-the-password' });
    const { outbox, replayer, settle } = replaying(outboxFile(), client);
    const entry = await outbox.enqueue({ kind: 'add-contact', params: { firstname: 'Paula', lastname: 'Paused', email: 'paula.paused@example.com' } });
    const paused: string[] = [];
    replayer.on('paused', (reason) => paused.push(reason));
    const report = await settle();
    expect(report.paused).toMatch(/sign-in refused/);
    expect(paused).toEqual([report.paused]);
    expect(outbox.get(entry.id)).toMatchObject({ state: 'queued', lastError: { kind: 'auth' } });

    await vault.set('demo', 'password', sb.password);
    await client.signIn();
    replayer.resume();
    await settle();
    expect(outbox.get(entry.id).state).toBe('done');
    expect(count(sb, "SELECT COUNT(*) AS n FROM contacts WHERE email = 'paula.paused@example.com'")).toBe(1);
    outbox.dispose();
  });

  it('lets a second replayer on the same file wait while the first one holds it', async () => {
    const { client } = await clientFor(sb);
    const file = outboxFile();
    const { outbox } = replaying(file, client);
    await outbox.enqueue({ kind: 'update-contact', params: { contactid: rows(sb, 'SELECT id FROM contacts WHERE userid = ? LIMIT 1', demo)[0].id, city: 'Turku' } });
    const first = new Replayer(outbox, client, FAST).run();
    const second = replaying(file, client);
    expect(await second.replayer.run()).toMatchObject({ busy: true, sent: 0 });
    expect((await first).sent).toBe(1);
    second.outbox.dispose();
    outbox.dispose();
  });
});
