/**
 * The records a view shows beyond the mirror's rows as stored (architecture rule 1): a resource's queued creates, and
 * the mirror rows pending entries name, with those entries laid over them (outbox/overlay.ts).
 */
import type { OutboxEntry } from '../../../shared/outbox/entry.js';
import { isLocalId } from '../../../shared/outbox/local-ids.js';
import type { OverlaidRecord } from '../../../shared/queries.js';
import type { ResourceName, ResourceRecords } from '../../../shared/records.js';
import { isOverlaid } from '../../../shared/resources/index.js';
import type { Mirror } from '../mirror/index.js';
import { changedResources, overlay, type OverlayRowTypes } from '../outbox/index.js';

/** A mirror row with a pending entry: as stored, and as shown. */
export interface EditedRow {
  stored: ResourceRecords[ResourceName];
  shown: OverlaidRecord;
}

/** Rows laid over with the pending entries (a resource without queued edits shows its rows unmarked). */
export function overlaid(resource: ResourceName, rows: readonly object[], pending: readonly OutboxEntry[]): OverlaidRecord[] {
  if (!isOverlaid(resource)) return rows.map(unmarked);
  // The rows are the mirror's of this resource (its descriptor read them).
  return overlay(resource, rows as readonly OverlayRowTypes[typeof resource][], pending) as OverlaidRecord[];
}

/** The resource's queued creates, as shown under their local ids, in entry order. */
export function queuedCreates(resource: ResourceName, pending: readonly OutboxEntry[]): OverlaidRecord[] {
  return overlaid(resource, [], pending).filter((r) => isLocalId(r.id));
}

/**
 * The resource's mirror rows that pending entries name. Record keys are `<resource>:<id>` (outbox/references.ts):
 * each server id named by an entry of a kind that touches the resource is read, and overlay() keeps the entries
 * that are this resource's. Keys by another name
 * (a domain's EPP request by its name) change no field a list filters on.
 */
export function editedRows(mirror: Mirror, resource: ResourceName, pending: readonly OutboxEntry[]): EditedRow[] {
  if (!isOverlaid(resource)) return [];
  const ids = new Set(
    pending
      .filter((entry) => changedResources(entry.kind).includes(resource))
      .flatMap((entry) => /^[a-z]+:(\d+)$/.exec(entry.recordKey)?.[1] ?? [])
      .map(Number),
  );
  const stored = [...ids].flatMap((id) => mirror.get(resource, id) ?? []);
  const shown = overlaid(resource, stored, pending);
  return stored.map((row, i) => ({ stored: row, shown: shown[i]! })).filter(({ shown }) => shown.pendingEntryIds.length > 0);
}

export function unmarked(record: object): OverlaidRecord {
  // eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- a stored row of any resource marked not pending: which resource it is, the compiler cannot follow
  return { ...record, pending: null, pendingEntryIds: [], failed: false } as unknown as OverlaidRecord;
}
