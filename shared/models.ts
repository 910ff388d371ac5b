/**
 * Typed records of the provider API, as the normalizer produces them from either wire shape.
 *
 * Conventions: ids and counters are numbers; money is a two-decimal string ("12.50"); dates are `YYYY-mm-dd`
 * and date-times `YYYY-mm-dd HH:MM:SS`, with null for the provider's zero date; 0/1 flags are booleans.
 * Secrets the provider echoes (service passwords, contact password hashes, reset keys, security answers) are
 * deliberately not part of these records: they would otherwise end up in the plain-file mirror.
 */
import type { FormattedMoney } from './money.js';

export type { FormattedMoney } from './money.js';

/** Decimal string with two places, e.g. "12.50". */
export type Money = string;
/** `YYYY-mm-dd`. */
export type IsoDate = string;
/** `YYYY-mm-dd HH:MM:SS` (provider local time, no zone). */
export type IsoDateTime = string;

/** What went wrong with a provider request (see the engine's ApiError). */
export type ApiErrorKind = 'auth' | 'rejected' | 'network' | 'rate_limited' | 'server' | 'protocol';

/** One page of a list operation. */
export interface Page<T> {
  items: T[];
  /** totalresults: rows matching the query on the server. */
  total: number;
  /** startnumber: offset of the first item; null when the reply did not say. */
  start: number | null;
  /** numreturned: rows in this page. */
  returned: number;
}

export interface Token {
  accessToken: string;
  /** Null when a refresh reply did not rotate it (the previous one stays valid). */
  refreshToken: string | null;
  tokenType: string;
  /** Lifetime in seconds. */
  expiresIn: number;
}

export interface ServiceCustomField {
  id: number;
  name: string | null;
  value: string;
}

export interface ServiceConfigOption {
  id: number;
  option: string;
  type: string;
  value: string;
}

/** A client's purchased product/service. */
export interface Service {
  id: number;
  clientId: number | null;
  orderId: number | null;
  pid: number | null;
  regDate: IsoDate | null;
  name: string;
  translatedName: string;
  groupName: string;
  translatedGroupName: string;
  domain: string;
  dedicatedIp: string;
  serverId: number | null;
  serverName: string;
  serverIp: string;
  serverHostname: string;
  suspensionReason: string;
  firstPaymentAmount: Money | null;
  recurringAmount: Money | null;
  paymentMethod: string;
  paymentMethodName: string;
  billingCycle: string;
  nextDueDate: IsoDate | null;
  status: string;
  username: string;
  subscriptionId: string;
  promoId: number | null;
  overrideAutoSuspend: boolean;
  overrideSuspendUntil: IsoDate | null;
  ns1: string;
  ns2: string;
  assignedIps: string;
  notes: string;
  diskUsage: number | null;
  diskLimit: number | null;
  bwUsage: number | null;
  bwLimit: number | null;
  lastUpdate: IsoDateTime | null;
  customFields: ServiceCustomField[];
  configOptions: ServiceConfigOption[];
}

/** A client's registered domain. */
export interface Domain {
  id: number;
  userId: number | null;
  orderId: number | null;
  regType: string;
  domainName: string;
  registrar: string;
  regPeriod: number | null;
  firstPaymentAmount: Money | null;
  recurringAmount: Money | null;
  paymentMethod: string;
  paymentMethodName: string;
  regDate: IsoDate | null;
  expiryDate: IsoDate | null;
  nextDueDate: IsoDate | null;
  status: string;
  subscriptionId: string;
  promoId: number | null;
  dnsManagement: boolean;
  emailForwarding: boolean;
  idProtection: boolean;
  doNotRenew: boolean;
  notes: string;
}

export interface OrderLineItem {
  type: string;
  relId: number | null;
  productType: string;
  product: string;
  domain: string;
  billingCycle: string;
  /** Sent formatted with currency text ("$8.00 USD"). */
  amount: FormattedMoney;
  status: string;
}

export interface Order {
  id: number;
  /** Kept as text: order numbers are 10-digit identifiers, not quantities. */
  orderNum: string;
  userId: number | null;
  contactId: number | null;
  date: IsoDateTime | null;
  nameservers: string;
  renewals: string;
  promoCode: string;
  promoType: string;
  promoValue: string;
  orderData: string;
  amount: Money | null;
  paymentMethod: string;
  invoiceId: number | null;
  status: string;
  ipAddress: string;
  fraudModule: string;
  fraudOutput: string;
  notes: string;
  paymentMethodName: string;
  paymentStatus: string;
  /** The client's name. */
  name: string;
  currencyPrefix: string;
  currencySuffix: string;
  fraudData: string;
  lineItems: OrderLineItem[];
}

export interface Transaction {
  id: number;
  userId: number | null;
  /** Currency id (0 = the client's default currency). */
  currency: number | null;
  gateway: string;
  date: IsoDateTime | null;
  description: string;
  amountIn: Money | null;
  fees: Money | null;
  amountOut: Money | null;
  /** Exchange rate, decimal string with the provider's precision (five places). */
  rate: string;
  transId: string;
  invoiceId: number | null;
  refundId: number | null;
}

export interface Contact {
  id: number;
  userId: number | null;
  firstName: string;
  lastName: string;
  companyName: string;
  email: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  postcode: string;
  /** 2-character ISO code. */
  country: string;
  phoneNumber: string;
  subaccount: boolean;
  permissions: string;
  domainEmails: boolean;
  generalEmails: boolean;
  invoiceEmails: boolean;
  productEmails: boolean;
  supportEmails: boolean;
  affiliateEmails: boolean;
  createdAt: IsoDateTime | null;
  updatedAt: IsoDateTime | null;
}

export interface Announcement {
  id: number;
  date: IsoDateTime | null;
  title: string;
  /** HTML text. */
  announcement: string;
  published: boolean;
  parentId: number | null;
  language: string;
  createdAt: IsoDateTime | null;
  updatedAt: IsoDateTime | null;
}

export interface Department {
  id: number;
  name: string;
  awaitingReply: number;
  openTickets: number;
  /**
   * The custom fields its tickets ask for (open-ticket's customfields are keyed by their ids). Not in the spec's
   * department record: a provider that sends none leaves it empty; a mirror written before it has none.
   */
  customFields?: DepartmentCustomField[];
}

/** A custom field of a support department, as the upstream billing system defines one. */
export interface DepartmentCustomField {
  id: number;
  name: string;
  /** text, dropdown or tickbox; another type the provider may have (textarea, link…) is asked for as text. */
  type: string;
  /** A dropdown's choices. */
  options: string[];
  required: boolean;
}

export interface Ticket {
  /** Database id (what add-ticket-reply takes). */
  id: number;
  /** Ticket number shown to people. */
  tid: string;
  deptId: number | null;
  userId: number | null;
  name: string;
  email: string;
  cc: string;
  date: IsoDateTime | null;
  subject: string;
  status: string;
  priority: string;
  admin: string;
  attachment: string;
  lastReply: IsoDateTime | null;
  flag: boolean;
  service: string;
}

/**
 * A ticket as get-tickets lists it: with its access code, a secret (whoever has it reads and answers the
 * ticket without signing in). Only the reconciliation of a lost open-ticket reads it; the mirror, and so every
 * view and export, keeps the ticket without it (Ticket).
 */
export interface ListedTicket extends Ticket {
  c: string;
}

export interface ClientDetails {
  /** The account's own client id: what `clientid` / `userid` parameters carry. */
  userId: number;
  id: number;
  uuid: string;
  firstName: string;
  lastName: string;
  fullName: string;
  companyName: string;
  email: string;
  address1: string;
  address2: string;
  city: string;
  fullState: string;
  state: string;
  postcode: string;
  countryCode: string;
  country: string;
  countryName: string;
  stateCode: string;
  phoneNumber: string;
  phoneCc: string;
  phoneNumberFormatted: string;
  billingCid: number | null;
  notes: string;
  twoFaEnabled: boolean;
  /** Currency id. */
  currency: number | null;
  currencyCode: string;
  defaultGateway: string;
  groupId: number | null;
  status: string;
  credit: Money | null;
  taxExempt: boolean;
  lateFeeOverride: boolean;
  overrideDueNotices: boolean;
  separateInvoices: boolean;
  disableAutoCc: boolean;
  emailOptOut: boolean;
  marketingEmailsOptIn: boolean;
  overrideAutoClose: boolean;
  allowSingleSignOn: boolean;
  language: string;
  /** Free text with date, IP address and host. */
  lastLogin: string;
}

export interface ClientStats {
  numDueInvoices: number;
  dueInvoicesBalance: FormattedMoney;
  income: FormattedMoney;
  inCredit: boolean;
  creditBalance: FormattedMoney;
  numOverdueInvoices: number;
  overdueInvoicesBalance: FormattedMoney;
  numDraftInvoices: number;
  draftInvoicesBalance: FormattedMoney;
  numPaidInvoices: number;
  paidInvoicesAmount: FormattedMoney;
  numUnpaidInvoices: number;
  unpaidInvoicesAmount: FormattedMoney;
  numCancelledInvoices: number;
  cancelledInvoicesAmount: FormattedMoney;
  numRefundedInvoices: number;
  refundedInvoicesAmount: FormattedMoney;
  numCollectionsInvoices: number;
  collectionsInvoicesAmount: FormattedMoney;
  productsNumActiveHosting: number;
  productsNumHosting: number;
  productsNumActiveReseller: number;
  productsNumReseller: number;
  productsNumActiveServers: number;
  productsNumServers: number;
  productsNumActiveOther: number;
  productsNumOther: number;
  productsNumActive: number;
  productsNumTotal: number;
  numActiveDomains: number;
  numDomains: number;
  numAcceptedQuotes: number;
  numQuotes: number;
  numTickets: number;
  numActiveTickets: number;
  numAffiliateSignups: number;
  isAffiliate: boolean;
}

export interface ClientDetailsResult {
  client: ClientDetails;
  /** Present only when stats were requested. */
  stats: ClientStats | null;
}

/** Prices by currency code, then by key as the provider sends them (monthly, annually, msetupfee, prefix...). */
export type CataloguePricing = Record<string, Record<string, string>>;

/** A catalogue entry (get-products, get-filtered-products). */
export interface CatalogueProduct {
  pid: number;
  gid: number | null;
  name: string;
  /** Free text, may be empty; content, not contract. */
  description: string;
  /** Beyond the spec's four fields; empty when the provider does not send them. */
  type: string;
  payType: string;
  pricing: CataloguePricing;
  /** The custom fields its order asks for: add-order's customfields are keyed by their ids. */
  customFields: CatalogueCustomField[];
}

/** A custom field of a catalogue product (its value goes in add-order's customfields under its id). */
export interface CatalogueCustomField {
  id: number;
  name: string;
}

/** Catalogue add-on of a product. The spec does not show its fields; these are what the provider sends. */
export interface ProductAddon {
  id: number;
  name: string;
  description: string;
  billingCycle: string;
  pricing: CataloguePricing;
}

export interface ConfigOptionChoice {
  id: number;
  name: string;
  /** A flat monthly price, from a provider that sends one; null when it prices per cycle. */
  price: Money | null;
  /** Per currency, each cycle's price and setup fee, as upstream; empty from a provider that sends a flat price. */
  pricing: CataloguePricing;
}

/** Configurable option of a product (its choices are what add-order's configoptions select). */
export interface ConfigOption {
  id: number;
  name: string;
  type: string;
  choices: ConfigOptionChoice[];
}

export type RegistrationTerm = 'annually' | 'biennially' | 'triennially' | 'quadriennially' | 'quinquennially';
export type TermPrices = Partial<Record<RegistrationTerm, Money>>;

export interface DomainPrices {
  register: TermPrices;
  transfer: TermPrices;
  renew: TermPrices;
}

export interface WhoisResult {
  domain: string;
  sld: string;
  tld: string;
  /** From an explicit status, else read from the availability text; null when neither says. */
  available: boolean | null;
  /** Availability text as sent. */
  whois: string;
  premium: boolean;
  /** Prices by action and term when the provider sent the object form. */
  prices: DomainPrices | null;
  /** A single number when the provider sent price as a plain scalar. */
  flatPrice: Money | null;
}

export interface WhoisContact {
  name: string | null;
  organization: string | null;
  email: string | null;
}

export interface WhoisInfo {
  /** False when the registry says there is no such domain ("No match", "NOT FOUND"). */
  found: boolean;
  statuses: string[];
  createdOn: IsoDate | null;
  expiresOn: IsoDate | null;
  updatedOn: IsoDate | null;
  registrar: string | null;
  nameservers: string[];
  contacts: Partial<Record<'registrant' | 'admin' | 'tech' | 'billing', WhoisContact>>;
  /** The registry's text (or, for the JSON variant, the reply as JSON text). */
  raw: string;
}

export type EppResult =
  /**
   * The registrar returned the code: `eppCode` with its HTML entities decoded as the provider encoded them
   * (PHP's html_entity_decode: named entities need their semicolon), `eppCodeRaw` as it came.
   */
  | { delivery: 'returned'; eppCode: string; eppCodeRaw: string }
  /** No code in the reply and no error: the registrar e-mails it to the client. */
  | { delivery: 'emailed'; eppCode: null; eppCodeRaw: null };

export interface OrderCreated {
  orderId: number;
  /** The order's number as the Orders list shows it (get-orders' ordernum), read once it is placed; absent when that read failed. */
  orderNum?: string;
  invoiceId: number | null;
  serviceIds: number[];
  addonIds: number[];
  domainIds: number[];
}

export interface InvoiceLine {
  description: string;
  amount: Money;
  taxed: boolean;
}

/** An invoice the user created through the app: the API lists no invoices, so the app remembers its own. */
export interface Invoice {
  id: number;
  status: string;
  date: IsoDate | null;
  dueDate: IsoDate | null;
  total: Money | null;
  /** The two levels of tax, in percent, as the invoice was made (absent on invoices made before they were kept). */
  taxRate?: number | null;
  taxRate2?: number | null;
  notes: string;
  items: InvoiceLine[];
  /** ISO 8601 time it was queued in the app. */
  createdAt: string;
}

export interface InvoiceCreated {
  invoiceId: number;
  status: string;
}

export interface TicketOpened {
  id: number | null;
  tid: string | null;
  c: string | null;
}

/** add-contact, update-contact and delete-contact all answer with the contact's id. */
export interface ContactRef {
  contactId: number;
}
