/**
 * What a ticket and a contact may carry besides the basics, through Desk to the sandbox provider over real HTTP:
 * a department's custom fields (read by a sync into the mirror, sent as base64 of a PHP-serialized array keyed by
 * field id), a non-client opener's name and e-mail (sent instead of the own client id), a new contact's tax id.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Desk } from '../../../electron/core/desk/index.js';
import type { DepartmentCustomField } from '../../../shared/models.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { deskOnSandbox } from './sandbox-desk.js';

let sb: RunningSandbox;
let desk: Desk;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ desk, sb, close } = await deskOnSandbox('desk-ticket-fields-'));
  expect((await desk.call('sync.run')).outcome).toBe('ok');
});
afterAll(() => close?.());

async function sent(id: number): Promise<void> {
  await desk.call('sync.run', { only: ['tickets', 'contacts'] });
  expect((await desk.call('outbox.list')).find((e) => e.id === id)?.state).toBe('done');
}

it('mirrors each department\'s custom fields, none for a department without', async () => {
  const rows = (await desk.call('data.list', { resource: 'departments', limit: 100 })).rows as { name: string; customFields: DepartmentCustomField[] }[];
  const servers = rows.find((d) => d.name === 'Server Management')!;
  expect(servers.customFields.map(({ name, type, required }) => ({ name, type, required }))).toEqual([
    { name: 'Server hostname', type: 'text', required: true },
    { name: 'Affected service type', type: 'dropdown', required: false },
    { name: 'Happened after a change on our side', type: 'tickbox', required: false },
  ]);
  expect(servers.customFields[1]!.options).toEqual(['Web hosting', 'Email', 'VPS', 'DNS']);
  expect(rows.find((d) => d.name === 'Sales')!.customFields).toEqual([]);
});

it('opens a ticket with custom fields for a non-client; the provider holds the values, the name and the e-mail', async () => {
  const rows = (await desk.call('data.list', { resource: 'departments', limit: 100 })).rows as { id: number; name: string; customFields: DepartmentCustomField[] }[];
  const servers = rows.find((d) => d.name === 'Server Management')!;
  const [hostname, kind] = servers.customFields;
  const subject = `Fields ${Date.now()}`;
  const opened = await desk.call('outbox.enqueue', {
    kind: 'open-ticket',
    params: { deptid: servers.id, subject, message: 'm', name: 'Ada Prospect', email: 'ada@prospect.example', customfields: { [hostname!.id]: 'web01', [kind!.id]: 'VPS' } },
  });
  await sent(opened.id);
  const ticket = sb.db.prepare('SELECT id, userid, name, email FROM tickets WHERE subject = ?').get(subject) as { id: number };
  expect(ticket).toMatchObject({ userid: 0, name: 'Ada Prospect', email: 'ada@prospect.example' });
  expect(sb.db.prepare('SELECT fieldid, value FROM ticket_customfields WHERE ticketid = ? ORDER BY fieldid').all(ticket.id)).toEqual([
    { fieldid: hostname!.id, value: 'web01' },
    { fieldid: kind!.id, value: 'VPS' },
  ]);
});

it('adds a contact with its tax id', async () => {
  const added = await desk.call('outbox.enqueue', { kind: 'add-contact', params: { firstname: 'Bruno', email: 'bruno.tax@example.org', tax_id: 'IT01234567890' } });
  await sent(added.id);
  expect(sb.db.prepare('SELECT tax_id FROM contacts WHERE email = ?').pluck().get('bruno.tax@example.org')).toBe('IT01234567890');
});
