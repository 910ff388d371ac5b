/** domains.*: whois answers (fresh online, the mirror's when offline), recent checks and EPP codes. */
import type { Cached } from '../../../shared/contract.js';
import { ApiError } from '../api/index.js';
import type { HandlersOf } from './handlers.js';
import type { DeskState } from './state.js';

interface DomainCache<T> {
  get(domain: string, maxAgeMs?: number): { value: T; fetchedAt: string } | null;
  put(domain: string, value: T, fetchedAt?: Date): void;
}

/** domains.renewalPlan and domains.renew are renewals.ts's. */
export function domainsHandlers(state: DeskState): Omit<HandlersOf<'domains'>, 'domains.renewalPlan' | 'domains.renew'> {
  return {
    'domains.whois': ({ domain, refresh }) =>
      cachedAnswer(state, state.current.mirror.whoisCache, domain, refresh ?? false, () => state.current.client.whois({ domain })),
    'domains.whoisInfo': ({ domain, refresh }) =>
      cachedAnswer(state, state.current.mirror.whoisInfoCache, domain, refresh ?? false, () => state.current.client.whoisInfo({ domain })),
    'domains.recent': (input) =>
      state.current.mirror.whoisCache
        .recent(input?.limit ?? 10)
        .map(({ domain, value, fetchedAt }) => ({ domain, available: value.available, premium: value.premium, fetchedAt })),
    'domains.epp': ({ domain }) => {
      const cached = state.current.mirror.eppCache.get(domain);
      return cached ? { ...cached, stale: false } : null;
    },
  };
}

/** A fresh answer when online (or when asked), else the mirror's, marked stale when the provider is out of reach. */
async function cachedAnswer<T>(state: DeskState, cache: DomainCache<T>, domain: string, refresh: boolean, fetch: () => Promise<T>): Promise<Cached<T>> {
  const maxAgeMs = state.settings.get().whoisCacheMinutes * 60_000;
  const fresh = refresh ? null : cache.get(domain, maxAgeMs);
  if (fresh) return { ...fresh, stale: false };
  try {
    const value = await state.current.connectivity.observe(fetch);
    const fetchedAt = new Date(state.clock());
    cache.put(domain, value, fetchedAt);
    return { value, fetchedAt: fetchedAt.toISOString(), stale: false };
  } catch (error) {
    const old = error instanceof ApiError && error.kind === 'network' ? cache.get(domain) : null;
    if (old) return { ...old, stale: true };
    throw error;
  }
}
