/**
 * What a view shows: the mirror (server truth) with the outbox's pending entries laid over it (architecture rule 1).
 * Pure. Pending creates appear at once under their local id; pending field edits are applied over the mirror
 * row; pending deletes are marked, not hidden; a row whose newest pending entry failed or needs review is
 * flagged `failed`. Mirror rows come first in their order, then local creates in entry order. How each kind
 * shows is its engine definition's `overlay` (mutations/); what a resource adds is here.
 */
import type { Domain } from '../../../shared/models.js';
import type { OverlaidRow, PendingKind, PendingMark } from '../../../shared/queries.js';
import type { OutboxEntry } from '../../../shared/outbox/entry.js';
import type { LocalId } from '../../../shared/outbox/local-ids.js';
import { PENDING_STATES } from '../../../shared/outbox/states.js';
import { engineOf, type Fields, type OverlayPart, type OverlayResource, type OverlayRowTypes } from './mutations/index.js';

export { queuedInvoice, type OverlayResource, type OverlayRowTypes } from './mutations/index.js';

interface ResourceSpec<T> {
  /** Record key prefix: `contact` in `contact:123`. */
  prefix: string;
  /** Extra keys a mirror row answers to (a domain's name, for EPP requests by name). */
  aliases?: (row: T) => string[];
}

const SPECS: { [R in OverlayResource]: ResourceSpec<OverlayRowTypes[R]> } = {
  contacts: { prefix: 'contact' },
  tickets: { prefix: 'ticket' },
  orders: { prefix: 'order' },
  invoices: { prefix: 'invoice' },
  domains: { prefix: 'domain', aliases: (row: Domain) => [`domain:${row.domainName.toLowerCase()}`] },
};

/** The overlay part of an entry's kind, typed for `resource`; null when the kind does not show in it. */
function partFor<R extends OverlayResource>(resource: R, entry: OutboxEntry): Extract<OverlayPart<OutboxEntry['kind']>, { resource: R }> | null {
  const parts = [engineOf(entry.kind).overlay].flat() as OverlayPart<OutboxEntry['kind']>[];
  return (parts.find((part) => part.resource === resource) as Extract<OverlayPart<OutboxEntry['kind']>, { resource: R }> | undefined) ?? null;
}

type Created<R extends OverlayResource> = (entry: OutboxEntry) => Fields<OverlayRowTypes[R]> | null;

/** Whether a resource shows queued edits laid over its rows. */
export function isOverlayResource(resource: string): resource is OverlayResource {
  return Object.hasOwn(SPECS, resource);
}

/** The fields a queued create shows in `resource` (named from what it queued); null when it shows none there. */
export function createdFields<R extends OverlayResource>(resource: R, entry: OutboxEntry): Fields<OverlayRowTypes[R]> | null {
  return (partFor(resource, entry)?.created as Created<R> | undefined)?.(entry) ?? null;
}

/** A record as the mirror keeps it, with its resource. */
export interface ConfirmedCreate<R extends OverlayResource = OverlayResource> {
  resource: R;
  record: OverlayRowTypes[R];
}

/**
 * The record a create showed while queued, under the server id the provider gave it: what the mirror keeps from
 * the moment the create is confirmed until the next sync reads the provider's own, so that the record is listed
 * and found by search throughout (issue 35.9). Null when the create shows no record of its own.
 */
export function confirmedCreate(entry: OutboxEntry, serverId: number): ConfirmedCreate | null {
  if (entry.localId === null) return null;
  for (const resource of Object.keys(SPECS) as OverlayResource[]) {
    // Keyed by its local id while queued, by its server id once confirmed.
    if (entry.recordKey !== `${SPECS[resource].prefix}:${entry.localId}` && entry.recordKey !== `${SPECS[resource].prefix}:${serverId}`) continue;
    const fields = createdFields(resource, entry);
    // eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- the created record under the id the provider gave: R's fields are known only through the generic
    return fields === null ? null : { resource, record: { ...fields, id: serverId } as OverlayRowTypes[typeof resource] };
  }
  return null;
}

type Edited<R extends OverlayResource> = (row: Fields<OverlayRowTypes[R]>, entry: OutboxEntry) => Fields<OverlayRowTypes[R]>;

/**
 * A record with a confirmed edit laid over (the entry's params are what was sent): what the mirror keeps from the
 * confirmation until the next sync reads the provider's own, so that what is queued meanwhile is made on it — a
 * delete right after an edit was otherwise based on the values before the edit, and held as "changed on the
 * provider" by the edit itself. Null when the kind edits nothing of this resource.
 */
export function confirmedEdit<R extends OverlayResource>(resource: R, record: OverlayRowTypes[R], entry: OutboxEntry): OverlayRowTypes[R] | null {
  const edited = partFor(resource, entry)?.edited as Edited<R> | undefined;
  if (!edited) return null;
  const { id, ...fields } = record;
  // eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- a row of resource R with the edit laid over it: R's fields are known only through the generic
  return { ...edited(fields as Fields<OverlayRowTypes[R]>, entry), id } as OverlayRowTypes[R];
}

export function overlay<R extends OverlayResource>(
  resource: R,
  mirrorRows: readonly OverlayRowTypes[R][],
  pendingEntries: readonly OutboxEntry[],
): OverlaidRow<OverlayRowTypes[R]>[] {
  const spec = SPECS[resource] as ResourceSpec<OverlayRowTypes[R]>;
  const byKey = new Map<string, OutboxEntry[]>();
  /** Creates of another resource's record that show a row here too (an order's domain, under the order's local id). */
  const alsoCreated: OutboxEntry[] = [];
  for (const entry of [...pendingEntries].sort((a, b) => a.id - b.id)) {
    if (!PENDING_STATES.includes(entry.state)) continue;
    if (entry.recordKey.startsWith(`${spec.prefix}:`)) byKey.set(entry.recordKey, [...(byKey.get(entry.recordKey) ?? []), entry]);
    else if (entry.localId && partFor(resource, entry)?.created) alsoCreated.push(entry);
  }

  const marks = marksByKey(resource, pendingEntries);
  const rows = mirrorRows.map((row) => {
    const keys = [`${spec.prefix}:${row.id}`, ...(spec.aliases?.(row) ?? [])];
    const entries = keys.flatMap((key) => byKey.get(key) ?? []).sort((a, b) => a.id - b.id);
    const { id, ...fields } = row;
    const shown = apply(resource, id, fields as Fields<OverlayRowTypes[R]>, null, entries);
    const rowMarks = keys.flatMap((key) => marks.get(key) ?? []);
    return rowMarks.length > 0 ? { ...shown, marks: rowMarks } : shown;
  });
  const created = [...[...byKey.values()].filter(([first]) => first?.localId && first.recordKey === `${spec.prefix}:${first.localId}`), ...alsoCreated.map((e) => [e])]
    .sort(([a], [b]) => a!.id - b!.id)
    .flatMap((entries) => {
      const first = entries[0]!;
      const row = createdFields(resource, first);
      return row ? [apply(resource, first.localId!, row, 'create', entries)] : [];
    });
  return [...rows, ...created];
}

/** The marks pending entries put on this resource's rows, by record key, oldest entry first. */
export function marksByKey(resource: OverlayResource, pendingEntries: readonly OutboxEntry[]): Map<string, PendingMark[]> {
  const marks = new Map<string, PendingMark[]>();
  for (const entry of [...pendingEntries].sort((a, b) => a.id - b.id)) {
    if (!PENDING_STATES.includes(entry.state)) continue;
    const mark = (partFor(resource, entry)?.marks as ((entry: OutboxEntry) => { key: string; mark: PendingMark }[]) | undefined)?.(entry) ?? [];
    for (const { key, mark: m } of mark) marks.set(key, [...(marks.get(key) ?? []), m]);
  }
  return marks;
}

function apply<R extends OverlayResource>(
  resource: R,
  id: number | LocalId,
  base: Fields<OverlayRowTypes[R]>,
  initial: PendingKind | null,
  entries: readonly OutboxEntry[],
): OverlaidRow<OverlayRowTypes[R]> {
  let fields = base;
  let pending = initial;
  for (const entry of entries) {
    const part = partFor(resource, entry);
    if (part?.deletes) pending = 'delete';
    else if (entry.localId === null) {
      fields = (part?.edited as Edited<R> | undefined)?.(fields, entry) ?? fields;
      pending ??= 'update';
    }
  }
  const newest = entries.at(-1);
  // eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- a row of resource R with its pending edits laid over it: R's fields are known only through the generic
  return {
    ...fields,
    id,
    pending,
    pendingEntryIds: entries.map((e) => e.id),
    failed: newest !== undefined && (newest.state === 'failed' || newest.state === 'needs_review' || newest.state === 'conflict'),
  } as OverlaidRow<OverlayRowTypes[R]>;
}
