/** The public shape of an outbox entry, shared by the engine and every view of the queue. */
import type { ApiErrorKind, ContactRef, EppResult, OrderCreated, TicketOpened } from '../models.js';
import type { ResourceName } from '../records.js';
import type { EntryBase, EntryConflict } from './conflict.js';
import type { MutationKind } from './kinds.js';
import type { LocalId } from './local-ids.js';
import type { MutationParams } from './schemas.js';
import type { EntryState } from './states.js';

/** What the server answered, per kind. */
export interface ResultMap {
  'add-contact': ContactRef;
  /** unchanged: the provider had every value already (changed there the same way meanwhile): nothing was sent. */
  'update-contact': ContactRef & { unchanged?: true };
  /** alreadyDeleted: the provider no longer knew the contact ("Contact ID Not Found"), which is what was wanted. */
  'delete-contact': ContactRef & { alreadyDeleted?: true };
  'open-ticket': TicketOpened;
  'add-ticket-reply': { ticketId: number };
  /** invoiceId is null when the invoice was recognised from the account statistics after a lost reply; `note` says so. */
  'create-invoice': { invoiceId: number | null; status: string; note?: string };
  'add-order': OrderCreated;
  'domain-request-epp': EppResult;
}

/** reconciled: the reply was lost and the outcome was established by reading the server back. */
export type MutationResult<K extends MutationKind> = ResultMap[K] & { reconciled?: true };

/**
 * Why an entry is not done yet. `kind` is the ApiError kind of the last failure, or: reconciliation (a lost
 * reply could not be matched with certainty), dependency (a create it needs was discarded or gave no id),
 * internal (a fault in this app, not the provider's answer), conflict (the provider changed the record
 * meanwhile: the entry's `conflict` holds the facts).
 */
export interface EntryProblem {
  kind: ApiErrorKind | 'reconciliation' | 'dependency' | 'internal' | 'conflict';
  message: string;
  /** What the provider said of each field, where it did (a 422's errors): for the edit form's fields. */
  issues?: Array<{ field: string; message: string }>;
}

/**
 * The record an entry is about, named as the lists name it (front ends never show a local id): set by the desk
 * on every entry it hands a front end, read from the mirror with the queued edits laid over it.
 */
export interface EntryRecord {
  resource: ResourceName;
  /** What the record's detail opens by: its server id once known, else its local id; null when none (a domain named but not mirrored). */
  id: number | LocalId | null;
  /** Its name (a contact's person, a ticket's subject, a domain's name); null when it has none yet. */
  name: string | null;
  /** The number the provider gave it (a ticket's #348295, an order's number); null until it has one. */
  number: string | null;
  /** Still only in the outbox: not known to the provider yet. */
  local: boolean;
}

interface EntryCommon {
  id: number;
  /** `local:<id>` for creates (kept after the server id is known: see Outbox.resolveId); null otherwise. */
  localId: LocalId | null;
  recordKey: string;
  state: EntryState;
  /** Requests sent so far. */
  attempts: number;
  lastError: EntryProblem | null;
  /** For a queued entry that cannot go yet: what it waits for ("waiting for #7 (add-contact, failed)"). */
  waitingFor: string | null;
  /** Epoch milliseconds. */
  createdAt: number;
  updatedAt: number;
  sentAt: number | null;
  nextAttemptAt: number;
  /** What the edit was made on (the record's version and the old values of the fields it touches); null for kinds that need none. */
  base: EntryBase | null;
  /** Why a `conflict` entry waits for the person, as facts; null in every other state. */
  conflict: EntryConflict | null;
  /** Set by the desk for front ends; absent inside the engine. Null when the record is not known here. */
  record?: EntryRecord | null;
}

export type OutboxEntry = {
  [K in MutationKind]: EntryCommon & { kind: K; params: MutationParams<K>; result: MutationResult<K> | null };
}[MutationKind];

export type OutboxEntryOf<K extends MutationKind> = Extract<OutboxEntry, { kind: K }>;

/** A window of the outbox (outbox.page): what a screen shows of a queue of thousands, read as it scrolls. */
export interface OutboxPage {
  /** Newest first. */
  entries: OutboxEntry[];
  /** How many entries the filter matches. */
  total: number;
  /** The whole outbox's entries by state. */
  counts: Record<EntryState, number>;
  /** The entries that queued ones of this window wait for ("waiting for #7"), when not in it: to name them. */
  waitedOn: OutboxEntry[];
}

/** The entry number an entry waits for, from its waitingFor ("waiting for #7 (…)"), or null. */
export function waitedOnId(entry: Pick<OutboxEntry, 'waitingFor'>): number | null {
  const match = /^waiting for #(\d+)/.exec(entry.waitingFor ?? '');
  return match ? Number(match[1]) : null;
}
