/** The Billing screen's figures (billing.summary), read now and again whenever a sync changes the client or the orders. */
import { onScopeDispose, ref, shallowRef } from 'vue';
import type { BillingSummary } from '../../../../shared/billing';
import { desk } from '../../bridge';
import { refreshOn } from '../../stores/refresh-on';

export function useBilling() {
  const summary = shallowRef<BillingSummary | null>(null);
  const loading = ref(true);
  const error = ref<unknown>(null);

  async function load(): Promise<void> {
    try {
      summary.value = await desk().call('billing.summary');
      error.value = null;
    } catch (e) {
      error.value = e;
    } finally {
      loading.value = false;
    }
  }

  onScopeDispose(refreshOn([{ changed: ['client', 'orders'] }, 'accounts.changed'], load));
  return { summary, loading, error, load };
}
