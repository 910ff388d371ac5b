/**
 * One change to many contacts, field by field: keep (the default), set to a value, or clear; and the plan that
 * shows, before anything is queued, each contact's fields before → after and the contacts left out and why.
 */
import { CONTACT_TEXT_PARAMS } from './contact-import.js';
import type { LocalId } from './outbox/local-ids.js';
import type { ValidationIssue } from './outbox/schemas.js';

/** The e-mail preferences a bulk change can switch on or off (clear = off). */
export const CONTACT_PREFERENCE_FIELDS = ['generalemails', 'productemails', 'domainemails', 'invoiceemails', 'supportemails'] as const;
/** update-contact's fields, as a bulk change names them. */
export const BULK_CONTACT_FIELDS = [...CONTACT_TEXT_PARAMS, ...CONTACT_PREFERENCE_FIELDS] as const;
export type BulkContactField = (typeof BULK_CONTACT_FIELDS)[number];

export type FieldEdit = { keep: true } | { set: string | boolean } | { clear: true };

export interface BulkPlanRow {
  id: number | LocalId;
  /** The contact as the Contacts list names it. */
  name: string;
  /** The changed fields' values now and after the edit, by update-contact's field names. */
  before: Partial<Record<BulkContactField, string | boolean>>;
  after: Partial<Record<BulkContactField, string | boolean>>;
  /** Why the contact is left out (the outbox's checks, by field); empty when its edit is queued. */
  issues: ValidationIssue[];
  /** Every field is already as asked: nothing is queued for it. */
  unchanged: boolean;
}

/**
 * What contacts.bulkEdit queued: how many edits and their entry numbers, in the plan's order. Not the entries
 * themselves: a bulk edit queues up to thousands, and what a front end says of them is their count (the outbox
 * shows each).
 */
export interface BulkEditQueued {
  queued: number;
  entryIds: number[];
}

export interface BulkPlan {
  rows: BulkPlanRow[];
  /** Edits contacts.bulkEdit queues (rows without issues that change something). */
  sending: number;
  /** Rows left out by a check, rows already as asked, and contacts skipped because their deletion is queued. */
  invalid: number;
  unchanged: number;
  skippedDeleting: number;
}
