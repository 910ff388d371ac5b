/**
 * What the Billing screen shows, computed by the mirror with SQL (billing.summary, billing.orderPayments): the
 * invoice figures of the client's stats, the orders not yet paid, and an order's payments; and the payment methods
 * the order forms offer (billing.paymentMethods). Plain types only.
 */
import type { FormattedMoney } from './money.js';

/** The invoice figures get-clients-details' stats carry, each a count and an amount. */
export const INVOICE_FIGURES = ['due', 'overdue', 'unpaid', 'draft', 'paid', 'cancelled', 'refunded', 'collections'] as const;
export type InvoiceFigureKey = (typeof INVOICE_FIGURES)[number];

export interface InvoiceFigure {
  key: InvoiceFigureKey;
  count: number;
  amount: FormattedMoney;
}

/** An order not paid: its invoice is Unpaid (not paid, refunded, cancelled or a draft). */
export interface UnpaidOrder {
  id: number;
  orderNum: string;
  date: string | null;
  status: string;
  paymentStatus: string;
  amountCents: number | null;
  invoiceId: number | null;
}

export interface BillingSummary {
  /** Null until a sync has read the client's stats. */
  invoices: InvoiceFigure[] | null;
  creditBalance: FormattedMoney | null;
  inCredit: boolean;
  income: FormattedMoney | null;
  unpaidOrders: { count: number; totalCents: number; rows: UnpaidOrder[] };
}

/** A payment (transaction) against an order's invoice. */
export interface OrderPayment {
  id: number;
  date: string | null;
  gateway: string;
  transId: string;
  amountInCents: number | null;
  amountOutCents: number | null;
}

/** How many unpaid orders the summary lists (the count and total cover them all). */
export const UNPAID_ORDERS_SHOWN = 200;

/** A payment method as the account's own records use it. */
export interface PaymentMethodUse {
  /** The gateway's code, as add-order's paymentmethod takes it. */
  code: string;
  /** The provider's name for it, as its records give it (the code when none does). */
  name: string;
  /** How many of the account's domains, services and orders use it. */
  uses: number;
}
