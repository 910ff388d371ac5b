/**
 * What the provider holds now of the records pending entries touch, read just before they are sent
 * (freshness.ts), in the shapes the decisions compare (decide.ts): a contact's fields under update-contact's
 * param names, a ticket's status, a domain's dates, the renewal orders pending per domain.
 */
import type { Contact, Domain, Order } from '../../../shared/models.js';
import type { FieldValue } from '../../../shared/outbox/conflict.js';
import { CONTACT_FIELDS } from './mutations/contact-fields.js';

export interface ContactNow {
  updatedAt: string | null;
  fields: Record<string, FieldValue>;
}

export interface DomainNow {
  status: string;
  regDate: string | null;
  expiryDate: string | null;
  nextDueDate: string | null;
}

/**
 * One read of the provider. A map holds a resource only when it was read: a record missing from a map that was
 * read is gone on the provider; a resource not read (undefined) is unknown, and the entry goes as it is.
 */
export interface ProviderState {
  readAt: number;
  contacts?: Map<number, ContactNow>;
  tickets?: Map<number, { status: string; lastReply: string | null }>;
  /** By lower-case name. Read for the names asked only, or whole: `domainsRead` says which names were looked for. */
  domains?: Map<string, DomainNow>;
  domainsRead?: ReadonlySet<string> | 'all';
  /** Renewal orders pending on the provider, by lower-case domain name. */
  pendingRenewals?: Map<string, number[]>;
}

/** Domain statuses that no longer hold a name in the account. */
export function holdsName(status: string): boolean {
  return !['cancelled', 'transferred away', 'fraud'].includes(status.toLowerCase());
}

/**
 * What the provider holds once an entry went (as far as a later entry of the same record, compared in the same
 * run, needs to know): a contact's new values, a contact gone, a ticket answered by the client.
 */
export function afterSent(state: ProviderState, kind: string, params: Record<string, unknown>): void {
  if (kind === 'update-contact') {
    const contact = state.contacts?.get(Number(params.contactid));
    if (!contact) return;
    for (const [param, value] of Object.entries(params)) {
      if (param in CONTACT_FIELDS && value !== undefined) contact.fields[param] = fieldValue(param, value);
    }
  } else if (kind === 'delete-contact') {
    state.contacts?.delete(Number(params.contactid));
  } else if (kind === 'add-ticket-reply') {
    const ticket = state.tickets?.get(Number(params.ticketid));
    if (ticket) ticket.status = 'Customer-Reply';
  }
}

/** A value of update-contact's params as the provider keeps it (a country in capitals). */
export function fieldValue(param: string, value: unknown): FieldValue {
  if (typeof value === 'boolean') return value;
  return param === 'country' ? String(value).trim().toUpperCase() : String(value);
}

/** Whether two field values are the same to the provider (text compared without surrounding spaces). */
export function sameValue(a: FieldValue | null | undefined, b: FieldValue | null | undefined): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a.trim() === b.trim();
  return a === b;
}

/** A contact's fields as update-contact's params name them (country in capitals, as the provider keeps it). */
export function contactFieldValues(contact: Contact): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = {};
  for (const [param, field] of Object.entries(CONTACT_FIELDS)) {
    const value = contact[field];
    values[param] = typeof value === 'boolean' ? value : field === 'country' ? String(value ?? '').toUpperCase() : String(value ?? '');
  }
  return values;
}

export function domainNow(domain: Domain): DomainNow {
  return { status: domain.status, regDate: domain.regDate, expiryDate: domain.expiryDate, nextDueDate: domain.nextDueDate };
}

/** The ids of pending orders that renew each domain, by lower-case name, from their line items. */
export function pendingRenewalsOf(orders: readonly Order[]): Map<string, number[]> {
  const byDomain = new Map<string, number[]>();
  for (const order of orders) {
    if (order.status.toLowerCase() !== 'pending') continue;
    for (const item of order.lineItems) {
      if (item.type.toLowerCase() !== 'domain' || !/renew/i.test(item.product)) continue;
      const name = item.domain.trim().toLowerCase();
      const ids = byDomain.get(name) ?? [];
      if (!ids.includes(order.id)) ids.push(order.id);
      byDomain.set(name, ids);
    }
  }
  return byDomain;
}
