/**
 * Fix… of a reply that updates its ticket's custom fields, against a real engine: a reply to a Server Management
 * ticket that clears the server hostname, which the department requires ("Server hostname is required"). The form
 * shows the department's fields (the ticket's department, read from the mirror) with the values queued and the
 * provider's words under the hostname only; the fix is saved with the values encoded as the reply form encodes
 * them (the tickbox as queued), sent again, and the provider holds it. Words that name a field and also match
 * another param's words (an option "Email" and the e-mail of a reply for someone who is not a client) go under
 * the field alone.
 */
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { DepartmentCustomField } from '../../shared/models.js';
import type { OutboxEntry } from '../../shared/outbox/entry.js';
import EntryEditor from '../../renderer/src/components/forms/EntryEditor.vue';
import { dialog, field, submit, type } from './dialog-fields.js';
import { mountInApp, openEngine, type Engine } from './harness.js';

let engine: Engine;
let refused: OutboxEntry;
/** A reply for someone who is not a client whose service type is none of the options: the words say "Email". */
let refusedChoice: OutboxEntry;
let ticketId: number;
let otherTicketId: number;
let wrapper: VueWrapper | null = null;
const ids: Record<string, string> = {};

beforeAll(async () => {
  engine = await openEngine({ sync: true });
  const departments = (await engine.desk.call('data.list', { resource: 'departments', limit: 100 })).rows;
  const servers = departments.find((d) => 'name' in d && d.name === 'Server Management') as { id: number; customFields: DepartmentCustomField[] };
  for (const f of servers.customFields) ids[f.name] = String(f.id);
  // Two tickets: a refused reply holds the replies queued after it to the same ticket.
  const open = (subject: string) =>
    engine.desk.call('outbox.enqueue', { kind: 'open-ticket', params: { deptid: servers.id, subject, message: 'On web01.', customfields: { [ids['Server hostname']!]: 'web01' } } });
  const opened = [await open('Disk full'), await open('Mail down')];
  await engine.desk.call('sync.run', { only: ['tickets'] });
  const done = await engine.desk.call('outbox.list', { states: ['done'] });
  [ticketId, otherTicketId] = opened.map((o) => done.find((e) => e.id === o.id)!.record!.id as number) as [number, number];
  const reply = await engine.desk.call('outbox.enqueue', {
    kind: 'add-ticket-reply',
    params: { ticketid: ticketId, message: 'Moved.', customfields: { [ids['Server hostname']!]: '', [ids['Happened after a change on our side']!]: 'on' } },
  });
  const choice = await engine.desk.call('outbox.enqueue', {
    kind: 'add-ticket-reply',
    params: { ticketid: otherTicketId, message: 'Also mail.', name: 'Ada Prospect', email: 'ada@prospect.example', customfields: { [ids['Affected service type']!]: 'Gopher' } },
  });
  await engine.desk.call('sync.run', { only: ['tickets'] });
  const failed = await engine.desk.call('outbox.list', { states: ['failed'] });
  refused = failed.find((e) => e.id === reply.id)!;
  refusedChoice = failed.find((e) => e.id === choice.id)!;
}, 60_000);

afterEach(() => {
  wrapper?.unmount();
  wrapper = null;
});

afterAll(async () => {
  await engine?.close();
});

async function editor(entry = refused) {
  wrapper = mountInApp(EntryEditor, { props: { entry, what: 'Reply', open: true } });
  await engine.host.idle();
  await flushPromises();
  return wrapper;
}

it('the provider refused the reply for the hostname it cleared', () => {
  expect(refused.lastError?.message).toBe('Server hostname is required');
});

it('shows the department’s fields with the values queued, the provider’s words under the hostname and not above the form', async () => {
  await editor();
  const hostname = field('Server hostname');
  expect(hostname.input.value).toBe('');
  expect(hostname.input.getAttribute('aria-invalid')).toBe('true');
  expect(hostname.said).toBe('Server hostname is required');
  expect(field('Affected service type').input.hasAttribute('aria-invalid')).toBe(false);
  expect([...dialog().querySelectorAll<HTMLInputElement>('fieldset input[type="checkbox"]')].map((box) => box.checked)).toEqual([true]);
  expect(dialog().querySelector('legend')?.textContent).toBe('What Server Management asks for');
  expect(dialog().querySelector('.form-problem')).toBeNull();
});

it('puts words that name a field only under that field, though they also match the e-mail (“Email”, one of the options)', async () => {
  expect(refusedChoice.lastError?.message).toBe('Affected service type must be one of: Web hosting, Email, VPS, DNS');
  await editor(refusedChoice);
  const choice = field('Affected service type');
  expect(choice.input.value).toBe('Gopher');
  expect(choice.said).toBe(refusedChoice.lastError?.message);
  expect(field('E-mail').input.value).toBe('ada@prospect.example');
  expect(field('E-mail').input.hasAttribute('aria-invalid')).toBe(false);
  expect(dialog().querySelector('.form-problem')).toBeNull();
});

it('saves the fix encoded as the reply form encodes it, sends it again, and the provider holds it', async () => {
  const w = await editor();
  await type(field('Server hostname').input, ' web07 ');
  await submit(engine);
  const [saved] = w.emitted<[OutboxEntry]>('saved')![0]!;
  expect(saved.params).toMatchObject({ ticketid: ticketId, customfields: { [ids['Server hostname']!]: 'web07', [ids['Happened after a change on our side']!]: 'on' } });
  await engine.desk.call('sync.run', { only: ['tickets'] });
  expect((await engine.desk.call('outbox.list', { states: ['done'] })).map((e) => e.id)).toContain(refused.id);
  const held = engine.sb.db.prepare('SELECT value FROM ticket_customfields WHERE ticketid = ? AND fieldid = ?').pluck().get(ticketId, Number(ids['Server hostname'])) as string;
  expect(held).toBe('web07');
});
