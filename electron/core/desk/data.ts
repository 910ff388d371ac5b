/** data.*: the mirror's lists, records, search and aggregates, as views show them (queued edits laid over). */
import type { ExportFile, OverlaidRecord } from '../../../shared/queries.js';
import type { ResourceName } from '../../../shared/records.js';
import { recordIdOf } from '../../../shared/resource-fields.js';
import { collectPages, resourceFields, toCsv } from '../export/csv.js';
import type { HandlersOf, ParsedInput } from './handlers.js';
import { overlaidCounts, overlaidList } from './overlaid-list.js';
import { overlaidSearch } from './overlaid-search.js';
import { overlaid, queuedCreates } from './overlay-view.js';
import type { DeskState } from './state.js';

export function dataHandlers(state: DeskState): HandlersOf<'data'> {
  return {
    'data.list': (input) => overlaidList(state.current, input),
    'data.get': ({ resource, id }) => getRecord(state, resource, id),
    'data.ids': (view) => collectPages((after) => overlaidList(state.current, { ...view, after, limit: 1000 })).map((row) => recordIdOf(row)),
    'data.search': ({ text, limit }) => overlaidSearch(state.current, text, limit ?? 20),
    'data.counts': () => overlaidCounts(state.current),
    'data.client': () => state.current.mirror.list('client', { limit: 1 }).rows[0] ?? null,
    // The mirror's counts (server truth): pending edits are not counted in, so a facet's count can differ from
    // the total of data.list with that value while edits are queued.
    'data.facets': ({ resource, filter }) => state.current.mirror.facets(resource, filter),
    'data.export': (input) => exportView(state, input),
    'data.dashboard': () => state.current.mirror.dashboard(),
  };
}

/** Every row of a list's view, as shown (queued edits laid over), without the overlay's own markers. */
function exportView(state: DeskState, { format, bom, ids, ...view }: ParsedInput<'data.export'>): ExportFile {
  // A selection: only its rows, as the view orders them (a local id and its server id name the same row).
  const wanted = ids && new Set(ids.map((id) => (typeof id === 'string' ? (state.current.outbox.resolveId(id) ?? id) : id)));
  const rows = collectPages((after) => overlaidList(state.current, { ...view, after, limit: 1000 }))
    .filter((row) => !wanted || wanted.has(row.id))
    .map(({ pending: _pending, pendingEntryIds: _ids, failed: _failed, ...record }) => record);
  const fileName = `${view.resource}-${new Date(state.clock()).toISOString().slice(0, 10)}.${format}`;
  if (format === 'json') return { fileName, mimeType: 'application/json', text: JSON.stringify(rows), rows: rows.length };
  const currency = state.current.mirror.list('client', { limit: 1 }).rows[0]?.client.currencyCode || undefined;
  const text = toCsv(rows, { fields: resourceFields(view.resource), currency, bom });
  return { fileName, mimeType: 'text/csv', text, rows: rows.length };
}

function getRecord(state: DeskState, resource: ResourceName, id: number | string): OverlaidRecord | null {
  const { mirror, outbox } = state.current;
  if (typeof id === 'string') {
    const serverId = outbox.resolveId(id);
    if (serverId === null) return queuedCreates(resource, outbox.pending()).find((r) => r.id === id) ?? null;
    id = serverId;
  }
  const record = mirror.get(resource, id);
  return record === null ? null : (overlaid(resource, [record], outbox.pending())[0] ?? null);
}
