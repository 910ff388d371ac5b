/**
 * A base with every entry (issue 34): what an edit is made on, read from the mirror when it is queued, with the
 * entries queued before it laid over (a second edit of a contact is made on the first's values, not on what the
 * provider had before both). Per kind (shared/outbox/conflict.ts): a contact's `updated_at` and the fields the
 * edit touches (all for a delete), a ticket's status and last reply, a renewed domain's dates and the renewal
 * orders already pending, the names an order registers or transfers that the account does not hold. A record
 * the mirror does not know (a queued create) gets no base: there is nothing on the provider to have changed.
 */
import type { Contact, Domain, Order, Ticket } from '../../../shared/models.js';
import type { EntryBase, RenewalBase } from '../../../shared/outbox/conflict.js';
import type { OutboxEntry } from '../../../shared/outbox/entry.js';
import type { Mutation } from '../../../shared/outbox/schemas.js';
import { CONTACT_FIELDS } from './mutations/contact-fields.js';
import { overlay } from './overlay.js';
import { contactFieldValues, holdsName, pendingRenewalsOf } from './provider-state.js';

/** The mirror's reads a base needs. */
export interface BaseReads {
  get(resource: 'contacts', id: number): Contact | null;
  get(resource: 'tickets', id: number): Ticket | null;
  domainsByName(names: readonly string[]): Domain[];
  ordersWithStatus(status: string): Order[];
}

/** The bases of mutations about to be queued, in their order; `where`: a bulk edit's filter on contacts' own fields. */
export type BaseSource = (mutations: readonly Mutation[], where?: Record<string, string>) => (EntryBase | null)[];


export function mirrorBases(mirror: BaseReads, pending: () => readonly OutboxEntry[]): BaseSource {
  return (mutations, where) => {
    const contacts = overlaidContacts(mirror, mutations, pending());
    return mutations.map((mutation) => {
      switch (mutation.kind) {
        case 'update-contact':
        case 'delete-contact': {
          const contact = typeof mutation.params.contactid === 'number' ? contacts.get(mutation.params.contactid) : undefined;
          if (!contact) return null;
          const values = contactFieldValues(contact);
          const touched = mutation.kind === 'delete-contact' ? Object.keys(values) : Object.keys(mutation.params).filter((param) => param in CONTACT_FIELDS);
          const fields = Object.fromEntries(touched.map((param) => [param, values[param]!]));
          return { of: 'contact', updatedAt: contact.updatedAt, fields, ...(where && mutation.kind === 'update-contact' ? { where } : {}) };
        }
        case 'add-ticket-reply': {
          const ticket = typeof mutation.params.ticketid === 'number' ? mirror.get('tickets', mutation.params.ticketid) : null;
          return ticket && { of: 'ticket', status: ticket.status, lastReply: ticket.lastReply };
        }
        case 'add-order':
          return orderBase(mirror, mutation.params);
        default:
          return null;
      }
    });
  };
}

/** The contacts the mutations touch, as the lists show them (the mirror's rows with pending edits laid over). */
function overlaidContacts(mirror: BaseReads, mutations: readonly Mutation[], pending: readonly OutboxEntry[]): Map<number, Contact> {
  const ids = new Set(mutations.flatMap((m) => ((m.kind === 'update-contact' || m.kind === 'delete-contact') && typeof m.params.contactid === 'number' ? [m.params.contactid] : [])));
  if (ids.size === 0) return new Map();
  const rows = [...ids].flatMap((id) => mirror.get('contacts', id) ?? []);
  return new Map(overlay('contacts', rows, pending).flatMap((row) => (typeof row.id === 'number' ? [[row.id, { ...row, id: row.id }] as const] : [])));
}

function orderBase(mirror: BaseReads, params: Extract<Mutation, { kind: 'add-order' }>['params']): EntryBase | null {
  const renewing = Object.keys(params.domainrenewals ?? {}).map((name) => name.trim().toLowerCase());
  const ordering = (params.domaintype ?? []).flatMap((type, i) => (type === 'register' || type === 'transfer' ? [(params.domain?.[i] ?? '').trim().toLowerCase()] : []));
  if (renewing.length === 0 && ordering.length === 0) return null;
  const held = new Map(mirror.domainsByName([...renewing, ...ordering]).map((d) => [d.domainName.toLowerCase(), d]));
  const pendingRenewals = renewing.length > 0 ? pendingRenewalsOf(mirror.ordersWithStatus('Pending')) : new Map<string, number[]>();
  const renewals: Record<string, RenewalBase> = {};
  for (const name of renewing) {
    const domain = held.get(name);
    if (domain) renewals[name] = { expiryDate: domain.expiryDate, nextDueDate: domain.nextDueDate, pendingOrders: pendingRenewals.get(name) ?? [] };
  }
  const names = ordering.filter((name) => {
    const domain = held.get(name);
    return name !== '' && (!domain || !holdsName(domain.status));
  });
  return { of: 'order', renewals, names };
}
