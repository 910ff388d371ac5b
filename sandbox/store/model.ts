/**
 * In-memory records of one client account, built before anything is written. Records point at each other
 * by reference; database ids are given only at the end (`id` is 0 until then), in date order, so that ids
 * grow with time as they would in the real system.
 */
import type { Addon, Product } from './catalogue.js';
import type { Rng } from './rng.js';

export interface Gateway {
  readonly code: string;
  readonly name: string;
}

export const GATEWAYS: readonly Gateway[] = [
  { code: 'mailin', name: 'Mail In Payment' },
  { code: 'paypal', name: 'PayPal' },
  { code: 'stripe', name: 'Credit Card' },
];

export function gatewayWithCode(code: string): Gateway {
  const gateway = GATEWAYS.find((g) => g.code === code);
  if (!gateway) throw new Error(`Unknown payment gateway '${code}'`);
  return gateway;
}

export interface Identified {
  id: number;
}

/** The account's owner, as other records need it. */
export interface ClientProfile {
  readonly id: number;
  readonly firstname: string;
  readonly lastname: string;
  readonly email: string;
  readonly createdDay: number;
  readonly gateway: Gateway;
}

export interface ContactRecord extends Identified {
  readonly createdMoment: number;
  readonly firstname: string;
  readonly lastname: string;
  readonly email: string;
  /** Every other column of the contacts table. */
  readonly columns: Record<string, string | number>;
}

export type OrderStatus = 'Active' | 'Pending' | 'Cancelled' | 'Fraud';

export interface OrderRecord extends Identified {
  readonly ordernum: string;
  readonly moment: number;
  readonly status: OrderStatus;
  readonly gateway: Gateway;
  readonly contact: ContactRecord | null;
  /** The order was placed so that its domains come up for renewal within the next 30 days. */
  readonly renewsSoon: boolean;
  readonly lineItems: LineItem[];
  invoice: InvoiceRecord | null;
  /** Every other column of the orders table except amount, renewals and invoiceid. */
  readonly columns: Record<string, string | number>;
}

export type LineItem =
  | { readonly kind: 'product'; readonly service: ServiceRecord }
  | { readonly kind: 'domain'; readonly domain: DomainRecord; readonly renewal: boolean }
  | { readonly kind: 'addon'; readonly addon: ServiceAddonRecord };

export interface ServiceRecord extends Identified {
  readonly order: OrderRecord | null;
  readonly product: Product;
  readonly regDay: number;
  readonly cycleName: string;
  readonly status: string;
  readonly domain: string;
  readonly gateway: Gateway;
  readonly firstPaymentCents: number;
  readonly recurringCents: number;
  /** null: no due date (free services). */
  readonly nextDueDay: number | null;
  readonly customFields: readonly { id: number; name: string; value: string }[];
  readonly configOptions: readonly { id: number; option: string; type: string; value: string }[];
  /** Every other column of the services table. */
  readonly columns: Record<string, string | number>;
}

export interface ServiceAddonRecord extends Identified {
  readonly order: OrderRecord;
  readonly service: ServiceRecord;
  readonly addon: Addon;
  readonly status: string;
  readonly regDay: number;
  readonly nextDueDay: number;
}

export interface DomainRecord extends Identified {
  readonly order: OrderRecord | null;
  readonly name: string;
  readonly regtype: 'Register' | 'Transfer';
  readonly regperiod: number;
  readonly regDay: number;
  readonly status: string;
  readonly gateway: Gateway;
  readonly firstPaymentCents: number;
  readonly recurringCents: number;
  /** null: not known yet ('0000-00-00'), e.g. while a transfer is pending. */
  readonly expiryDay: number | null;
  readonly nextDueDay: number;
  /** Every other column of the domains table. */
  readonly columns: Record<string, string | number | null>;
}

export type InvoiceStatus = 'Draft' | 'Unpaid' | 'Paid' | 'Cancelled' | 'Refunded';

export interface InvoiceItem {
  /** '' for manual items, 'Hosting' | 'Domain' | 'Addon' for order items. */
  readonly type: string;
  readonly rel: ServiceRecord | DomainRecord | ServiceAddonRecord | null;
  readonly description: string;
  readonly amountCents: number;
}

export interface InvoiceRecord extends Identified {
  readonly day: number;
  readonly dueDay: number;
  status: InvoiceStatus;
  /** null: not paid. */
  readonly paidMoment: number | null;
  readonly gateway: Gateway;
  readonly items: readonly InvoiceItem[];
  readonly notes: string;
}

export interface TransactionRecord extends Identified {
  readonly moment: number;
  readonly gateway: Gateway;
  readonly description: string;
  readonly amountInCents: number;
  readonly feeCents: number;
  readonly amountOutCents: number;
  readonly transid: string;
  readonly invoice: InvoiceRecord | null;
  /** For a refund: the payment it refunds. */
  readonly refundOf: TransactionRecord | null;
}

export interface TicketRecord extends Identified {
  readonly tid: string;
  readonly moment: number;
  readonly departmentId: number;
  readonly fromClient: boolean;
  readonly contact: ContactRecord | null;
  readonly name: string;
  readonly email: string;
  readonly subject: string;
  readonly message: string;
  readonly status: string;
  readonly priority: string;
  readonly admin: string;
  readonly lastReplyMoment: number;
  readonly about: ServiceRecord | DomainRecord | null;
  readonly replies: readonly TicketReplyRecord[];
  readonly attachments: readonly { filename: string; data: Buffer }[];
  /** Every other column of the tickets table. */
  readonly columns: Record<string, string | number>;
}

export interface TicketReplyRecord extends Identified {
  readonly moment: number;
  readonly admin: string;
  readonly fromClient: boolean;
  readonly name: string;
  readonly email: string;
  readonly message: string;
}

/** Everything generated for one client account. */
export interface AccountData {
  readonly contacts: ContactRecord[];
  readonly services: ServiceRecord[];
  readonly serviceAddons: ServiceAddonRecord[];
  readonly domains: DomainRecord[];
  readonly orders: OrderRecord[];
  readonly invoices: InvoiceRecord[];
  readonly transactions: TransactionRecord[];
  readonly tickets: TicketRecord[];
}

/** Values that must be unique across the whole database, not just one account. */
export interface UniqueValues {
  readonly domainNames: Set<string>;
  readonly serviceUsernames: Set<string>;
  readonly ordernums: Set<string>;
  readonly ticketNumbers: Set<string>;
}

/** Draws a value with `make` until it is not in `taken`, then records it. */
export function drawUnique(taken: Set<string>, make: (attempt: number) => string): string {
  for (let attempt = 0; ; attempt++) {
    const value = make(attempt);
    if (!taken.has(value)) {
      taken.add(value);
      return value;
    }
  }
}

/** What every part of one account's generator needs. */
export interface AccountContext {
  readonly rng: Rng;
  readonly today: number;
  /** The latest moment (unix seconds) any generated record may carry: the end of the day before today. */
  readonly latestMoment: number;
  readonly client: ClientProfile;
  readonly unique: UniqueValues;
}
