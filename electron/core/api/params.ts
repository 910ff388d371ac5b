/**
 * Request parameters of each operation, typed as the spec lists them. Where the spec packs structured values
 * into one field (custom fields, config options, add-on lists, renewals, attachments, invoice lines) the
 * structured value is taken here and encoded by encoders.ts.
 */
import type { AttachmentBytes } from './encoders.js';
import type { ConfigOptionChoices, CustomFieldValues, DomainFieldValues, InvoiceItem } from './encoders.js';

export interface PageParams {
  /** Offset, default 0. */
  limitstart?: number;
  /** Count, default 25 (the provider may cap it). */
  limitnum?: number;
}

export interface ClientsProductsParams extends PageParams {
  serviceid?: number;
  pid?: number;
  domain?: string;
  username2?: string;
}

/** get-products: parameters "not shown" by the spec; pid and gid as upstream. */
export interface ProductsParams {
  pid?: number;
  gid?: number;
}

/** get-filtered-products: pid or gid required. */
export type FilteredProductsParams = { pid: number; gid?: number } | { gid: number; pid?: number };

export interface ProductIdParams {
  pid: number;
}

/** The spec's table lists no paging parameters, but the reply is a paged list (Common rules 6). */
export interface TransactionsParams extends PageParams {
  invoiceid?: number;
  transid?: string;
}

export interface ClientsDomainsParams extends PageParams {
  domainid?: number;
  domain?: string;
}

export interface DomainParams {
  domain: string;
}

export interface OrdersParams extends PageParams {
  id?: number;
  status?: string;
}

/** add-order. Arrays run in parallel: index i of pid, domain, billingcycle, ... describes the i-th item. */
export interface AddOrderParams {
  pid?: number[];
  domain?: string[];
  billingcycle?: string[];
  /** '' for a domain that only names a product's domain (index-aligned with domain[]). */
  domaintype?: Array<'register' | 'transfer' | ''>;
  regperiod?: number[];
  eppcode?: string[];
  nameserver1?: string;
  nameserver2?: string;
  nameserver3?: string;
  nameserver4?: string;
  nameserver5?: string;
  /** Per product: custom field values keyed by custom field id. */
  customfields?: CustomFieldValues[];
  /** Per product: `{configoption id: option id}`. */
  configoptions?: ConfigOptionChoices[];
  promocode?: string;
  affid?: number;
  /** Per product: its add-on ids. */
  addons?: number[][];
  hostname?: string[];
  ns1prefix?: string[];
  ns2prefix?: string[];
  rootpw?: string[];
  contactid?: number;
  dnsmanagement?: boolean;
  /** Per domain: TLD-specific values. */
  domainfields?: DomainFieldValues[];
  emailforwarding?: boolean[];
  idprotection?: boolean[];
  /** Domain name → renewal period in years. */
  domainrenewals?: Record<string, number>;
  addonid?: number;
  serviceid?: number;
  addonids?: number[];
  serviceids?: number[];
  /** Gateway code (e.g. mailin); not in the spec's table but seen in requests and required upstream. */
  paymentmethod?: string;
}

export interface ContactFields {
  firstname?: string;
  lastname?: string;
  companyname?: string;
  email?: string;
  address1?: string;
  address2?: string;
  city?: string;
  state?: string;
  postcode?: string;
  /** 2-character ISO code. */
  country?: string;
  phonenumber?: string;
}

export interface ContactsParams extends PageParams, ContactFields {
  subaccount?: boolean;
}

export interface EmailPreferences {
  generalemails?: boolean;
  productemails?: boolean;
  domainemails?: boolean;
  invoiceemails?: boolean;
  supportemails?: boolean;
}

export interface AddContactParams extends ContactFields, EmailPreferences {
  tax_id?: string;
  /** Only when creating a sub-account. */
  password2?: string;
}

export interface UpdateContactParams extends ContactFields, EmailPreferences {
  contactid: number;
  subaccount?: boolean;
  password2?: string;
}

export interface ContactIdParams {
  contactid: number;
}

export type TicketPriority = 'Low' | 'Medium' | 'High';

export interface OpenTicketParams {
  deptid: number;
  subject: string;
  message: string;
  contactid?: number;
  name?: string;
  email?: string;
  /** Only one of serviceid or domainid. */
  serviceid?: number;
  domainid?: number;
  markdown?: boolean;
  customfields?: CustomFieldValues;
  attachments?: AttachmentBytes[];
  /** Not in the spec's table; seen in requests (value Medium). */
  priority?: TicketPriority;
}

export interface TicketsParams extends PageParams {
  deptid?: number;
  email?: string;
  /** A ticket status or Awaiting Reply / All Active Tickets / My Flagged Tickets. */
  status?: string;
  subject?: string;
}

export interface AddTicketReplyParams {
  /** Ticket database id (Ticket.id, not tid). */
  ticketid: number;
  message: string;
  markdown?: boolean;
  contactid?: number;
  name?: string;
  email?: string;
  customfields?: CustomFieldValues;
  attachments?: AttachmentBytes[];
  /** Not in the spec's table; seen in requests. */
  useMarkdown?: boolean;
}

export type DomainRequestEppParams = { domainid: number } | { domainname: string };

export interface ClientsDetailsParams {
  stats?: boolean;
}

export interface CreateInvoiceParams {
  status?: string;
  draft?: boolean;
  taxrate?: number;
  taxrate2?: number;
  /** `YYYY-mm-dd`. */
  date?: string;
  /** `YYYY-mm-dd`. */
  duedate?: string;
  notes?: string;
  /** Sent as itemdescriptionN / itemamountN / itemtaxedN, N from 1. */
  items?: InvoiceItem[];
}
