/** The public shape of an outbox entry, and how a database row becomes one. */
import type { ContactRef, EppResult, OrderCreated, TicketOpened } from '../../../shared/models.js';
import type { ApiErrorKind } from '../api/errors.js';
import { isCreate, type MutationKind } from './kinds.js';
import { localIdOf, type LocalId } from './local-ids.js';
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

/** A row of the entries table. */
export interface EntryRow {
  id: number;
  kind: MutationKind;
  record_key: string;
  params: string;
  state: EntryState;
  attempts: number;
  failures: number;
  error_kind: EntryProblem['kind'] | null;
  error_message: string | null;
  created_at: number;
  updated_at: number;
  sent_at: number | null;
  next_attempt_at: number;
  result: string | null;
  precheck: string | null;
}

export function toEntry(row: EntryRow, waitingFor: string | null): OutboxEntry {
  return {
    id: row.id,
    kind: row.kind,
    localId: isCreate(row.kind) ? localIdOf(row.id) : null,
    recordKey: row.record_key,
    params: JSON.parse(row.params),
    state: row.state,
    attempts: row.attempts,
    lastError: row.error_kind === null ? null : { kind: row.error_kind, message: row.error_message ?? '' },
    waitingFor,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    sentAt: row.sent_at,
    nextAttemptAt: row.next_attempt_at,
    result: row.result === null ? null : JSON.parse(row.result),
  } as OutboxEntry;
}
