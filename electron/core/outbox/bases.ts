/**
 * A base with every entry (issue 34): what an edit is made on, read from the mirror when it is queued, with the
 * entries queued before it laid over (a second edit of a contact is made on the first's values, not on what the
 * provider had before both). What each kind keeps is its engine definition's `freshness.base`
 * (mutations/*-freshness.ts, the shapes in shared/outbox/conflict.ts).
 */
import type { Contact, Domain, Order, Ticket } from '../../../shared/models.js';
import type { EntryBase } from '../../../shared/outbox/conflict.js';
import type { OutboxEntry } from '../../../shared/outbox/entry.js';
import type { Mutation } from '../../../shared/outbox/schemas.js';
import type { BaseContext } from './mutations/freshness.js';
import { engineOf } from './mutations/index.js';
import { overlay } from './overlay.js';
import { pendingRenewalsOf } from './provider-state.js';
import type { StoredParams } from './references.js';

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
    let renewals: Map<string, number[]> | null = null;
    const on: BaseContext = {
      contact: (id) => contacts.get(id) ?? null,
      ticket: (id) => mirror.get('tickets', id),
      domainsByName: (names) => mirror.domainsByName(names),
      pendingRenewals: () => (renewals ??= pendingRenewalsOf(mirror.ordersWithStatus('Pending'))),
      ...(where ? { where } : {}),
    };
    return mutations.map((mutation) => engineOf(mutation.kind).freshness?.base(mutation.params as StoredParams, on) ?? null);
  };
}

/**
 * The contacts the mutations name, as the lists show them (the mirror's rows with pending edits laid over), read
 * in one pass for a batch: laying 2,000 entries over each of a bulk edit's 2,000 contacts one by one is quadratic.
 */
function overlaidContacts(mirror: BaseReads, mutations: readonly Mutation[], pending: readonly OutboxEntry[]): Map<number, Contact> {
  const ids = new Set(mutations.flatMap((m) => ('contactid' in m.params && typeof m.params.contactid === 'number' ? [m.params.contactid] : [])));
  if (ids.size === 0) return new Map();
  const rows = [...ids].flatMap((id) => mirror.get('contacts', id) ?? []);
  return new Map(overlay('contacts', rows, pending).flatMap((row) => (typeof row.id === 'number' ? [[row.id, { ...row, id: row.id }] as const] : [])));
}
