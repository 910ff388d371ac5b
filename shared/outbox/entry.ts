/** The public shape of an outbox entry, shared by the engine and every view of the queue. */
import type { ApiErrorKind, ContactRef, EppResult, OrderCreated, TicketOpened } from '../models.js';
import type { MutationKind } from './kinds.js';
import type { LocalId } from './local-ids.js';
import type { MutationParams } from './schemas.js';
import type { EntryState } from './states.js';

/** What the server answered, per kind. */
export interface ResultMap {
  'add-contact': ContactRef;
  'update-contact': ContactRef;
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
 * internal (a fault in this app, not the provider's answer).
 */
export interface EntryProblem {
  kind: ApiErrorKind | 'reconciliation' | 'dependency' | 'internal';
  message: string;
  /** What the provider said of each field, where it did (a 422's errors): for the edit form's fields. */
  issues?: Array<{ field: string; message: string }>;
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
}

export type OutboxEntry = {
  [K in MutationKind]: EntryCommon & { kind: K; params: MutationParams<K>; result: MutationResult<K> | null };
}[MutationKind];

export type OutboxEntryOf<K extends MutationKind> = Extract<OutboxEntry, { kind: K }>;
