/** Billing facts the order forms offer (shared with front ends through the contract). */

/** A payment method as the account's own records use it. */
export interface PaymentMethodUse {
  /** The gateway's code, as add-order's paymentmethod takes it. */
  code: string;
  /** The provider's name for it, as its records give it (the code when none does). */
  name: string;
  /** How many of the account's domains, services and orders use it. */
  uses: number;
}
