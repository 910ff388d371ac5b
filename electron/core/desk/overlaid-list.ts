/**
 * data.list as the user sees it: the mirror's page with pending entries laid over it, held to the list's filters
 * and text like every other row. A queued create shows only if it matches; a row whose pending edit makes it
 * stop matching is left out; a row whose pending edit makes it match (its stored values do not) joins the
 * queued creates at the head of the first page. The total counts what is shown across all pages.
 */
import type { ListInput } from '../../../shared/contract.js';
import { isLocalId } from '../../../shared/outbox/local-ids.js';
import type { ListPage, OverlaidRecord } from '../../../shared/queries.js';
import { RESOURCE_NAMES, type ResourceName } from '../../../shared/records.js';
import type { AccountSession } from '../account-session.js';
import { editedRows, overlaid, queuedCreates } from './overlay-view.js';

/** What a list is laid over: the mirror and the outbox's pending entries. */
type ListSources = Pick<AccountSession, 'mirror'> & { outbox: Pick<AccountSession['outbox'], 'pending'> };

export function overlaidList({ mirror, outbox }: ListSources, input: ListInput): ListPage<OverlaidRecord> {
  const { resource } = input;
  const page = mirror.list(resource, input as Parameters<typeof mirror.list>[1]);
  const pending = outbox.pending();
  const matches = mirror.matcher(resource, input as Parameters<typeof mirror.matcher>[1]);
  const shows = (record: object) => matches === null || matches(record);

  // The stored rows the SQL matched: a pending edit may take one out.
  const rows = overlaid(resource, page.rows, pending).filter((r) => !isLocalId(r.id) && (r.pendingEntryIds.length === 0 || shows(r)));
  const created = queuedCreates(resource, pending).filter(shows);
  // With nothing to filter on, edits move no row in or out of the list.
  const edited = matches === null ? [] : editedRows(mirror, resource, pending);
  const joined = edited.filter(({ stored, shown }) => !shows(stored) && shows(shown)).map(({ shown }) => shown);
  const left = edited.filter(({ stored, shown }) => shows(stored) && !shows(shown)).length;

  // Queued creates and rows joined by an edit head the first page (whatever the sort: they are the user's unsent work).
  const head = input.after ? [] : [...created, ...joined];
  return { ...page, rows: [...head, ...rows], total: page.total + created.length + joined.length - left };
}

/**
 * data.counts: each list's total as its unfiltered list shows it, queued creates included (the sidebar's count
 * and the list's own are one number).
 */
export function overlaidCounts({ mirror, outbox }: ListSources): Record<ResourceName, number> {
  // Read once for all the lists. An unfiltered list's total is its stored rows and its queued creates: only the
  // entries about records the server has not made yet can add one (thousands of edits after a bulk edit, which
  // each list went through twice, hardly ever include a create).
  const local = outbox.pending().filter((entry) => entry.localId !== null || entry.recordKey.includes(':local:'));
  const sources: ListSources = { mirror, outbox: { pending: () => local } };
  return Object.fromEntries(RESOURCE_NAMES.map((resource) => [resource, overlaidList(sources, { resource, limit: 1 }).total])) as Record<ResourceName, number>;
}
