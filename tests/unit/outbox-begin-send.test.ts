/**
 * beginSend decides whether an entry may go from the entries that can hold it back (read through the indexes),
 * not the whole queue: its verdict must be the whole queue's waiting reasons' verdict, for every queued entry.
 */
import { describe, expect, it } from 'vitest';
import { openOutbox } from '../../electron/core/outbox/index.js';
import { waitingReasons } from '../../electron/core/outbox/waiting.js';
import { manualClock, outboxFile } from './outbox-fixtures.js';

describe('beginSend', () => {
  it('refuses exactly the queued entries the whole queue says must wait, and starts the others', async () => {
    const clock = manualClock();
    const outbox = openOutbox(outboxFile(), { now: clock.now });
    const kept = await outbox.enqueue({ kind: 'add-contact', params: { firstname: 'K', lastname: 'L', email: 'k@example.com' } });
    await outbox.enqueue({ kind: 'update-contact', params: { contactid: kept.localId!, city: 'Rome' } });
    const ticket = await outbox.enqueue({ kind: 'open-ticket', params: { deptid: 1, subject: 's', message: 'm' } });
    await outbox.enqueue({ kind: 'add-ticket-reply', params: { ticketid: ticket.localId!, message: 'r' } });
    await outbox.enqueue({ kind: 'update-contact', params: { contactid: 5, city: 'A' } });
    await outbox.enqueue({ kind: 'update-contact', params: { contactid: 5, city: 'B' } });
    const invoice = await outbox.enqueue({ kind: 'create-invoice', params: { items: [{ description: 'i', amount: '1.00' }] } });
    await outbox.enqueue({ kind: 'add-order', params: { pid: [7], domain: ['a.org'] } });
    await outbox.enqueue({ kind: 'create-invoice', params: { items: [{ description: 'j', amount: '2.00' }] } });
    // An invoice unconfirmed (sent, reply lost): the other invoices and orders wait for it.
    expect(outbox.journal.beginSend(invoice.id, null, clock.now())).not.toBeNull();

    const { active, waiting } = outbox.journal.snapshot();
    const queued = active.filter((row) => row.state === 'queued');
    expect([...waiting.keys()].length).toBeGreaterThanOrEqual(5);
    expect(waitingReasons(active)).toEqual(waiting);
    for (const row of queued) {
      const started = outbox.journal.beginSend(row.id, null, clock.now());
      expect(started === null, `#${row.id} ${row.kind}: ${waiting.get(row.id) ?? 'free'}`).toBe(waiting.has(row.id));
    }
    outbox.dispose();
  });
});
