/** Decide per field (issue 34): an entry's params, its base and what the provider holds now → what goes, what waits. */
import { describe, expect, it } from 'vitest';
import { decide } from '../../electron/core/outbox/decide.js';
import type { ContactNow, ProviderState } from '../../electron/core/outbox/provider-state.js';
import { rebasedOnTheirs, withoutTheirs } from '../../electron/core/outbox/conflict-settle.js';
import type { EntryBase, EntryConflict } from '../../shared/outbox/conflict.js';

const contactNow = (fields: ContactNow['fields']): ProviderState => ({ readAt: 1, contacts: new Map([[7, { updatedAt: null, fields }]]) });
const contactBase = (fields: Record<string, string | boolean>, where?: Record<string, string>): EntryBase => ({ of: 'contact', updatedAt: null, fields, ...(where ? { where } : {}) });

describe('a contact edit', () => {
  const base = contactBase({ email: 'a@x.it', phonenumber: '1', city: 'Roma' });

  it('sends the fields only the person changed and leaves out those the provider has already', () => {
    const now = contactNow({ email: 'a@x.it', phonenumber: '1', city: 'Milano' });
    expect(decide('update-contact', { contactid: 7, email: 'b@x.it', city: 'Milano' }, base, now)).toEqual({ go: 'send', params: { contactid: 7, email: 'b@x.it' } });
  });

  it('keeps the provider’s value of a field the person did not change (a draft’s stale field: row 2b)', () => {
    const now = contactNow({ email: 'a@x.it', phonenumber: '2', city: 'Roma' });
    expect(decide('update-contact', { contactid: 7, email: 'b@x.it', phonenumber: '1' }, base, now)).toEqual({ go: 'send', params: { contactid: 7, email: 'b@x.it' } });
  });

  it('has nothing to send when the provider holds every value already', () => {
    const now = contactNow({ email: 'b@x.it', phonenumber: '1', city: 'Roma' });
    expect(decide('update-contact', { contactid: 7, email: 'b@x.it', phonenumber: '1' }, base, now)).toEqual({ go: 'nothing', result: { contactId: 7, unchanged: true } });
  });

  it('holds a field both changed differently, and sends the others first', () => {
    const now = contactNow({ email: 'c@x.it', phonenumber: '1', city: 'Roma' });
    expect(decide('update-contact', { contactid: 7, email: 'b@x.it', city: 'Bari', password2: 'sealed' }, base, now)).toEqual({
      go: 'hold',
      conflict: { reason: 'fields', fields: [{ field: 'email', original: 'a@x.it', theirs: 'c@x.it', yours: 'b@x.it' }], unmatched: [], sent: ['city'] },
      send: { contactid: 7, city: 'Bari', password2: 'sealed' },
      held: { contactid: 7, email: 'b@x.it' },
    });
  });

  it('holds it whole when nothing else is to send; compares a country in capitals', () => {
    const now = contactNow({ email: 'c@x.it', country: 'IT' });
    expect(decide('update-contact', { contactid: 7, email: 'b@x.it', country: 'it' }, contactBase({ email: 'a@x.it', country: 'IT' }), now)).toMatchObject({
      go: 'hold',
      send: null,
      held: { contactid: 7, email: 'b@x.it' },
    });
  });

  it('holds a bulk edit’s contact that left the edit’s filter, whole', () => {
    const now = contactNow({ city: 'Roma', country: 'DE' });
    expect(decide('update-contact', { contactid: 7, city: 'Bari' }, contactBase({ city: 'Roma' }, { country: 'IT' }), now)).toEqual({
      go: 'hold',
      conflict: { reason: 'fields', fields: [], unmatched: [{ field: 'country', wanted: 'IT', now: 'DE' }], sent: [] },
      send: null,
      held: { contactid: 7, city: 'Bari' },
    });
  });

  it('sends as it is when the provider no longer has the contact, when contacts were not read, or with no base', () => {
    const params = { contactid: 7, email: 'b@x.it' };
    expect(decide('update-contact', params, base, { readAt: 1, contacts: new Map() })).toEqual({ go: 'send', params });
    expect(decide('update-contact', params, base, { readAt: 1 })).toEqual({ go: 'send', params });
    expect(decide('update-contact', params, null, contactNow({ email: 'z@x.it' }))).toEqual({ go: 'send', params });
  });
});

describe('a contact delete', () => {
  it('goes when nothing changed, and waits showing original → theirs when something did', () => {
    const base = contactBase({ email: 'a@x.it', city: 'Roma' });
    expect(decide('delete-contact', { contactid: 7 }, base, contactNow({ email: 'a@x.it', city: 'Roma' }))).toEqual({ go: 'send', params: { contactid: 7 } });
    expect(decide('delete-contact', { contactid: 7 }, base, contactNow({ email: 'a@x.it', city: 'Bari' }))).toEqual({
      go: 'hold',
      conflict: { reason: 'deleted-changed', fields: [{ field: 'city', original: 'Roma', theirs: 'Bari', yours: null }] },
      send: null,
      held: { contactid: 7 },
    });
  });
});

describe('a ticket reply', () => {
  const base: EntryBase = { of: 'ticket', status: 'Answered', lastReply: null };
  const now = (status: string): ProviderState => ({ readAt: 1, tickets: new Map([[5, { status, lastReply: null }]]) });

  it('waits when the ticket was closed since, and goes otherwise (or when it was closed already)', () => {
    const params = { ticketid: 5, message: 'hi' };
    expect(decide('add-ticket-reply', params, base, now('Closed'))).toMatchObject({ go: 'hold', conflict: { reason: 'ticket-closed', status: 'Closed', was: 'Answered' } });
    expect(decide('add-ticket-reply', params, base, now('Customer-Reply'))).toEqual({ go: 'send', params });
    expect(decide('add-ticket-reply', params, { ...base, status: 'Closed' }, now('Closed'))).toEqual({ go: 'send', params });
  });
});

describe('an order', () => {
  const base: EntryBase = { of: 'order', renewals: { 'a.it': { expiryDate: '2027-01-01', nextDueDate: '2026-12-01', pendingOrders: [3] } }, names: ['new.it'] };
  const params = { domainrenewals: { 'a.it': 1 }, domain: ['new.it'], domaintype: ['register'] };
  const domain = (expiryDate: string, status = 'Active') => ({ status, regDate: '2020-01-01', expiryDate, nextDueDate: '2026-12-01' });

  it('goes when its domains are as they were and no name it orders is held', () => {
    const now: ProviderState = { readAt: 1, domains: new Map([['a.it', domain('2027-01-01')], ['new.it', domain('2027-01-01', 'Cancelled')]]), pendingRenewals: new Map([['b.it', [4]]]) };
    expect(decide('add-order', params, base, now)).toEqual({ go: 'send', params });
  });

  it('waits for a domain renewed meanwhile, one with a renewal order pending, or a name the account now holds', () => {
    const renewed: ProviderState = { readAt: 1, domains: new Map([['a.it', domain('2028-01-01')]]), pendingRenewals: new Map() };
    expect(decide('add-order', params, base, renewed)).toMatchObject({ go: 'hold', conflict: { renewed: [{ domain: 'a.it', expiryDate: { was: '2027-01-01', now: '2028-01-01' }, pendingOrders: [] }], held: [] } });
    const ordered: ProviderState = { readAt: 1, domains: new Map([['a.it', domain('2027-01-01')]]), pendingRenewals: new Map([['a.it', [3, 9]]]) };
    expect(decide('add-order', params, base, ordered)).toMatchObject({ go: 'hold', conflict: { renewed: [{ domain: 'a.it', pendingOrders: [3, 9] }] } });
    // Also one pending already when the renewal was queued: nothing is billed twice unasked.
    const known: ProviderState = { ...ordered, pendingRenewals: new Map([['a.it', [3]]]) };
    expect(decide('add-order', params, base, known)).toMatchObject({ go: 'hold', conflict: { renewed: [{ domain: 'a.it', pendingOrders: [3] }] } });
    const held: ProviderState = { readAt: 1, domains: new Map([['new.it', domain('2027-06-01', 'Pending')]]) };
    expect(decide('add-order', params, base, held)).toMatchObject({ go: 'hold', conflict: { renewed: [], held: [{ domain: 'new.it', status: 'Pending' }] }, send: null });
  });

  it('of renewals alone, renews the other domains at once and holds the one renewed meanwhile', () => {
    const two: EntryBase = { of: 'order', renewals: { 'a.it': { expiryDate: '2027-01-01', nextDueDate: null, pendingOrders: [] }, 'b.it': { expiryDate: '2027-05-01', nextDueDate: null, pendingOrders: [] } }, names: [] };
    const now: ProviderState = { readAt: 1, domains: new Map([['a.it', { ...domain('2028-01-01'), nextDueDate: null }], ['b.it', { ...domain('2027-05-01'), nextDueDate: null }]]), pendingRenewals: new Map() };
    expect(decide('add-order', { domainrenewals: { 'a.it': 1, 'b.it': 2 }, paymentmethod: 'mailin' }, two, now)).toEqual({
      go: 'hold',
      conflict: { reason: 'order', renewed: [{ domain: 'a.it', expiryDate: { was: '2027-01-01', now: '2028-01-01' }, pendingOrders: [] }], held: [], sent: ['b.it'] },
      send: { domainrenewals: { 'b.it': 2 }, paymentmethod: 'mailin' },
      held: { domainrenewals: { 'a.it': 1 }, paymentmethod: 'mailin' },
    });
  });
});

describe('settling a conflict', () => {
  const order: EntryBase = { of: 'order', renewals: { 'a.it': { expiryDate: '2027-01-01', nextDueDate: null, pendingOrders: [] }, 'b.it': { expiryDate: '2027-02-01', nextDueDate: null, pendingOrders: [] } }, names: [] };
  const renewedA: EntryConflict = { reason: 'order', renewed: [{ domain: 'a.it', expiryDate: { was: '2027-01-01', now: '2028-01-01' }, pendingOrders: [] }], held: [], sent: [], checkedAt: 1 };

  it('keep mine: the base takes the provider’s values the person saw (a field, a closed ticket, a renewal no longer checked, a filter no longer asked)', () => {
    const fields: EntryConflict = { reason: 'fields', fields: [{ field: 'email', original: 'a', theirs: 'c', yours: 'b' }], unmatched: [{ field: 'country', wanted: 'IT', now: 'DE' }], sent: [], checkedAt: 1 };
    expect(rebasedOnTheirs(contactBase({ email: 'a', city: 'x' }, { country: 'IT' }), fields)).toEqual({ of: 'contact', updatedAt: null, fields: { email: 'c', city: 'x' } });
    expect(rebasedOnTheirs({ of: 'ticket', status: 'Open', lastReply: null }, { reason: 'ticket-closed', status: 'Closed', was: 'Open', checkedAt: 1 })).toEqual({ of: 'ticket', status: 'Closed', lastReply: null });
    expect(rebasedOnTheirs(order, renewedA)).toEqual({ of: 'order', renewals: { 'b.it': order.renewals['b.it'] }, names: [] });
  });

  it('take theirs: an order keeps its other renewals; an entry with nothing else to send ends', () => {
    expect(withoutTheirs({ domainrenewals: { 'A.it': 1, 'b.it': 2 }, paymentmethod: 'mailin' }, renewedA)).toEqual({ domainrenewals: { 'b.it': 2 }, paymentmethod: 'mailin' });
    expect(withoutTheirs({ domainrenewals: { 'a.it': 1 }, paymentmethod: 'mailin' }, renewedA)).toBeNull();
    expect(withoutTheirs({ domainrenewals: { 'a.it': 1 }, pid: [3] }, renewedA)).toEqual({ pid: [3] });
    expect(withoutTheirs({ contactid: 7, email: 'b' }, { reason: 'fields', fields: [], unmatched: [], sent: [], checkedAt: 1 })).toBeNull();
  });
});
