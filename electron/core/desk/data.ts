/** data.*: the mirror's lists, records, search and aggregates, as views show them (queued edits laid over). */
import type { ListInput } from '../../../shared/contract.js';
import { isLocalId } from '../../../shared/outbox/local-ids.js';
import type { ExportFile, ListPage, OverlaidRecord } from '../../../shared/queries.js';
import type { ResourceName } from '../../../shared/records.js';
import { collectPages, resourceFields, toCsv } from '../export/csv.js';
import { overlay, type OverlayResource } from '../outbox/index.js';
import type { HandlersOf, ParsedInput } from './handlers.js';
import type { DeskState } from './state.js';

const OVERLAID: ReadonlySet<ResourceName> = new Set<OverlayResource>(['contacts', 'tickets', 'orders', 'invoices', 'domains']);

export function dataHandlers(state: DeskState): HandlersOf<'data'> {
  return {
    'data.list': (input) => list(state, input),
    'data.get': ({ resource, id }) => getRecord(state, resource, id),
    'data.search': ({ text, limit }) => state.current.mirror.search(text, limit ?? 20),
    'data.counts': () => state.current.mirror.counts(),
    'data.client': () => state.current.mirror.list('client', { limit: 1 }).rows[0] ?? null,
    'data.facets': ({ resource, filter }) => state.current.mirror.facets(resource, filter),
    'data.export': (input) => exportView(state, input),
    'data.dashboard': () => state.current.mirror.dashboard(),
  };
}

function list(state: DeskState, input: ListInput): ListPage<OverlaidRecord> {
  const { mirror, outbox } = state.current;
  const page = mirror.list(input.resource, input as Parameters<typeof mirror.list>[1]);
  if (!OVERLAID.has(input.resource)) return { ...page, rows: page.rows.map(unmarked) };
  const rows = overlay(input.resource as OverlayResource, page.rows as never[], outbox.pending()) as OverlaidRecord[];
  const mirrorRows = rows.filter((r) => !isLocalId(r.id));
  // Queued creates head the first page (whatever the sort: they are the user's unsent work).
  const created = input.after ? [] : rows.filter((r) => isLocalId(r.id));
  return { ...page, rows: [...created, ...mirrorRows], total: page.total + created.length };
}

/** Every row of a list's view, as shown (queued edits laid over), without the overlay's own markers. */
function exportView(state: DeskState, { format, bom, ...view }: ParsedInput<'data.export'>): ExportFile {
  const rows = collectPages((after) => list(state, { ...view, after, limit: 1000 })).map(
    ({ pending: _pending, pendingEntryIds: _ids, failed: _failed, ...record }) => record,
  );
  const fileName = `${view.resource}-${new Date().toISOString().slice(0, 10)}.${format}`;
  if (format === 'json') return { fileName, mimeType: 'application/json', text: JSON.stringify(rows), rows: rows.length };
  const currency = state.current.mirror.list('client', { limit: 1 }).rows[0]?.client.currencyCode || undefined;
  const text = toCsv(rows, { fields: resourceFields(view.resource), currency, bom });
  return { fileName, mimeType: 'text/csv', text, rows: rows.length };
}

function getRecord(state: DeskState, resource: ResourceName, id: number | string): OverlaidRecord | null {
  const { mirror, outbox } = state.current;
  if (typeof id === 'string') {
    const serverId = outbox.resolveId(id);
    if (serverId === null) {
      if (!OVERLAID.has(resource)) return null;
      return (overlay(resource as OverlayResource, [], outbox.pending()) as OverlaidRecord[]).find((r) => r.id === id) ?? null;
    }
    id = serverId;
  }
  const record = mirror.get(resource, id);
  if (record === null) return null;
  if (!OVERLAID.has(resource)) return unmarked(record);
  return (overlay(resource as OverlayResource, [record] as never[], outbox.pending()) as OverlaidRecord[])[0] ?? null;
}

function unmarked(record: object): OverlaidRecord {
  return { ...record, pending: null, pendingEntryIds: [], failed: false } as unknown as OverlaidRecord;
}
