/**
 * What a record's detail shows besides its fields, per resource: its actions above the fields (a contact's Edit
 * and Delete, a new ticket about a service or a domain, ordering a product) and its own parts below them (a
 * domain's tools, an invoice's printable copy, an order's payments, a ticket's thread and reply). Each part is a
 * component and its props for the record shown, or null where it has nothing to show for that record. Adding a
 * part to a resource's detail is one line here; the pane names no resource.
 */
import type { Component } from 'vue';
import type { OverlaidRecord } from '../../../../shared/queries';
import type { LinkTarget } from '../../../../shared/resource-fields';
import OrderPayments from '../billing/OrderPayments.vue';
import DomainTools from '../domain/DomainTools.vue';
import ContactActions from '../forms/ContactActions.vue';
import TicketReply from '../forms/TicketReply.vue';
import InvoicePrint from '../invoices/InvoicePrint.vue';
import { isInvoiceRecord } from '../invoices/invoice-record';
import TicketWritten from '../outbox/TicketWritten.vue';
import AddonOrderDialog from '../renewals/AddonOrderDialog.vue';
import RenewDialog from '../renewals/RenewDialog.vue';
import { asCatalogueEntry } from '../shop/catalogue-entry';
import ProductOrderAction from '../shop/ProductOrderAction.vue';
import ContactTaxId from './ContactTaxId.vue';
import SubjectActions from './SubjectActions.vue';

/** A record as data.get gives it, with the outbox laid over it. */
export type DetailRecord = OverlaidRecord & Record<string, unknown>;

export interface DetailPart {
  component: Component;
  /** The component's props for this record (titled as the lists title it), or null: nothing to show. */
  props: (record: DetailRecord, title: string) => Record<string, unknown> | null;
}

export interface DetailParts {
  /** Above the record's fields: what can be done with it. */
  actions?: DetailPart[];
  /** Below its fields: its own tools, copies and threads. */
  after?: DetailPart[];
}

/** A catalogue product's Order…, unless a change of it is queued. */
function orderable(record: DetailRecord): Record<string, unknown> | null {
  const product = asCatalogueEntry(record);
  return product && !record.pending ? { product } : null;
}

export const DETAIL_PARTS: Partial<Record<LinkTarget, DetailParts>> = {
  contacts: {
    actions: [{ component: ContactActions, props: (contact) => ({ contact }) }],
    after: [{ component: ContactTaxId, props: (contact) => ({ contactId: contact.id }) }],
  },
  services: {
    actions: [{ component: SubjectActions, props: (record, title) => ({ record, title, field: 'serviceid', label: 'renewals.addon.action', dialog: AddonOrderDialog }) }],
  },
  domains: {
    actions: [{ component: SubjectActions, props: (record, title) => ({ record, title, field: 'domainid', label: 'renewals.renew.action', dialog: RenewDialog }) }],
    after: [{ component: DomainTools, props: (record) => (typeof record.domainName === 'string' ? { domain: record.domainName } : null) }],
  },
  catalogue: {
    actions: [{ component: ProductOrderAction, props: orderable }],
  },
  invoices: { after: [{ component: InvoicePrint, props: (record) => (isInvoiceRecord(record) ? { invoice: record } : null) }] },
  orders: { after: [{ component: OrderPayments, props: (record) => (typeof record.id === 'number' ? { orderId: record.id } : null) }] },
  tickets: {
    after: [
      { component: TicketWritten, props: (record) => ({ ticketId: record.id }) },
      { component: TicketReply, props: (record) => ({ ticketId: record.id }) },
    ],
  },
};

