/**
 * data.search as the user sees it: records with pending entries (queued creates, rows with pending edits) are
 * found by their text as shown, come first, and say they are pending; a row is no longer found by text its
 * pending edit removed. Then the mirror's hits, best first.
 */
import type { OutboxEntry } from '../../../shared/outbox/entry.js';
import type { OverlaidSearchHit, PendingMark } from '../../../shared/queries.js';
import { RESOURCE_NAMES } from '../../../shared/records.js';
import type { AccountSession } from '../account-session.js';
import { MAX_PAGE_SIZE } from '../mirror/index.js';
import { marksByKey } from '../outbox/index.js';
import { editedRows, queuedCreates } from './overlay-view.js';

export function overlaidSearch({ mirror, outbox }: Pick<AccountSession, 'mirror' | 'outbox'>, text: string, limit: number): OverlaidSearchHit[] {
  const pending = outbox.pending();
  const touched = RESOURCE_NAMES.flatMap((resource) =>
    [...queuedCreates(resource, pending), ...editedRows(mirror, resource, pending).map(({ shown }) => shown)].map((record) => ({ resource, record })),
  );
  const pendingHits = touched.flatMap(({ resource, record }) => {
    const heading = mirror.searchHeading(resource, record, text);
    return heading ? [{ resource, id: record.id, ...heading, pending: record.pending }] : [];
  });
  const isTouched = new Set(touched.map(({ resource, record }) => `${resource}:${record.id}`));
  // Enough of the mirror's hits to fill the limit after the touched ones (judged above by their shown text) are left out.
  const mirrorHits = mirror
    .search(text, Math.min(limit + touched.length, MAX_PAGE_SIZE))
    .filter((hit) => !isTouched.has(`${hit.resource}:${hit.id}`))
    .map((hit) => ({ ...hit, pending: null }));
  const marks = domainMarks(mirror, pending);
  return [...pendingHits, ...mirrorHits].slice(0, limit).map((hit) => {
    const hitMarks = hit.resource === 'domains' && typeof hit.id === 'number' ? marks.get(hit.id) : undefined;
    return hitMarks ? { ...hit, marks: hitMarks } : hit;
  });
}

/** Domain id → what is queued for it without editing it (renewals, keyed by the domain's name). */
function domainMarks(mirror: AccountSession['mirror'], pending: readonly OutboxEntry[]): Map<number, PendingMark[]> {
  const byKey = marksByKey('domains', pending);
  if (byKey.size === 0) return new Map();
  const names = [...byKey.keys()].flatMap((key) => (key.startsWith('domain:') ? [key.slice('domain:'.length)] : []));
  return new Map(mirror.domainsByName(names).map((d) => [d.id, byKey.get(`domain:${d.domainName.toLowerCase()}`) ?? []]));
}
