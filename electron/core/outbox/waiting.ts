/**
 * Why a queued entry cannot be sent yet. One rule set serves the replayer (what may go now) and the UI
 * (the "waiting for …" text of an entry):
 * - an earlier unsettled entry of the same record goes first, whatever its state: a later edit must not
 *   overtake a failed one the user is about to fix;
 * - an entry that refers to a local id waits until that create is done (its params then carry the server id);
 * - while an invoice or order is unconfirmed (sending), other invoices and orders wait, because a lost
 *   create-invoice is recognised by the change in the account's invoice statistics.
 */
import type { EntryRow } from './entry-row.js';
import { touchesInvoiceStats } from '../../../shared/outbox/definitions.js';
import { localRefs } from './references.js';

/** Reasons by entry id, for the queued entries among `active` (all unsettled entries, in id order). */
export function waitingReasons(active: readonly EntryRow[]): Map<number, string> {
  const reasons = new Map<number, string>();
  const byId = new Map(active.map((row) => [row.id, row]));
  const firstOfRecord = new Map<string, EntryRow>();
  const unconfirmedBilling = active.find((row) => row.state === 'sending' && touchesInvoiceStats(row.kind));
  for (const row of active) {
    const ahead = firstOfRecord.get(row.record_key);
    if (!ahead) firstOfRecord.set(row.record_key, row);
    if (row.state !== 'queued') continue;
    const reason =
      (ahead && `waiting for #${ahead.id} (${describe(ahead)})`) ||
      dependencyReason(row, byId) ||
      (touchesInvoiceStats(row.kind) && unconfirmedBilling && unconfirmedBilling.id !== row.id
        ? `waiting for #${unconfirmedBilling.id} (${describe(unconfirmedBilling)}) to be confirmed: invoices and orders go one at a time`
        : null);
    if (reason) reasons.set(row.id, reason);
  }
  return reasons;
}

function dependencyReason(row: EntryRow, byId: ReadonlyMap<number, EntryRow>): string | null {
  for (const ref of localRefs(row.kind, JSON.parse(row.params))) {
    const create = byId.get(ref.entryId);
    // A settled create has either replaced its local id everywhere (done) or moved this entry to needs_review.
    if (!create) return `waiting for ${ref.localId}, which is not pending`;
    return `waiting for #${create.id} (${describe(create)}) to give ${ref.field} its server id`;
  }
  return null;
}

function describe(row: EntryRow): string {
  return `${row.kind}, ${row.state.replace('_', ' ')}`;
}
