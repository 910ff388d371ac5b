/**
 * What a renewal's draft is about: its one domain (`renew:12`), or for several a short fingerprint of the set
 * (`renew:3-9f1c2a0b`), the same whatever the order of the ids, so reopening the same selection finds its draft.
 */
export function renewDraftSubject(ids: readonly (number | string)[]): string {
  const sorted = [...new Set(ids.map(String))].sort();
  if (sorted.length === 1) return `renew:${sorted[0]}`;
  // FNV-1a over the sorted ids: a draft key is at most 200 characters, a selection may hold thousands of ids.
  let hash = 0x811c9dc5;
  for (const char of sorted.join(',')) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return `renew:${sorted.length}-${hash.toString(16).padStart(8, '0')}`;
}
