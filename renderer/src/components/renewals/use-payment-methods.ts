/**
 * The payment methods an order offers: those the account's own domains, services and orders use, by their
 * names, most used first (billing.paymentMethods, from the mirror: offline too). The first is the default.
 */
import { ref, watch, type Ref } from 'vue';
import type { PaymentMethodUse } from '../../../../shared/billing';
import { desk } from '../../bridge';

export function usePaymentMethods(open: Ref<boolean>) {
  const methods = ref<PaymentMethodUse[]>([]);
  watch(
    open,
    async (isOpen) => {
      // None read: the order goes with the account's own default method, which the engine picks.
      if (isOpen) methods.value = await desk().call('billing.paymentMethods').catch(() => []);
    },
    { immediate: true },
  );
  /** The default: the method used most, or '' (the account's own default, which the engine picks). */
  const preferred = () => methods.value[0]?.code ?? '';
  return { methods, preferred };
}
