/**
 * Outbox entries as front ends get them: each with the record it is about, named as the lists name it
 * (shared/record-names.ts), read from the mirror with the queued edits laid over it. A create whose record is
 * not in the mirror yet is named from what it queued.
 */
import type { EntryRecord, OutboxEntry } from '../../../shared/outbox/entry.js';
import { isLocalId } from '../../../shared/outbox/local-ids.js';
import type { OverlaidRecord } from '../../../shared/queries.js';
import { recordNaming } from '../../../shared/record-names.js';
import type { ResourceName } from '../../../shared/records.js';
import type { AccountSession } from '../account-session.js';
import { createdFields, isOverlayResource } from '../outbox/index.js';
import { overlaid, queuedCreates } from './overlay-view.js';

/** Record key prefix → resource (outbox/references.ts). */
const RESOURCE_OF: Record<string, ResourceName> = { contact: 'contacts', ticket: 'tickets', order: 'orders', invoice: 'invoices', domain: 'domains' };

type Session = Pick<AccountSession, 'mirror' | 'outbox'>;

/**
 * The entries, each with its record: the pending entries on their records read in one statement, each record
 * laid over with only its own (laying the whole queue over each record is quadratic: a bulk edit).
 */
export function withRecords(session: Session, entries: readonly OutboxEntry[]): OutboxEntry[] {
  const pending = session.outbox.pendingOnRecords(entries.map((entry) => entry.recordKey));
  return entries.map((entry) => ({ ...entry, record: recordOf(session, entry, pending.get(entry.recordKey) ?? []) }));
}

/** One entry with its record. */
export function withRecord(session: Session, entry: OutboxEntry): OutboxEntry {
  return withRecords(session, [entry])[0]!;
}

function recordOf({ mirror, outbox }: Session, entry: OutboxEntry, pending: readonly OutboxEntry[]): EntryRecord | null {
  const match = /^([a-z]+):(.+)$/.exec(entry.recordKey);
  const resource = match ? RESOURCE_OF[match[1]!] : undefined;
  if (!match || !resource) return null;
  const key = match[2]!;
  const serverId = isLocalId(key) ? outbox.resolveId(key) : /^\d+$/.test(key) ? Number(key) : null;
  let row: OverlaidRecord | Record<string, unknown> | null = null;
  if (serverId !== null) {
    const stored = mirror.get(resource, serverId);
    row = stored === null ? null : (overlaid(resource, [stored], pending)[0] ?? null);
  } else if (isLocalId(key)) {
    row = queuedCreates(resource, pending).find((r) => r.id === key) ?? null;
  }
  // Not in the mirror (yet): a create is named by what it queued; an EPP request by name, by that name.
  row ??= entry.localId !== null && isOverlayResource(resource) ? createdFields(resource, entry) : null;
  if (row === null && resource === 'domains' && serverId === null) return { resource, id: null, name: key, number: null, local: false };
  if (row === null && serverId === null) return null;
  const naming = row ? recordNaming(resource, row as Record<string, unknown>) : { name: null, number: null };
  const id = serverId ?? (isLocalId(key) ? key : null);
  return { resource, id, ...naming, number: naming.number ?? (serverId !== null && resource === 'invoices' ? String(serverId) : null), local: serverId === null };
}
