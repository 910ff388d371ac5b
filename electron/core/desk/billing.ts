/** billing.*: what the order forms offer from the account's own records. */
import type { HandlersOf } from './handlers.js';
import type { DeskState } from './state.js';

export function billingHandlers(state: DeskState): HandlersOf<'billing'> {
  return {
    'billing.paymentMethods': () => state.current.mirror.paymentMethods(),
  };
}
