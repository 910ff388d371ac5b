/** Reconciliation of an entry found `sending`, per kind, against a provider in memory. */
import { describe, expect, it } from 'vitest';
import type { EntryRow } from '../../electron/core/outbox/entry-row.js';
import { reconcile, type Verdict } from '../../electron/core/outbox/reconcile.js';
import { contact, FakeClient, lineItem, order, serverDateTime, stats, ticket } from './outbox-fixtures.js';

const SENT = Date.UTC(2026, 10, 22, 12, 0, 0);
const MINUTE = 60_000;
const time = { clockSkewMs: 10 * MINUTE, serverUtcOffsetMinutes: 0 };
const at = (offsetMs: number) => serverDateTime(SENT + offsetMs);

function row(id: number, kind: EntryRow['kind'], params: object, precheck: object | null = null): EntryRow {
  return {
    id, kind, record_key: '', params: JSON.stringify(params), state: 'sending', attempts: 1, failures: 0, error_kind: null, error_message: null, error_issues: null,
    created_at: SENT - MINUTE, updated_at: SENT, sent_at: SENT, next_attempt_at: SENT, result: null, precheck: precheck && JSON.stringify(precheck),
    base: null, conflict: null,
  };
}

function check(client: FakeClient, entry: EntryRow, claimed: number[] = [], options = time): Promise<Verdict> {
  return reconcile({ client, row: entry, claimed: new Set(claimed), time: options });
}

describe('add-contact', () => {
  const entry = row(1, 'add-contact', { firstname: 'Ada', lastname: 'Lovelace', email: 'Ada@Example.com' });

  it('is done with the one contact of that e-mail and name, resent when there is none, reviewed when several', async () => {
    const client = new FakeClient();
    client.contacts = [contact({ id: 7, firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com' })];
    expect(await check(client, entry)).toEqual({ verdict: 'resend' });
    client.contacts.push(contact({ id: 8, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }));
    expect(await check(client, entry)).toEqual({ verdict: 'done', result: { contactId: 8 }, serverId: 8 });
    expect(client.callsOf('getContacts')[0]).toMatchObject({ email: 'Ada@Example.com' });
    client.contacts.push(contact({ id: 9, firstName: 'Ada', lastName: 'Lovelace', email: 'ADA@example.com' }));
    expect(await check(client, entry)).toMatchObject({ verdict: 'review', reason: expect.stringContaining('#8, #9') });
    expect(await check(client, entry, [8])).toEqual({ verdict: 'done', result: { contactId: 9 }, serverId: 9 });
  });
});

describe('open-ticket', () => {
  const entry = row(1, 'open-ticket', { deptid: 2, subject: 'Renewal & billing', message: 'm' });

  it('is done with the one matching ticket opened since the send, whatever entities the provider stored', async () => {
    const client = new FakeClient();
    client.tickets = [
      ticket({ id: 3, deptId: 2, subject: 'Renewal &amp; billing', date: at(2 * MINUTE), tid: '555', c: 'Xy' }),
      ticket({ id: 4, deptId: 1, subject: 'Renewal & billing', date: at(MINUTE) }),
    ];
    expect(await check(client, entry)).toEqual({ verdict: 'done', result: { id: 3, tid: '555', c: 'Xy' }, serverId: 3 });
    // The search avoids characters a provider may store as entities; the match itself is exact.
    expect(client.callsOf('getTickets')[0]).toMatchObject({ subject: 'Renewal' });
  });

  it('allows for clock skew, resends when nothing is that recent, reviews when a match is only hours older', async () => {
    const client = new FakeClient();
    client.tickets = [ticket({ id: 3, deptId: 2, subject: 'Renewal & billing', date: at(-5 * MINUTE) })];
    expect(await check(client, entry)).toMatchObject({ verdict: 'done', serverId: 3 });
    client.tickets[0]!.date = at(-3 * 3600_000);
    expect(await check(client, entry)).toMatchObject({ verdict: 'review', reason: expect.stringContaining('time zone') });
    client.tickets[0]!.date = at(-3 * 24 * 3600_000);
    expect(await check(client, entry)).toEqual({ verdict: 'resend' });
    // The same ticket, with the provider's clock configured two hours ahead of UTC.
    client.tickets[0]!.date = at(2 * 3600_000 + MINUTE);
    expect(await check(client, entry, [], { ...time, serverUtcOffsetMinutes: 120 })).toMatchObject({ verdict: 'done', serverId: 3 });
  });

  it('reviews two matches and never claims one twice', async () => {
    const client = new FakeClient();
    client.tickets = [3, 4].map((id) => ticket({ id, deptId: 2, subject: 'Renewal & billing', date: at(MINUTE) }));
    expect(await check(client, entry)).toMatchObject({ verdict: 'review', reason: expect.stringContaining('2 tickets') });
    expect(await check(client, entry, [3])).toMatchObject({ verdict: 'done', serverId: 4 });
  });
});

describe('add-order', () => {
  const entry = row(1, 'add-order', { pid: [5], domain: ['shop.example', 'new.example'], domaintype: ['register', 'register'], addons: [[1, 2]] });
  const ours = (id: number, date: string) =>
    order({
      id, date, invoiceId: 900,
      lineItems: [lineItem('product', 'shop.example', 31), lineItem('addon', '', 41), lineItem('addon', '', 42), lineItem('domain', 'shop.example', 51), lineItem('domain', 'new.example', 52)],
    });

  it('finds the order among the newest of a long list, oldest first or newest first', async () => {
    const old = Array.from({ length: 260 }, (_, i) => order({ id: i + 1, date: at(-30 * 24 * 3600_000 + i * MINUTE), lineItems: [lineItem('product', 'x.example')] }));
    for (const list of [[...old, ours(261, at(MINUTE))], [ours(261, at(MINUTE)), ...[...old].reverse()]]) {
      const client = new FakeClient();
      client.orders = list;
      expect(await check(client, entry)).toEqual({
        verdict: 'done',
        result: { orderId: 261, orderNum: '1234567890', invoiceId: 900, serviceIds: [31], addonIds: [41, 42], domainIds: [51, 52] },
        serverId: 261,
      });
      // It stops paging once orders are older than the send (with margins): not the whole list.
      expect(client.callsOf('getOrders').length).toBeLessThanOrEqual(3);
    }
  });

  it('resends when nothing was ordered since; reviews an unexplained recent order or a near match', async () => {
    const client = new FakeClient();
    client.orders = [order({ id: 1, date: at(-40 * 24 * 3600_000), lineItems: [lineItem('product', 'x.example')] })];
    expect(await check(client, entry)).toEqual({ verdict: 'resend' });
    client.orders.push(order({ id: 2, date: at(MINUTE), lineItems: [lineItem('product', 'other.example')] }));
    expect(await check(client, entry)).toMatchObject({ verdict: 'review', reason: expect.stringContaining('other items') });
    client.orders = [ours(3, at(-4 * 3600_000))];
    expect(await check(client, entry)).toMatchObject({ verdict: 'review', reason: expect.stringContaining('shortly before') });
    client.orders = [ours(3, at(MINUTE)), ours(4, at(2 * MINUTE))];
    expect(await check(client, entry)).toMatchObject({ verdict: 'review', reason: expect.stringContaining('2 orders') });
    expect(await check(client, entry, [3])).toMatchObject({ verdict: 'done', serverId: 4 });
  });
});

describe('create-invoice', () => {
  const params = { items: [{ description: 'Work', amount: '100.00', taxed: true }, { description: 'Fee', amount: 5 }], taxrate: 19 };
  const before = { Draft: { count: 0, cents: 0 }, Unpaid: { count: 2, cents: 5000 }, Paid: { count: 0, cents: 0 }, Cancelled: { count: 0, cents: 0 }, Refunded: { count: 0, cents: 0 }, Collections: { count: 0, cents: 0 } };

  it('compares the invoice statistics with those recorded before sending', async () => {
    const client = new FakeClient();
    client.invoiceStats = stats([2, 5000]);
    expect(await check(client, row(1, 'create-invoice', params, before))).toEqual({ verdict: 'resend' });
    client.invoiceStats = stats([3, 5000 + 10_500 + 1_900]);
    expect(await check(client, row(1, 'create-invoice', params, before))).toMatchObject({
      verdict: 'done',
      result: { invoiceId: null, status: 'Unpaid', note: expect.stringContaining('not its invoice id') },
      serverId: null,
    });
    client.invoiceStats = stats([3, 5000 + 10_500]);
    expect(await check(client, row(1, 'create-invoice', params, before))).toMatchObject({ verdict: 'review', reason: expect.stringContaining('total 124.00') });
    client.invoiceStats = stats([4, 5000 + 2 * 12_400]);
    expect(await check(client, row(1, 'create-invoice', params, before))).toMatchObject({ verdict: 'review' });
    client.invoiceStats = stats([2, 5000], [1, 12_400]);
    expect(await check(client, row(1, 'create-invoice', params, before))).toMatchObject({ verdict: 'review', reason: expect.stringContaining('Draft +1') });
    expect(await check(client, row(1, 'create-invoice', { ...params, draft: true }, before))).toMatchObject({ verdict: 'done' });
  });

  it('cannot decide without the statistics from before', async () => {
    expect(await check(new FakeClient(), row(1, 'create-invoice', params, null))).toMatchObject({ verdict: 'review' });
  });
});

describe('the others', () => {
  it('resends a ticket reply only when the ticket was last replied to before it was sent', async () => {
    const client = new FakeClient();
    const entry = row(1, 'add-ticket-reply', { ticketid: 4, message: 'm' });
    client.tickets = [ticket({ id: 4, lastReply: at(-60 * MINUTE) })];
    expect(await check(client, entry)).toEqual({ verdict: 'resend' });
    client.tickets = [ticket({ id: 4, lastReply: at(-5 * MINUTE) })];
    expect(await check(client, entry)).toMatchObject({ verdict: 'review' });
  });

  it('simply resends idempotent writes without asking', async () => {
    const client = new FakeClient();
    for (const [kind, params] of [['update-contact', { contactid: 1, city: 'X' }], ['delete-contact', { contactid: 1 }], ['domain-request-epp', { domainid: 1 }]] as const) {
      expect(await check(client, row(1, kind, params))).toEqual({ verdict: 'resend' });
    }
    expect(client.calls).toEqual([]);
  });
});
