/** The overlay: mirror rows with pending entries laid over them, marked. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openOutbox, overlay, type Outbox } from '../../electron/core/outbox/index.js';
import type { Domain } from '../../shared/models.js';
import { contact, manualClock, outboxFile, ticket } from './outbox-fixtures.js';

let outbox: Outbox;
const clock = manualClock();
beforeEach(() => {
  outbox = openOutbox(outboxFile(), { now: clock.now });
});
afterEach(() => outbox.dispose());

function failLatest(id: number) {
  outbox.journal.beginSend(id, null, clock.now());
  outbox.journal.fail(id, { kind: 'rejected', message: 'no' }, clock.now());
}

describe('contacts', () => {
  const mirror = [contact({ id: 1, firstName: 'Ada', city: 'London' }), contact({ id: 2, firstName: 'Bob' }), contact({ id: 3, firstName: 'Cy' })];

  it('applies pending field edits, marks deletes without hiding them, and shows local creates', async () => {
    const edit = await outbox.enqueue({ kind: 'update-contact', params: { contactid: 1, city: 'Paris', country: 'fr', generalemails: true } });
    const removal = await outbox.enqueue({ kind: 'delete-contact', params: { contactid: 2 } });
    const created = await outbox.enqueue({ kind: 'add-contact', params: { firstname: 'Dee', email: 'dee@example.com', password2: 'Secret-123' } });
    const createdEdit = await outbox.enqueue({ kind: 'update-contact', params: { contactid: created.localId!, lastname: 'Lane' } });

    const rows = overlay('contacts', mirror, outbox.pending());
    expect(rows.map((r) => [r.id, r.pending, r.pendingEntryIds, r.failed])).toEqual([
      [1, 'update', [edit.id], false],
      [2, 'delete', [removal.id], false],
      [3, null, [], false],
      [created.localId, 'create', [created.id, createdEdit.id], false],
    ]);
    expect(rows[0]).toMatchObject({ firstName: 'Ada', city: 'Paris', country: 'FR', generalEmails: true });
    expect(rows[1]).toMatchObject({ firstName: 'Bob' });
    expect(rows[3]).toMatchObject({ firstName: 'Dee', lastName: 'Lane', email: 'dee@example.com', subaccount: true, country: '' });
  });

  it('flags a row whose newest pending entry failed or needs review, and ignores settled entries', async () => {
    const first = await outbox.enqueue({ kind: 'update-contact', params: { contactid: 1, city: 'Paris' } });
    failLatest(first.id);
    expect(overlay('contacts', mirror, outbox.pending())[0]).toMatchObject({ city: 'Paris', pending: 'update', failed: true });
    await outbox.enqueue({ kind: 'update-contact', params: { contactid: 1, city: 'Rome' } });
    expect(overlay('contacts', mirror, outbox.pending())[0]).toMatchObject({ city: 'Rome', failed: false });
    outbox.discard(first.id);
    const done = await outbox.enqueue({ kind: 'update-contact', params: { contactid: 3, city: 'Oslo' } });
    outbox.journal.beginSend(done.id, null, clock.now());
    outbox.journal.complete(done.id, { contactId: 3 }, null, clock.now());
    const rows = overlay('contacts', mirror, outbox.list());
    expect(rows[0]).toMatchObject({ city: 'Rome', pendingEntryIds: [first.id + 1] });
    expect(rows[2]).toMatchObject({ city: '', pending: null });
  });

  it('marks a pending delete of a local create as a delete', async () => {
    const created = await outbox.enqueue({ kind: 'add-contact', params: { firstname: 'Dee' } });
    await outbox.enqueue({ kind: 'delete-contact', params: { contactid: created.localId! } });
    expect(overlay('contacts', [], outbox.pending())).toMatchObject([{ id: created.localId, pending: 'delete' }]);
  });
});

describe('tickets, orders, invoices, domains', () => {
  it('shows a queued ticket with its attachments and marks a ticket with a pending reply', async () => {
    const opened = await outbox.enqueue({
      kind: 'open-ticket',
      params: { deptid: 2, subject: 'Help', message: 'm', priority: 'High', domainid: 9, attachments: [{ name: 'a.png', data: new Uint8Array([1]) }] },
    });
    const reply = await outbox.enqueue({ kind: 'add-ticket-reply', params: { ticketid: 45, message: 'More' } });
    const rows = overlay('tickets', [ticket({ id: 45, subject: 'Old' })], outbox.pending());
    expect(rows).toMatchObject([
      { id: 45, subject: 'Old', pending: 'update', pendingEntryIds: [reply.id] },
      { id: opened.localId, pending: 'create', subject: 'Help', deptId: 2, priority: 'High', attachment: 'a.png', service: 'D9' },
    ]);
  });

  it('shows queued orders and invoices with what they will contain', async () => {
    const order = await outbox.enqueue({
      kind: 'add-order',
      params: { pid: [5], domain: ['shop.example'], billingcycle: ['monthly'], domainrenewals: { 'old.example': 2 }, paymentmethod: 'paypal' },
    });
    const invoice = await outbox.enqueue({
      kind: 'create-invoice',
      params: { items: [{ description: 'Work', amount: '100', taxed: true }, { description: 'Fee', amount: 5 }], taxrate: 19, duedate: '2026-12-01' },
    });
    expect(overlay('orders', [], outbox.pending())).toMatchObject([
      {
        id: order.localId, pending: 'create', paymentMethod: 'paypal',
        lineItems: [
          { type: 'product', domain: 'shop.example', billingCycle: 'monthly' },
          { type: 'domain', product: 'Renewal', domain: 'old.example', billingCycle: '2' },
        ],
      },
    ]);
    expect(overlay('invoices', [], outbox.pending())).toEqual([
      {
        id: invoice.localId, pending: 'create', pendingEntryIds: [invoice.id], failed: false, status: 'Unpaid', date: null,
        dueDate: '2026-12-01', total: '124.00', taxRate: 19, taxRate2: null, notes: '',
        items: [{ description: 'Work', amount: '100.00', taxed: true }, { description: 'Fee', amount: '5.00', taxed: false }],
        createdAt: new Date(invoice.createdAt).toISOString(),
      },
    ]);
  });

  it('marks a domain with a pending EPP request, by id or by name', async () => {
    const byName = await outbox.enqueue({ kind: 'domain-request-epp', params: { domainname: 'Example.com' } });
    const byId = await outbox.enqueue({ kind: 'domain-request-epp', params: { domainid: 2 } });
    const domains = [{ id: 1, domainName: 'example.com' }, { id: 2, domainName: 'other.net' }, { id: 3, domainName: 'x.org' }] as Domain[];
    expect(overlay('domains', domains, outbox.pending()).map((d) => [d.id, d.pending, d.pendingEntryIds])).toEqual([
      [1, 'update', [byName.id]],
      [2, 'update', [byId.id]],
      [3, null, []],
    ]);
  });
});
