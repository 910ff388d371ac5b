/** billing.*: the Billing screen's figures, an order's payments, and the payment methods the order forms offer, read from the mirror with SQL. */
import type { HandlersOf } from './handlers.js';
import type { DeskState } from './state.js';

export function billingHandlers(state: DeskState): HandlersOf<'billing'> {
  return {
    'billing.summary': () => state.current.mirror.billing(),
    'billing.orderPayments': ({ orderId }) => state.current.mirror.orderPayments(orderId),
    'billing.paymentMethods': () => state.current.mirror.paymentMethods(),
  };
}
