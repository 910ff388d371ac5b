/**
 * A ticket and a reply written in Markdown on behalf of a contact, queued through Desk and sent to the sandbox
 * provider over real HTTP: the provider records each once, with markdown set and the contact as its author.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Desk } from '../../../electron/core/desk/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { deskOnSandbox } from './sandbox-desk.js';

let sb: RunningSandbox;
let desk: Desk;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ desk, sb, close } = await deskOnSandbox('desk-ticket-markdown-'));
  expect((await desk.call('sync.run')).outcome).toBe('ok');
});
afterAll(() => close?.());

/** Sends the queue (a sync sends queued edits first) and finds the entry done. */
async function sent(id: number): Promise<void> {
  await desk.call('sync.run', { only: ['tickets'] });
  expect((await desk.call('outbox.list')).find((e) => e.id === id)?.state).toBe('done');
}

it('opens a ticket and replies in Markdown on behalf of a contact, each recorded once with markdown and the contact', async () => {
  const contact = sb.db.prepare('SELECT id, email FROM contacts WHERE userid = 1 ORDER BY id LIMIT 1').get() as { id: number; email: string };
  const deptid = sb.db.prepare('SELECT id FROM departments ORDER BY id LIMIT 1').pluck().get() as number;
  const subject = `Markdown ${Date.now()}`;
  const opened = await desk.call('outbox.enqueue', { kind: 'open-ticket', params: { deptid, subject, message: '**Bold** and *more*', markdown: true, contactid: contact.id } });
  await sent(opened.id);
  const ticket = sb.db.prepare('SELECT id, contactid, email, markdown FROM tickets WHERE subject = ?').all(subject) as { id: number; contactid: number; email: string; markdown: number }[];
  expect(ticket).toEqual([{ id: expect.any(Number), contactid: contact.id, email: contact.email, markdown: 1 }]);

  const reply = await desk.call('outbox.enqueue', { kind: 'add-ticket-reply', params: { ticketid: ticket[0]!.id, message: '- one\n- two', markdown: true, contactid: contact.id } });
  await sent(reply.id);
  expect(sb.db.prepare('SELECT contactid, markdown, message FROM ticket_replies WHERE ticketid = ?').all(ticket[0]!.id)).toEqual([
    { contactid: contact.id, markdown: 1, message: expect.stringMatching(/^- one\r?\n- two$/) },
  ]);
});
