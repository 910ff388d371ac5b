/**
 * Decide per field (issue 34): an entry's params, the base it was made on and what the provider holds now →
 * what to send. Pure. The rules, per field the entry sets (mine), its base (original) and the provider's (theirs):
 * - mine = theirs: nothing to send (both sides made the same change, or nobody changed it);
 * - theirs = original: only the person changed it: sent;
 * - mine = original: only the provider changed it (a draft's stale field, row 2b): theirs kept, nothing sent;
 * - all three differ: both changed it differently: it waits for the person.
 * Fields that do not conflict go at once, the conflicting ones wait (the entry holds them: `held`). A bulk
 * edit's contact that no longer matches the edit's filter waits whole. A delete of a contact changed since,
 * a renewal of a domain renewed since (or with a renewal order pending), an order of a name the account now
 * holds, a reply to a ticket closed since: each waits whole. A record the provider no longer has, or a resource
 * not read, leaves the entry as it is: the provider's own answer says the rest.
 */
import type { EntryBase, EntryConflict, FieldChange, FieldValue, FilterMiss, HeldName, RenewedDomain } from '../../../shared/outbox/conflict.js';
import type { MutationKind } from '../../../shared/outbox/kinds.js';
import { CONTACT_FIELDS } from './mutations/contact-fields.js';
import { holdsName, type ContactNow, type ProviderState } from './provider-state.js';
import type { StoredParams } from './references.js';

/** The facts of a conflict without the time they were read (the caller's). */
export type ConflictFacts = EntryConflict extends infer C ? (C extends unknown ? Omit<C, 'checkedAt'> : never) : never;

export type Decision =
  /** Send these params (the entry's, less the fields the provider has already or changed alone). */
  | { go: 'send'; params: StoredParams }
  /** The provider holds every value already: done without a request. */
  | { go: 'nothing' }
  /** Wait for the person; `send` (fields that did not conflict) goes first, `held` is what then waits. */
  | { go: 'hold'; conflict: ConflictFacts; send: StoredParams | null; held: StoredParams };


export function decide(kind: MutationKind, params: StoredParams, base: EntryBase | null, now: ProviderState): Decision {
  const asIs: Decision = { go: 'send', params };
  if (base === null) return asIs;
  switch (base.of) {
    case 'contact': {
      const contact = now.contacts?.get(Number(params.contactid));
      if (!contact) return asIs;
      return kind === 'delete-contact' ? decideDelete(params, base, contact) : decideContactEdit(params, base, contact);
    }
    case 'ticket': {
      const ticket = now.tickets?.get(Number(params.ticketid));
      if (!ticket || !isClosed(ticket.status) || isClosed(base.status)) return asIs;
      return { go: 'hold', conflict: { reason: 'ticket-closed', status: ticket.status, was: base.status }, send: null, held: params };
    }
    case 'order': {
      const renewed = renewedDomains(base.renewals, now);
      const held = heldNames(base.names, now);
      if (renewed.length === 0 && held.length === 0) return asIs;
      return { go: 'hold', conflict: { reason: 'order', renewed, held }, send: null, held: params };
    }
  }
}

export function sameValue(a: FieldValue | null | undefined, b: FieldValue | null | undefined): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a.trim() === b.trim();
  return a === b;
}

/** A value of update-contact's params as the provider keeps it (country in capitals). */
function mineOf(param: string, value: unknown): FieldValue {
  if (typeof value === 'boolean') return value;
  return param === 'country' ? String(value).trim().toUpperCase() : String(value);
}

function decideContactEdit(params: StoredParams, base: Extract<EntryBase, { of: 'contact' }>, contact: ContactNow): Decision {
  const unmatched: FilterMiss[] = Object.entries(base.where ?? {})
    .filter(([field, wanted]) => !sameValue(String(contact.fields[field] ?? '').toUpperCase(), wanted.toUpperCase()))
    .map(([field, wanted]) => ({ field, wanted, now: String(contact.fields[field] ?? '') }));
  const send: StoredParams = {};
  const held: StoredParams = {};
  const conflicts: FieldChange[] = [];
  for (const [param, value] of Object.entries(params)) {
    const known = param in CONTACT_FIELDS && param in base.fields && param in contact.fields;
    if (!known || value === undefined) {
      send[param] = value;
      continue;
    }
    const mine = mineOf(param, value);
    const original = base.fields[param]!;
    const theirs = contact.fields[param]!;
    if (sameValue(mine, theirs) || sameValue(mine, original)) continue;
    if (sameValue(theirs, original)) send[param] = value;
    else {
      held[param] = value;
      conflicts.push({ field: param, original, theirs, yours: mine });
    }
  }
  const fieldsSent = Object.keys(send).filter((param) => param in CONTACT_FIELDS);
  if (unmatched.length > 0) {
    return { go: 'hold', conflict: { reason: 'fields', fields: conflicts, unmatched, sent: [] }, send: null, held: { ...send, ...held } };
  }
  if (conflicts.length === 0) return fieldsSent.length === 0 && !('password2' in send) ? { go: 'nothing' } : { go: 'send', params: send };
  const key = { contactid: params.contactid };
  return {
    go: 'hold',
    conflict: { reason: 'fields', fields: conflicts, unmatched: [], sent: fieldsSent },
    send: fieldsSent.length > 0 || 'password2' in send ? send : null,
    held: { ...key, ...held },
  };
}

function decideDelete(params: StoredParams, base: Extract<EntryBase, { of: 'contact' }>, contact: ContactNow): Decision {
  const fields: FieldChange[] = Object.entries(base.fields)
    .filter(([param, original]) => param in contact.fields && !sameValue(original, contact.fields[param]))
    .map(([field, original]) => ({ field, original, theirs: contact.fields[field]!, yours: null }));
  if (fields.length === 0) return { go: 'send', params };
  return { go: 'hold', conflict: { reason: 'deleted-changed', fields }, send: null, held: params };
}

function renewedDomains(renewals: Extract<EntryBase, { of: 'order' }>['renewals'], now: ProviderState): RenewedDomain[] {
  const renewed: RenewedDomain[] = [];
  for (const [name, was] of Object.entries(renewals)) {
    const domain = now.domains?.get(name.toLowerCase());
    const moved = domain !== undefined && (domain.expiryDate !== was.expiryDate || domain.nextDueDate !== was.nextDueDate);
    const pending = (now.pendingRenewals?.get(name.toLowerCase()) ?? []).filter((id) => !was.pendingOrders.includes(id));
    if (moved || pending.length > 0) renewed.push({ domain: name, expiryDate: { was: was.expiryDate, now: domain?.expiryDate ?? was.expiryDate }, pendingOrders: pending });
  }
  return renewed;
}

function heldNames(names: readonly string[], now: ProviderState): HeldName[] {
  return names.flatMap((name) => {
    const domain = now.domains?.get(name.toLowerCase());
    if (!domain || !holdsName(domain.status)) return [];
    return [{ domain: name, status: domain.status, regDate: domain.regDate }];
  });
}

function isClosed(status: string): boolean {
  return status.toLowerCase() === 'closed';
}
