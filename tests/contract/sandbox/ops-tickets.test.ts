/** Support tickets over real HTTP: get-tickets (alt host) and its filters, open-ticket, add-ticket-reply, attachments. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64, DATETIME, expectStringRecord, FLAG, ok, op, openSession, phpArray, rejection, type Session } from './ops.js';

let s: Session;
beforeAll(async () => {
  s = await openSession();
});
afterAll(() => s.sb.stop());

const TICKET_FIELDS = ['id', 'tid', 'deptid', 'userid', 'name', 'email', 'cc', 'c', 'date', 'subject', 'status', 'priority', 'admin', 'attachment', 'lastreply', 'flag', 'service'];

async function tickets(fields: Record<string, any> = {}, as: 'demo' | 'other' = 'demo'): Promise<any[]> {
  return (await ok(op(s, 'get-tickets', { limitnum: 250, ...fields }, { as }))).tickets.ticket;
}

async function ticket(id: string | number) {
  return (await tickets()).find((t) => t.id === String(id));
}

function stored<T>(query: string, ...args: unknown[]): T[] {
  return s.sb.db.prepare(query).all(...args) as T[];
}

const attachmentsParam = (files: { name?: string; filename?: string; data: string | Buffer }[]) =>
  base64(JSON.stringify(files.map(({ data, ...name }) => ({ ...name, data: base64(data) }))));

async function open(fields: Record<string, any> = {}, as: 'demo' | 'other' = 'demo') {
  return ok(op(s, 'open-ticket', { deptid: 2, subject: 'Zq test ticket', message: 'Hello\r\nThere', ...fields }, { as }));
}

describe('get-tickets', () => {
  it('lists the caller\'s tickets nested as tickets.ticket[], string fields, newest activity first', async () => {
    const rows = await tickets();
    const ids = stored<{ id: number }>('SELECT id FROM tickets WHERE owner_userid = ? ORDER BY lastreply DESC, id DESC', s.demoId);
    expect(rows.map((t) => t.id)).toEqual(ids.map((r) => String(r.id)));
    for (const t of rows) {
      expectStringRecord(t, TICKET_FIELDS);
      expect(t.date).toMatch(DATETIME);
      expect(t.lastreply).toMatch(DATETIME);
      expect(t.flag).toMatch(FLAG);
      expect(t.service).toMatch(/^([SD]\d+)?$/);
    }
  });

  it('filters by department, by non-client email and by status, including the pseudo-statuses', async () => {
    const dept = (await tickets())[0].deptid;
    const guest = await open({ name: 'Filter Guest', email: 'filter.guest@zq.example' });
    expect((await tickets({ email: 'FILTER.GUEST@zq.example' })).map((t) => t.id)).toEqual([guest.id]);
    const all = await tickets();
    expect((await tickets({ deptid: dept })).map((t) => t.id)).toEqual(all.filter((t) => t.deptid === dept).map((t) => t.id));
    const status = all.find((t) => t.status !== 'Open')!.status;
    expect((await tickets({ status: status.toLowerCase() })).map((t) => t.id)).toEqual(all.filter((t) => t.status === status).map((t) => t.id));
    const awaiting = await tickets({ status: 'Awaiting Reply' });
    expect(awaiting.map((t) => t.id)).toEqual(all.filter((t) => ['Open', 'Customer-Reply'].includes(t.status)).map((t) => t.id));
    expect(awaiting.length).toBeGreaterThan(0);
    const active = await tickets({ status: 'All Active Tickets' });
    expect(active.map((t) => t.id)).toEqual(all.filter((t) => t.status !== 'Closed').map((t) => t.id));
    expect(active.length).toBeLessThan(all.length);
    const flagged = await tickets({ status: 'My Flagged Tickets' });
    expect(flagged.map((t) => t.id)).toEqual(all.filter((t) => t.flag === '1').map((t) => t.id));
    expect(await tickets({ status: 'No Such Status' })).toEqual([]);
  });

  it('matches the subject approximately, case-insensitively, with % and _ taken literally', async () => {
    const all = await tickets();
    const word = all[0].subject.split(' ').find((w: string) => w.length > 3)!;
    const matches = await tickets({ subject: word.toUpperCase() });
    expect(matches.map((t) => t.id)).toEqual(all.filter((t) => t.subject.toLowerCase().includes(word.toLowerCase())).map((t) => t.id));
    expect(matches.length).toBeGreaterThan(0);
    const { id } = await open({ subject: 'Disk 100% full_now' });
    expect((await tickets({ subject: '100% full_' })).map((t) => t.id)).toEqual([id]);
    expect(await tickets({ subject: '100_ full' })).toEqual([]);
  });

  it('shows nothing of another account', async () => {
    const mine = await tickets();
    const theirs = await tickets({}, 'other');
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.some((t) => mine.some((m) => m.id === t.id))).toBe(false);
  });
});

describe('open-ticket', () => {
  it('opens an Open ticket that get-tickets lists and the department counts include', async () => {
    const before = (await ok(op(s, 'get-support-departments'))).departments.department.find((d: any) => d.id === '3');
    const reply = await open({ deptid: 3, subject: 'Zq billing question' });
    expect(Object.keys(reply).sort()).toEqual(['c', 'id', 'result', 'tid']);
    expect(reply.id).toMatch(/^\d+$/);
    expect(reply.tid).toMatch(/^\d{6}$/);
    expect(reply.c).toMatch(/^[A-Za-z0-9]{8}$/);
    const client = s.sb.db.prepare('SELECT firstname, lastname, email FROM clients WHERE id = ?').get(s.demoId) as any;
    const listed = await ticket(reply.id);
    expect(listed).toMatchObject({
      tid: reply.tid, c: reply.c, deptid: '3', userid: String(s.demoId), subject: 'Zq billing question', status: 'Open',
      priority: 'Medium', name: `${client.firstname} ${client.lastname}`, email: client.email, attachment: '', service: '', flag: '0',
    });
    expect((await tickets())[0].id).toBe(reply.id);
    const after = (await ok(op(s, 'get-support-departments'))).departments.department.find((d: any) => d.id === '3');
    expect(Number(after.awaitingreply)).toBe(Number(before.awaitingreply) + 1);
    expect(Number(after.opentickets)).toBe(Number(before.opentickets) + 1);
  });

  it('links a service or a domain, opens for a contact or a named non-client, takes priority and markdown', async () => {
    const service = s.sb.db.prepare('SELECT id FROM services WHERE userid = ? LIMIT 1').get(s.demoId) as any;
    const domain = s.sb.db.prepare('SELECT id FROM domains WHERE userid = ? LIMIT 1').get(s.demoId) as any;
    const contact = s.sb.db.prepare("SELECT id, firstname, lastname, email FROM contacts WHERE userid = ? AND email != '' LIMIT 1").get(s.demoId) as any;
    expect((await ticket((await open({ serviceid: service.id })).id)).service).toBe(`S${service.id}`);
    expect((await ticket((await open({ domainid: domain.id })).id)).service).toBe(`D${domain.id}`);
    expect(await ticket((await open({ contactid: contact.id })).id)).toMatchObject({ name: `${contact.firstname} ${contact.lastname}`, email: contact.email });
    const guest = await open({ name: 'Walk In', email: 'walk.in@zq.example', priority: 'high', markdown: true });
    expect(await ticket(guest.id)).toMatchObject({ userid: '0', name: 'Walk In', email: 'walk.in@zq.example', priority: 'High' });
    expect((s.sb.db.prepare('SELECT markdown FROM tickets WHERE id = ?').get(guest.id) as any).markdown).toBe(1);
    expect(s.sb.db.prepare('SELECT userid, contactid, name, email FROM tickets WHERE id = ?').get(guest.id)).toEqual({ userid: 0, contactid: 0, name: 'Walk In', email: 'walk.in@zq.example' });
  });

  it('stores attachments sent as base64 JSON with name or filename keys', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]);
    const reply = await open({ attachments: attachmentsParam([{ name: 'notes.txt', data: 'plain text ✓' }, { filename: 'shot.png', data: png }]) });
    expect((await ticket(reply.id)).attachment).toBe('notes.txt|shot.png');
    const files = stored<{ filename: string; data: Buffer; replyid: number | null }>('SELECT filename, data, replyid FROM ticket_attachments WHERE ticketid = ? ORDER BY id', Number(reply.id));
    expect(files.map((f) => f.filename)).toEqual(['notes.txt', 'shot.png']);
    expect(files[0]!.data.toString('utf8')).toBe('plain text ✓');
    expect(Buffer.compare(files[1]!.data, png)).toBe(0);
    expect(files.every((f) => f.replyid === null)).toBe(true);
  });

  it('stores attachments uploaded as multipart files', async () => {
    const body = new FormData();
    body.append('deptid', '2');
    body.append('subject', 'Zq upload');
    body.append('message', 'See attached');
    body.append('clientid', String(s.demoId));
    body.append('attachments[]', new Blob([Buffer.from('a,b\n1,2\n')]), 'data.csv');
    const res = await fetch(`${s.sb.baseUrl}/api/v2/${s.sb.options.service}/open-ticket`, {
      method: 'POST', headers: { authorization: `Bearer ${s.demo}`, 'x-requested-with': 'XMLHttpRequest' }, body,
    });
    const json = (await res.json()) as any;
    expect(json.result).toBe('success');
    const files = stored<{ filename: string; data: Buffer }>('SELECT filename, data FROM ticket_attachments WHERE ticketid = ?', Number(json.id));
    expect(files.map((f) => [f.filename, f.data.toString()])).toEqual([['data.csv', 'a,b\n1,2\n']]);
  });

  it('rejects missing or foreign references and malformed data, each with its own message', async () => {
    const foreignService = s.sb.db.prepare('SELECT id FROM services WHERE userid = ? LIMIT 1').get(s.otherId) as any;
    const foreignDomain = s.sb.db.prepare('SELECT id FROM domains WHERE userid = ? LIMIT 1').get(s.otherId) as any;
    const foreignContact = s.sb.db.prepare('SELECT id FROM contacts WHERE userid = ? LIMIT 1').get(s.otherId) as any;
    const count = () => (s.sb.db.prepare('SELECT COUNT(*) AS n FROM tickets').get() as any).n;
    const before = count();
    const base = { deptid: 2, subject: 'S', message: 'M' };
    const cases: [Record<string, any>, string | RegExp][] = [
      [{ subject: 'S', message: 'M' }, 'Department ID is required'],
      [{ deptid: 2, message: 'M' }, 'Subject is required'],
      [{ deptid: 2, subject: 'S', message: '   ' }, 'Message is required'],
      [{ ...base, deptid: 77 }, 'Department ID not found'],
      [{ ...base, serviceid: 1, domainid: 1 }, 'Only one of serviceid or domainid may be given'],
      [{ ...base, serviceid: foreignService.id }, 'Service ID Not Found'],
      [{ ...base, domainid: foreignDomain.id }, 'Domain ID Not Found'],
      [{ ...base, contactid: foreignContact.id }, 'Contact ID Not Found'],
      [{ ...base, name: 'Only Name' }, 'A non-client author needs both name and email'],
      [{ ...base, name: 'N', email: 'nope' }, 'Invalid Email Address'],
      [{ ...base, priority: 'Urgent' }, /^Invalid Priority: Urgent/],
      [{ ...base, customfields: 'bm90IHNlcmlhbGl6ZWQ=' }, /^Invalid customfields/],
      [{ ...base, attachments: 'bm90IGpzb24=' }, 'Invalid attachments: expected base64 of a JSON array'],
      [{ ...base, attachments: base64('{"name":"a.txt","data":""}') }, 'Invalid attachments: expected base64 of a JSON array'],
      [{ ...base, attachments: attachmentsParam([{ name: '../etc/passwd', data: 'x' }]) }, /^Invalid attachments: bad file name/],
      [{ ...base, attachments: base64(JSON.stringify([{ name: 'a.txt', data: '***' }])) }, 'Invalid attachments: data of a.txt is not base64'],
      [{ ...base, clientid: s.otherId }, 'Client ID Not Found'],
    ];
    for (const [fields, message] of cases) {
      const got = await rejection(op(s, 'open-ticket', fields));
      if (typeof message === 'string') expect(got, JSON.stringify(fields)).toBe(message);
      else expect(got, JSON.stringify(fields)).toMatch(message);
    }
    expect(count()).toBe(before);
  });
});

describe('custom fields of a department', () => {
  const servers = () => s.sb.db.prepare("SELECT id FROM departments WHERE name = 'Server Management'").pluck().get() as number;
  const field = (name: string) => s.sb.db.prepare('SELECT id FROM department_customfields WHERE name = ?').pluck().get(name) as number;
  const values = (ticketid: string | number) =>
    Object.fromEntries(stored<{ fieldid: number; value: string }>('SELECT fieldid, value FROM ticket_customfields WHERE ticketid = ? ORDER BY fieldid', Number(ticketid)).map((r) => [r.fieldid, r.value]));

  it('refuses a ticket without a required field, naming the field, and opens nothing', async () => {
    const count = () => (s.sb.db.prepare('SELECT COUNT(*) AS n FROM tickets').get() as any).n;
    const before = count();
    expect(await rejection(op(s, 'open-ticket', { deptid: servers(), subject: 'S', message: 'M' }))).toBe('Server hostname is required');
    const blank = base64(phpArray({ [field('Server hostname')]: '  ' }));
    expect(await rejection(op(s, 'open-ticket', { deptid: servers(), subject: 'S', message: 'M', customfields: blank }))).toBe('Server hostname is required');
    const wrongChoice = base64(phpArray({ [field('Server hostname')]: 'h1', [field('Affected service type')]: 'Fax' }));
    expect(await rejection(op(s, 'open-ticket', { deptid: servers(), subject: 'S', message: 'M', customfields: wrongChoice })))
      .toBe('Affected service type must be one of: Web hosting, Email, VPS, DNS');
    const elsewhere = base64(phpArray({ [field('Server hostname')]: 'h1' }));
    expect(await rejection(op(s, 'open-ticket', { deptid: 2, subject: 'S', message: 'M', customfields: elsewhere })))
      .toBe(`Custom field ${field('Server hostname')} is not a field of this department`);
    expect(count()).toBe(before);
  });

  it('stores the values with the ticket, and a reply updates those it gives', async () => {
    const hostname = field('Server hostname');
    const kind = field('Affected service type');
    const { id } = await open({ deptid: servers(), customfields: base64(phpArray({ [hostname]: 'web01.example.net', [kind]: 'Email' })) });
    expect(values(id)).toEqual({ [hostname]: 'web01.example.net', [kind]: 'Email' });
    await ok(op(s, 'add-ticket-reply', { ticketid: id, message: 'Moved', customfields: base64(phpArray({ [hostname]: 'web02.example.net' })) }));
    expect(values(id)).toEqual({ [hostname]: 'web02.example.net', [kind]: 'Email' });
    expect(await rejection(op(s, 'add-ticket-reply', { ticketid: id, message: 'x', customfields: base64(phpArray({ [hostname]: '' })) }))).toBe('Server hostname is required');
  });
});

describe('add-ticket-reply', () => {
  it('appends the reply, sets Customer-Reply and lastreply, and stores its attachments with the reply', async () => {
    const closed = s.sb.db.prepare("SELECT id, lastreply FROM tickets WHERE owner_userid = ? AND status = 'Closed' LIMIT 1").get(s.demoId) as any;
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252]);
    const reply = await ok(op(s, 'add-ticket-reply', {
      ticketid: closed.id, message: 'Still **broken**', useMarkdown: true, attachments: attachmentsParam([{ name: 'dump.bin', data: bytes }]),
    }));
    expect(reply).toEqual({ result: 'success' });
    const listed = await ticket(closed.id);
    expect(listed.status).toBe('Customer-Reply');
    expect(listed.lastreply > closed.lastreply).toBe(true);
    expect(listed.lastreply).toBe((await tickets())[0].lastreply);
    const [last] = stored<any>('SELECT id, userid, message, markdown FROM ticket_replies WHERE ticketid = ? ORDER BY id DESC LIMIT 1', closed.id);
    expect(last).toMatchObject({ userid: s.demoId, message: 'Still **broken**', markdown: 1 });
    const files = stored<{ filename: string; data: Buffer; replyid: number }>('SELECT filename, data, replyid FROM ticket_attachments WHERE ticketid = ? AND replyid IS NOT NULL', closed.id);
    expect(files).toHaveLength(1);
    expect(files[0]!.filename).toBe('dump.bin');
    expect(files[0]!.replyid).toBe(last.id);
    expect(Buffer.compare(files[0]!.data, bytes)).toBe(0);
  });

  it('replies for a contact or a named non-client', async () => {
    const { id } = await open();
    const contact = s.sb.db.prepare('SELECT id FROM contacts WHERE userid = ? LIMIT 1').get(s.demoId) as any;
    await ok(op(s, 'add-ticket-reply', { ticketid: id, message: 'From contact', contactid: contact.id }));
    await ok(op(s, 'add-ticket-reply', { ticketid: id, message: 'From guest', name: 'Guest', email: 'guest@zq.example', markdown: 'no' }));
    const replies = stored<any>('SELECT userid, contactid, name, email, markdown FROM ticket_replies WHERE ticketid = ? ORDER BY id', Number(id));
    expect(replies).toEqual([
      { userid: s.demoId, contactid: contact.id, name: '', email: '', markdown: 0 },
      { userid: 0, contactid: 0, name: 'Guest', email: 'guest@zq.example', markdown: 0 },
    ]);
  });

  it('needs one of the caller\'s tickets and a message', async () => {
    const foreign = s.sb.db.prepare('SELECT id FROM tickets WHERE owner_userid = ? LIMIT 1').get(s.otherId) as any;
    const mine = s.sb.db.prepare('SELECT id FROM tickets WHERE owner_userid = ? LIMIT 1').get(s.demoId) as any;
    expect(await rejection(op(s, 'add-ticket-reply', { message: 'x' }))).toBe('Ticket ID is required');
    expect(await rejection(op(s, 'add-ticket-reply', { ticketid: 999999, message: 'x' }))).toBe('Ticket ID Not Found');
    expect(await rejection(op(s, 'add-ticket-reply', { ticketid: foreign.id, message: 'x' }))).toBe('Ticket ID Not Found');
    expect(await rejection(op(s, 'add-ticket-reply', { ticketid: mine.id }))).toBe('Message is required');
    expect(await rejection(op(s, 'add-ticket-reply', { ticketid: mine.id, message: 'x', attachments: 'e30=' }))).toBe('Invalid attachments: expected base64 of a JSON array');
    const replies = (s.sb.db.prepare('SELECT COUNT(*) AS n FROM ticket_replies WHERE ticketid = ?').get(foreign.id) as any).n;
    await rejection(op(s, 'add-ticket-reply', { ticketid: foreign.id, message: 'sneaky' }));
    expect((s.sb.db.prepare('SELECT COUNT(*) AS n FROM ticket_replies WHERE ticketid = ?').get(foreign.id) as any).n).toBe(replies);
  });
});
