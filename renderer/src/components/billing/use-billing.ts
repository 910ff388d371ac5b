/** The Billing screen's figures (billing.summary), read now and again whenever a sync changes the client or the orders. */
import { onScopeDispose, shallowRef } from 'vue';
import type { BillingSummary } from '../../../../shared/billing';
import { desk } from '../../bridge';
import { useLoadState } from '../../composables/load-state';
import { refreshOn } from '../../stores/refresh-on';

export function useBilling() {
  const summary = shallowRef<BillingSummary | null>(null);
  const { loading, error, load } = useLoadState(async () => {
    summary.value = await desk().call('billing.summary');
  });

  onScopeDispose(refreshOn([{ changed: ['client', 'orders'] }, 'accounts.changed'], load));
  return { summary, loading, error, load };
}
