/**
 * The whois prices of a domain being ordered, read (debounced) as its name is typed: from the provider, or the
 * mirror's cached answer when it cannot be reached (then `asOf` is the day it gave them). `status` says what the
 * price line can: no name to price yet, checking, known, or not known (`offline` when the provider was out of reach).
 */
import { shallowRef, watch, type Ref } from 'vue';
import type { DomainPrices } from '../../../../shared/models';
import { desk } from '../../bridge';
import { useSessionStore } from '../../stores/session';

const WAIT_MS = 400;
const LOOKS_LIKE_A_NAME = /^[^\s.]+(\.[^\s.]+)+$/;

export type DomainPriceStatus = { kind: 'noName' } | { kind: 'checking' } | { kind: 'known'; asOf: string | null } | { kind: 'unknown'; offline: boolean };

export function useDomainPrices(name: Ref<string>, wanted: Ref<boolean>) {
  const session = useSessionStore();
  const prices = shallowRef<DomainPrices | null>(null);
  const status = shallowRef<DomainPriceStatus>({ kind: 'noName' });
  let timer: ReturnType<typeof setTimeout> | undefined;
  watch(
    [name, wanted],
    ([current, want]) => {
      clearTimeout(timer);
      prices.value = null;
      const domain = current.trim().toLowerCase();
      if (!want || !LOOKS_LIKE_A_NAME.test(domain)) {
        status.value = { kind: 'noName' };
        return;
      }
      status.value = { kind: 'checking' };
      timer = setTimeout(async () => {
        // Not answered: said below as not known (offline) or not priced, never as a price.
        const answer = await desk().call('domains.whois', { domain }).catch(() => null);
        if (name.value.trim().toLowerCase() !== domain) return;
        prices.value = answer?.value.prices ?? null;
        if (answer && prices.value) status.value = { kind: 'known', asOf: answer.stale ? answer.fetchedAt : null };
        // Not answered while the connection is down: not known offline; answered without prices: not priced.
        else status.value = { kind: 'unknown', offline: answer === null && session.connectivity !== 'online' };
      }, WAIT_MS);
    },
    { immediate: true },
  );
  return { prices, status };
}
