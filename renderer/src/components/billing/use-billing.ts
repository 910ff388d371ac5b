/** The Billing screen's figures (billing.summary), read now and again whenever a sync changes the client or the orders. */
import { shallowRef } from 'vue';
import type { BillingSummary } from '../../../../shared/billing';
import { desk } from '../../bridge';
import { useRefresh } from '../../composables/refresh';

export function useBilling() {
  const summary = shallowRef<BillingSummary | null>(null);
  const { loading, error, retry } = useRefresh([{ changed: ['client', 'orders'] }, 'accounts.changed'], async () => {
    summary.value = await desk().call('billing.summary');
  });
  return { summary, loading, error, load: retry };
}
