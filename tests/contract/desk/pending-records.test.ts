/**
 * Pending records as the engine hands them to views (issue 22, items 5, 6, 9), against a real mirror synced from
 * the sandbox, then with the provider stopped so every edit stays queued: a queued order shows in Orders with
 * its lines and the price the form showed (never sent), and the domain it registers or transfers shows in
 * Domains as pending, in filters and in search; every outbox entry comes with its record named as the lists
 * name it (never a local id); a bulk change says before queueing how many it queues and what it leaves out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Desk } from '../../../electron/core/desk/index.js';
import type { Contact, Order, Ticket } from '../../../shared/models.js';
import type { OutboxEntry } from '../../../shared/outbox/entry.js';
import { deskOnSandbox } from './sandbox-desk.js';

let desk: Desk;
let close: () => Promise<void>;
let contacts: Contact[];
let ticket: Ticket;
let order: OutboxEntry;
let transfer: OutboxEntry;

beforeAll(async () => {
  let sb;
  ({ desk, sb, close } = await deskOnSandbox('desk-pending-records-'));
  await desk.call('sync.run');
  await sb.stop();
  contacts = (await desk.call('data.list', { resource: 'contacts', limit: 1000 })).rows as Contact[];
  ticket = (await desk.call('data.list', { resource: 'tickets', limit: 1 })).rows[0] as Ticket;
  order = await desk.call('outbox.enqueue', { kind: 'add-order', params: { domain: ['bright-new.com'], domaintype: ['register'], regperiod: [2], shownprice: '25.90' } });
  transfer = await desk.call('outbox.enqueue', { kind: 'add-order', params: { domain: ['Moving-In.net'], domaintype: ['transfer'], regperiod: [1], eppcode: ['Xy-12!'] } });
}, 60_000);

afterAll(() => close?.());

describe('a queued order', () => {
  it('shows in Orders with its lines and the price the form showed', async () => {
    const shown = (await desk.call('data.get', { resource: 'orders', id: order.localId! })) as (Order & { pending: string }) | null;
    expect(shown).toMatchObject({ pending: 'create', amount: '25.90' });
    expect(shown?.lineItems).toEqual([expect.objectContaining({ type: 'domain', product: 'Register', domain: 'bright-new.com', billingCycle: '2', amount: expect.objectContaining({ amount: '25.90' }) })]);
    const listed = await desk.call('data.list', { resource: 'orders', limit: 10 });
    expect(listed.rows.map((r) => r.id)).toContain(order.localId);
  });

  it('shows each domain it registers or transfers in Domains, pending, in filters and in search', async () => {
    const registered = await desk.call('data.list', { resource: 'domains', text: 'bright-new', limit: 10 });
    expect(registered.rows).toEqual([expect.objectContaining({ id: order.localId, domainName: 'bright-new.com', status: 'Pending', regType: 'Register', regPeriod: 2, pending: 'create' })]);
    const pendingOnes = await desk.call('data.list', { resource: 'domains', filters: { status: 'Pending Transfer' }, limit: 1000 });
    expect(pendingOnes.rows.map((r) => (r as { domainName?: string }).domainName)).toContain('moving-in.net');
    const active = await desk.call('data.list', { resource: 'domains', filters: { status: 'Active' }, limit: 1000 });
    expect(active.rows.map((r) => (r as { domainName?: string }).domainName)).not.toContain('bright-new.com');
    const hits = await desk.call('data.search', { text: 'bright-new', limit: 20 });
    expect(hits).toContainEqual(expect.objectContaining({ resource: 'domains', id: order.localId, title: 'bright-new.com', pending: 'create' }));
    expect(await desk.call('data.get', { resource: 'domains', id: transfer.localId! })).toMatchObject({ domainName: 'moving-in.net', status: 'Pending Transfer' });
  });

  it('keeps the shown price out of what is sent: it is not the provider’s', async () => {
    const { addOrder } = await import('../../../electron/core/outbox/mutations/add-order.js');
    let sent: Record<string, unknown> | null = null;
    const client = { addOrder: async (p: Record<string, unknown>) => ((sent = p), { orderId: 1, invoiceId: null, serviceIds: [], addonIds: [], domainIds: [] }) };
    // eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- a client answering only addOrder, the one call this send makes
    await addOrder.send(client as never, { domain: ['bright-new.com'], domaintype: ['register'], regperiod: [2], shownprice: '25.90' }, new Map());
    expect(sent).not.toHaveProperty('shownprice');
    expect(sent).toMatchObject({ domain: ['bright-new.com'] });
  });
});

describe('outbox entries', () => {
  it('come with their record, named as the lists name it, and never a local id', async () => {
    const contact = contacts.find((c) => c.firstName && c.lastName)!;
    const update = await desk.call('outbox.enqueue', { kind: 'update-contact', params: { contactid: contact.id, supportemails: true } });
    expect(update.record).toEqual({ resource: 'contacts', id: contact.id, name: `${contact.firstName} ${contact.lastName}`, number: null, local: false });
    const reply = await desk.call('outbox.enqueue', { kind: 'add-ticket-reply', params: { ticketid: ticket.id, message: 'Thanks' } });
    expect(reply.record).toMatchObject({ resource: 'tickets', id: ticket.id, number: ticket.tid, name: ticket.subject });
    const created = await desk.call('outbox.enqueue', { kind: 'add-contact', params: { firstname: 'Ada', lastname: 'Byron', email: 'ada@example.com' } });
    const edit = await desk.call('outbox.enqueue', { kind: 'update-contact', params: { contactid: created.localId!, city: 'Trento' } });
    expect(edit.record).toEqual({ resource: 'contacts', id: created.localId, name: 'Ada Byron', number: null, local: true });
    const invoice = await desk.call('outbox.enqueue', { kind: 'create-invoice', params: { items: [{ description: 'Hosting', amount: '10.00' }] } });
    expect(invoice.record).toMatchObject({ resource: 'invoices', name: null, number: null, local: true });

    const listed = await desk.call('outbox.list');
    expect(listed.every((e) => e.record !== undefined)).toBe(true);
    expect(listed.find((e) => e.id === order.id)?.record).toMatchObject({ resource: 'orders', number: null, local: true });
    for (const entry of listed) expect(JSON.stringify([entry.record?.name, entry.record?.number])).not.toMatch(/local:/);
  });

  it('a bulk change previews what it queues and what it leaves out, and queues exactly that', async () => {
    const [doomed] = contacts;
    const deletion = await desk.call('outbox.enqueue', { kind: 'delete-contact', params: { contactid: doomed!.id } });
    const all = await desk.call('data.list', { resource: 'contacts', limit: 1000 });
    const preview = await desk.call('contacts.bulkPreview', { shown: {} });
    expect(preview).toEqual({ sending: all.total - 1, skippedDeleting: 1 });
    const queued = await desk.call('contacts.bulkUpdate', { shown: {}, changes: { generalemails: true } });
    expect(queued).toHaveLength(preview.sending);
    expect(queued.every((e) => e.record?.resource === 'contacts')).toBe(true);
    await desk.call('outbox.discard', { id: deletion.id });
  });
});
