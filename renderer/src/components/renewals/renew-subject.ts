/**
 * What a renewal's draft is about: its one domain (`renew:12`), or for several a short fingerprint of the set
 * (`renew:3-9f1c2a0b`), the same whatever the order of the ids, so reopening the same selection finds its draft.
 */
import { fingerprint } from '../../../../shared/renewals';

export function renewDraftSubject(ids: readonly (number | string)[]): string {
  const sorted = [...new Set(ids.map(String))].sort();
  if (sorted.length === 1) return `renew:${sorted[0]}`;
  // A draft key is at most 200 characters, a selection may hold thousands of ids.
  return `renew:${sorted.length}-${fingerprint(sorted.join(','))}`;
}
