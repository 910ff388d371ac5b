/**
 * The whois prices of a domain being ordered, read (debounced) as its name is typed: from the provider, or the
 * mirror's cached answer when offline; null while not known ("price not known offline").
 */
import { shallowRef, watch, type Ref } from 'vue';
import type { DomainPrices } from '../../../../shared/models';
import { desk } from '../../bridge';

const WAIT_MS = 400;
const LOOKS_LIKE_A_NAME = /^[^\s.]+(\.[^\s.]+)+$/;

export function useDomainPrices(name: Ref<string>, wanted: Ref<boolean>) {
  const prices = shallowRef<DomainPrices | null>(null);
  let timer: ReturnType<typeof setTimeout> | undefined;
  watch(
    [name, wanted],
    ([current, want]) => {
      clearTimeout(timer);
      prices.value = null;
      const domain = current.trim().toLowerCase();
      if (!want || !LOOKS_LIKE_A_NAME.test(domain)) return;
      timer = setTimeout(async () => {
        const answer = await desk().call('domains.whois', { domain }).catch(() => null);
        if (name.value.trim().toLowerCase() === domain) prices.value = answer?.value.prices ?? null;
      }, WAIT_MS);
    },
    { immediate: true },
  );
  return prices;
}
