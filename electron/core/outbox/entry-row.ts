/** How a database row of the entries table becomes an OutboxEntry. */
import { isCreate } from '../../../shared/outbox/definitions.js';
import { localIdOf } from '../../../shared/outbox/local-ids.js';
import type { EntryProblem, OutboxEntry } from '../../../shared/outbox/entry.js';
import type { MutationKind } from '../../../shared/outbox/kinds.js';
import type { EntryState } from '../../../shared/outbox/states.js';
import { masked } from '../../../shared/outbox/secrets.js';
import type { EntryBase } from '../../../shared/outbox/conflict.js';
import { storedConflict } from './conflict-row.js';
import { AtRestCipher } from '../vault/at-rest-cipher.js';
import { LostSecretError, openFields, openWhatCan, secretParamsOf, secretResultOf } from './secret-fields.js';

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
  error_issues: string | null;
  created_at: number;
  updated_at: number;
  sent_at: number | null;
  next_attempt_at: number;
  result: string | null;
  precheck: string | null;
  /** JSON EntryBase. */
  base: string | null;
  /** JSON StoredConflict (conflict-row.ts). */
  conflict: string | null;
}

/**
 * The entry with its secret params masked (they are sealed in the row; only sending uses them open) and its
 * result open: `cipher` opens its sealed fields; a result it cannot open (sealed under a key since lost)
 * reads as no result. Front ends get the result masked too (Outbox, maskedEntry).
 */
export function toEntry(row: EntryRow, waitingFor: string | null, cipher: AtRestCipher): OutboxEntry {
  // eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- an entry built from a row whose kind and params are one kind's only at run time (checked on enqueue)
  return {
    id: row.id,
    kind: row.kind,
    localId: isCreate(row.kind) ? localIdOf(row.id) : null,
    recordKey: row.record_key,
    params: paramsOf(row, cipher),
    state: row.state,
    attempts: row.attempts,
    lastError: row.error_kind === null ? null : problemOf(row),
    waitingFor,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    sentAt: row.sent_at,
    nextAttemptAt: row.next_attempt_at,
    result: resultOf(row, cipher),
    base: row.base === null ? null : (JSON.parse(row.base) as EntryBase),
    conflict: row.state === 'conflict' && row.conflict !== null ? storedConflict(row.conflict).facts : null,
  } as OutboxEntry;
}

/** Secret params masked in their own shape (a list stays a list); one the cipher cannot open shows as one mask. */
function paramsOf({ kind, params }: EntryRow, cipher: AtRestCipher): unknown {
  const fields = secretParamsOf(kind);
  return masked(openWhatCan(JSON.parse(params) as Record<string, unknown>, fields, cipher).opened, fields);
}

function resultOf({ kind, result }: EntryRow, cipher: AtRestCipher): unknown {
  // Written before secret fields were sealed one by one, an EPP request's whole result is sealed.
  const json = result !== null && AtRestCipher.isSealed(result) ? cipher.open(result) : result;
  if (json === null) return null;
  try {
    return openFields(JSON.parse(json) as Record<string, unknown>, secretResultOf(kind), cipher);
  } catch (error) {
    if (error instanceof LostSecretError) return null;
    throw error;
  }
}

function problemOf(row: EntryRow): EntryProblem {
  const problem: EntryProblem = { kind: row.error_kind!, message: row.error_message ?? '' };
  if (row.error_issues !== null) problem.issues = JSON.parse(row.error_issues) as NonNullable<EntryProblem['issues']>;
  return problem;
}
