/** How a database row of the entries table becomes an OutboxEntry. */
import { isCreate } from '../../../shared/outbox/kinds.js';
import { localIdOf } from '../../../shared/outbox/local-ids.js';
import type { EntryProblem, OutboxEntry } from '../../../shared/outbox/entry.js';
import type { MutationKind } from '../../../shared/outbox/kinds.js';
import type { EntryState } from '../../../shared/outbox/states.js';
import { AtRestCipher } from '../vault/at-rest-cipher.js';

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
}

/** `cipher` opens sealed results; one it cannot open (sealed under a key since lost) reads as no result. */
export function toEntry(row: EntryRow, waitingFor: string | null, cipher: AtRestCipher): OutboxEntry {
  return {
    id: row.id,
    kind: row.kind,
    localId: isCreate(row.kind) ? localIdOf(row.id) : null,
    recordKey: row.record_key,
    params: JSON.parse(row.params),
    state: row.state,
    attempts: row.attempts,
    lastError: row.error_kind === null ? null : problemOf(row),
    waitingFor,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    sentAt: row.sent_at,
    nextAttemptAt: row.next_attempt_at,
    result: resultOf(row.result, cipher),
  } as OutboxEntry;
}

function resultOf(stored: string | null, cipher: AtRestCipher): unknown {
  const json = stored !== null && AtRestCipher.isSealed(stored) ? cipher.open(stored) : stored;
  return json === null ? null : JSON.parse(json);
}

function problemOf(row: EntryRow): EntryProblem {
  const problem: EntryProblem = { kind: row.error_kind!, message: row.error_message ?? '' };
  if (row.error_issues !== null) problem.issues = JSON.parse(row.error_issues) as NonNullable<EntryProblem['issues']>;
  return problem;
}
