/** Writes generated records into the database, through one cached prepared statement per table. */
import type Database from 'better-sqlite3';
import { formatDay, formatMoment, UNSET_DATE, UNSET_DATETIME } from './calendar.js';
import { addonOffers, choicePricingJson, pricingJson, type Catalogue, type Product } from './catalogue.js';
import type { AccountData, LineItem, OrderRecord, TicketRecord } from './model.js';
import { formatCents } from './money.js';
import { lineItemCents } from './orders.js';
import { invoiceTotalCents } from './billing.js';

type SqlValue = string | number | bigint | null | Buffer;
type Row = Record<string, SqlValue>;

const PRODUCT_TYPE_NAMES: Readonly<Record<Product['type'], string>> = {
  hostingaccount: 'Hosting Account',
  reselleraccount: 'Reseller Account',
  server: 'Dedicated/VPS Server',
  other: 'Other Product/Service',
};

export class Writer {
  private readonly statements = new Map<string, { statement: Database.Statement; columns: string[] }>();
  private invoiceItemId = 1;
  private replyId = 1;

  constructor(private readonly db: Database.Database) {}

  /**
   * Inserts a row. The first row of a table fixes its column list; later rows must have the same columns
   * and are bound by position, which is much faster than binding by name.
   */
  insert(table: string, row: Row): void {
    let prepared = this.statements.get(table);
    if (!prepared) {
      const columns = Object.keys(row);
      const statement = this.db.prepare(
        `INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      );
      prepared = { statement, columns };
      this.statements.set(table, prepared);
    }
    const { statement, columns } = prepared;
    // better-sqlite3 binds undefined as NULL; a missing or extra column is a generator bug, not a NULL.
    const values = columns.map((column) => row[column]);
    if (values.includes(undefined) || Object.keys(row).length !== columns.length) {
      throw new Error(`Row for ${table} does not have the columns ${columns.join(', ')}: ${Object.keys(row).join(', ')}`);
    }
    statement.run(values);
  }

  catalogue(catalogue: Catalogue): void {
    for (const group of catalogue.groups) this.insert('product_groups', { id: group.id, name: group.name });
    for (const product of catalogue.products) {
      this.insert('products', {
        pid: product.pid, gid: product.gid, type: product.type, name: product.name, description: product.description,
        paytype: product.paytype, pricing: pricingJson(product.offers),
      });
      for (const field of product.customFields) {
        this.insert('product_customfields', { id: field.id, pid: product.pid, name: field.name });
      }
      for (const option of product.configOptions) {
        this.insert('configoptions', { id: option.id, pid: product.pid, name: option.name, type: option.type });
        for (const choice of option.choices) {
          this.insert('configoption_choices', {
            id: choice.id, configid: option.id, name: choice.name, pricing: choicePricingJson(choice.monthlyCents),
          });
        }
      }
    }
    for (const addon of catalogue.addons) {
      this.insert('addons', {
        id: addon.id, name: addon.name, description: addon.description, billingcycle: addon.cycle.name,
        pricing: pricingJson(addonOffers(addon)),
      });
    }
    for (const product of catalogue.products) {
      for (const addon of product.addons) this.insert('addon_products', { addonid: addon.id, pid: product.pid });
    }
    for (const tld of catalogue.tlds) {
      this.insert('tld_pricing', {
        tld: tld.tld, register: byYears(tld.register), transfer: byYears(tld.transfer), renew: byYears(tld.renew),
      });
    }
    for (const department of catalogue.departments) {
      this.insert('departments', { id: department.id, name: department.name, email: department.email, hidden: 0 });
      for (const field of department.customFields) {
        this.insert('department_customfields', {
          id: field.id, deptid: department.id, name: field.name, type: field.type, options: field.options.join(','),
          required: Number(field.required),
        });
      }
    }
  }

  /** One account's records; ids must have been assigned. */
  account(userid: number, data: AccountData): void {
    for (const contact of data.contacts) {
      this.insert('contacts', {
        id: contact.id, userid, firstname: contact.firstname, lastname: contact.lastname, email: contact.email,
        ...contact.columns,
      });
    }
    this.holdings(userid, data);
    for (const invoice of data.invoices) this.invoice(userid, invoice);
    for (const order of data.orders) this.order(userid, order);
    for (const transaction of data.transactions) {
      this.insert('transactions', {
        id: transaction.id, userid, currency: 0, gateway: transaction.gateway.code,
        date: formatMoment(transaction.moment), description: transaction.description,
        amountin: formatCents(transaction.amountInCents), fees: formatCents(transaction.feeCents),
        amountout: formatCents(transaction.amountOutCents), rate: '1.00000', transid: transaction.transid,
        invoiceid: transaction.invoice?.id ?? 0, refundid: transaction.refundOf?.id ?? 0,
      });
    }
    for (const ticket of data.tickets) this.ticket(userid, ticket);
  }

  private holdings(userid: number, data: AccountData): void {
    for (const service of data.services) {
      this.insert('services', {
        id: service.id, userid, orderid: service.order?.id ?? 0, pid: service.product.pid,
        regdate: formatDay(service.regDay), name: service.product.name, groupname: service.product.groupName,
        domain: service.domain, firstpaymentamount: formatCents(service.firstPaymentCents),
        recurringamount: formatCents(service.recurringCents), paymentmethod: service.gateway.code,
        paymentmethodname: service.gateway.name, billingcycle: service.cycleName,
        nextduedate: service.nextDueDay === null ? UNSET_DATE : formatDay(service.nextDueDay), status: service.status,
        ...service.columns,
      });
      for (const field of service.customFields) {
        this.insert('service_customfields', { serviceid: service.id, id: field.id, name: field.name, value: field.value });
      }
      for (const option of service.configOptions) {
        this.insert('service_configoptions', { serviceid: service.id, ...option });
      }
    }
    for (const item of data.serviceAddons) {
      this.insert('service_addons', {
        id: item.id, userid, orderid: item.order.id, serviceid: item.service.id, addonid: item.addon.id,
        name: item.addon.name, status: item.status, billingcycle: item.addon.cycle.name,
        recurring: formatCents(item.addon.priceCents), regdate: formatDay(item.regDay), nextduedate: formatDay(item.nextDueDay),
      });
    }
    for (const domain of data.domains) {
      this.insert('domains', {
        id: domain.id, userid, orderid: domain.order?.id ?? 0, regtype: domain.regtype, domainname: domain.name,
        regperiod: domain.regperiod, firstpaymentamount: formatCents(domain.firstPaymentCents),
        recurringamount: formatCents(domain.recurringCents), paymentmethod: domain.gateway.code,
        paymentmethodname: domain.gateway.name, regdate: formatDay(domain.regDay),
        expirydate: domain.expiryDay === null ? UNSET_DATE : formatDay(domain.expiryDay),
        nextduedate: formatDay(domain.nextDueDay), status: domain.status,
        ...domain.columns,
      });
    }
  }

  private invoice(userid: number, invoice: AccountData['invoices'][number]): void {
    const total = formatCents(invoiceTotalCents(invoice));
    this.insert('invoices', {
      id: invoice.id, userid, date: formatDay(invoice.day), duedate: formatDay(invoice.dueDay),
      datepaid: invoice.paidMoment === null ? UNSET_DATETIME : formatMoment(invoice.paidMoment),
      status: invoice.status, subtotal: total, taxrate: '0.00', taxrate2: '0.00', tax: '0.00', tax2: '0.00', total,
      paymentmethod: invoice.gateway.code, notes: invoice.notes,
    });
    for (const item of invoice.items) {
      this.insert('invoice_items', {
        id: this.invoiceItemId++, invoiceid: invoice.id, type: item.type, relid: item.rel?.id ?? 0,
        description: item.description, amount: formatCents(item.amountCents), taxed: 0,
      });
    }
  }

  private order(userid: number, order: OrderRecord): void {
    const amount = order.lineItems.reduce((sum, item) => sum + lineItemCents(item), 0);
    const renewals = order.lineItems
      .flatMap((item) => (item.kind === 'domain' && item.renewal ? [`${item.domain.id}=${item.domain.regperiod}`] : []))
      .join(',');
    this.insert('orders', {
      id: order.id, ordernum: order.ordernum, userid, contactid: order.contact?.id ?? 0, date: formatMoment(order.moment),
      renewals, amount: formatCents(amount), paymentmethod: order.gateway.code, paymentmethodname: order.gateway.name,
      invoiceid: order.invoice?.id ?? 0, status: order.status,
      ...order.columns,
    });
    order.lineItems.forEach((item, index) => {
      this.insert('order_lineitems', { orderid: order.id, seq: index + 1, ...lineItemColumns(item) });
    });
  }

  private ticket(userid: number, ticket: TicketRecord): void {
    this.insert('tickets', {
      id: ticket.id, tid: ticket.tid, deptid: ticket.departmentId, userid: ticket.fromClient ? userid : 0,
      owner_userid: userid, contactid: ticket.contact?.id ?? 0, name: ticket.name, email: ticket.email,
      date: formatMoment(ticket.moment), subject: ticket.subject, message: ticket.message, status: ticket.status,
      priority: ticket.priority, admin: ticket.admin, attachment: ticket.attachments.map((a) => a.filename).join('|'),
      lastreply: formatMoment(ticket.lastReplyMoment),
      service: ticket.about === null ? '' : `${'regtype' in ticket.about ? 'D' : 'S'}${ticket.about.id}`,
      ...ticket.columns,
    });
    for (const reply of ticket.replies) {
      this.insert('ticket_replies', {
        id: reply.id, ticketid: ticket.id, userid: reply.fromClient ? userid : 0,
        contactid: reply.fromClient ? ticket.contact?.id ?? 0 : 0, name: reply.name, email: reply.email,
        admin: reply.admin, date: formatMoment(reply.moment), message: reply.message, markdown: 0,
      });
    }
    for (const file of ticket.attachments) {
      this.insert('ticket_attachments', { ticketid: ticket.id, replyid: null, filename: file.filename, data: file.data });
    }
  }
}

function lineItemColumns(item: LineItem): Row {
  const amount = formatCents(lineItemCents(item));
  switch (item.kind) {
    case 'product': {
      const { service } = item;
      return {
        type: 'product', relid: service.id, producttype: PRODUCT_TYPE_NAMES[service.product.type],
        product: `${service.product.groupName} - ${service.product.name}`, domain: service.domain,
        billingcycle: service.cycleName, amount, status: service.status,
      };
    }
    case 'addon':
      return {
        type: 'addon', relid: item.addon.id, producttype: 'Addon', product: item.addon.addon.name, domain: '',
        billingcycle: item.addon.addon.cycle.name, amount, status: item.addon.status,
      };
    case 'domain':
      // As upstream lists them: product is the registration type (or 'Renewal'), billingcycle the years.
      return {
        type: 'domain', relid: item.domain.id, producttype: 'Domain',
        product: item.renewal ? 'Renewal' : item.domain.regtype, domain: item.domain.name,
        billingcycle: String(item.domain.regperiod), amount, status: item.domain.status,
      };
  }
}

/** {"1":"9.95","2":"19.90",...}: a price list by registration years. */
function byYears(cents: readonly number[]): string {
  return JSON.stringify(Object.fromEntries(cents.map((c, i) => [String(i + 1), formatCents(c)])));
}
