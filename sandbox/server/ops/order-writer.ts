/**
 * Writes an order plan in one transaction: the order, its services (custom fields, configurable options),
 * add-ons, domains, renewals, line items (products, then add-ons, then domains, as upstream lists them) and an
 * Unpaid invoice whose items add up to the order amount. New services, add-ons and domains are Pending. A domain's
 * TLD-specific fields go in domain_fields; the affiliate id on the order.
 */
import { formatCents } from '../../store/money.js';
import type { OpContext } from '../operation.js';
import { serializeMap } from '../php.js';
import { NO_DATE } from '../reply.js';
import { nowDateTime, today } from './caller.js';
import { randomCode, unusedNumber } from './identifiers.js';
import type { OrderableAddon } from './order-catalogue.js';
import { type DomainPlan, type OrderPlan, type RenewalPlan, type ServicePlan, yearsText } from './order-plan.js';
import { sql } from './sql.js';

const DEFAULT_NAMESERVERS = ['ns1.resellerdns.net', 'ns2.resellerdns.net'];
const REGISTRAR = 'enom';
const PRODUCT_TYPE_NAMES: Record<string, string> = {
  hostingaccount: 'Hosting Account',
  reselleraccount: 'Reseller Account',
  server: 'Dedicated/VPS Server',
  other: 'Other Product/Service',
};
const SERVICE_PASSWORD_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#%+-=?@';

export interface OrderOptions {
  payment: { code: string; name: string };
  contactid: number;
  /** nameserver1..5 as given; empty for the provider's default nameservers. */
  nameservers: string[];
  /** The affiliate the order is credited to; 0 for none. */
  affid: number;
}

export interface WrittenOrder {
  orderid: number;
  invoiceid: number;
  serviceids: number[];
  addonids: number[];
  domainids: number[];
}

interface OrderWriter {
  ctx: OpContext;
  orderid: number;
  today: string;
  payment: { code: string; name: string };
  lineItems: { type: string; relid: number; producttype: string; product: string; domain: string; billingcycle: string; cents: number }[];
  invoiceItems: { type: string; relid: number; description: string; cents: number }[];
}

function serviceUsername(ctx: OpContext, domain: string): string {
  const stem = domain.normalize('NFD').toLowerCase().replace(/[^a-z]/g, '').slice(0, 8);
  const taken = sql(ctx.db, 'SELECT 1 FROM services WHERE username = ?');
  for (;;) {
    const candidate = (stem + randomCode(8, 'abcdefghijklmnopqrstuvwxyz')).slice(0, 8);
    if (!taken.get(candidate)) return candidate;
  }
}

function writeAddon(w: OrderWriter, serviceid: number, domain: string, addon: OrderableAddon): number {
  const result = sql(
    w.ctx.db,
    `INSERT INTO service_addons (userid, orderid, serviceid, addonid, name, status, billingcycle, recurring, regdate, nextduedate)
     VALUES (?, ?, ?, ?, ?, 'Pending', ?, ?, ?, ?)`,
  ).run(w.ctx.userid, w.orderid, serviceid, addon.id, addon.name, addon.billingcycle, formatCents(addon.priceCents), w.today, w.today);
  const id = Number(result.lastInsertRowid);
  const cents = addon.priceCents + addon.setupCents;
  w.lineItems.push({ type: 'addon', relid: id, producttype: 'Addon', product: addon.name, domain: '', billingcycle: addon.billingcycle, cents });
  w.invoiceItems.push({ type: 'Addon', relid: id, description: `${addon.name}${domain ? ` - ${domain}` : ''} (${addon.billingcycle})`, cents });
  return id;
}

function writeService(w: OrderWriter, plan: ServicePlan): number {
  const { product, price } = plan;
  const recurring = price.recurringCents + plan.options.reduce((sum, o) => sum + o.cents, 0);
  const first = recurring + price.setupCents + plan.options.reduce((sum, o) => sum + o.setupCents, 0);
  const withLogin = product.type !== 'other';
  const result = sql(
    w.ctx.db,
    `INSERT INTO services (userid, orderid, pid, regdate, name, groupname, domain, firstpaymentamount, recurringamount,
       paymentmethod, paymentmethodname, billingcycle, nextduedate, status, username, password, ns1, ns2)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'Pending', ?, ?, ?, ?)`,
  ).run(
    w.ctx.userid, w.orderid, product.pid, w.today, product.name, product.groupname, plan.domain, formatCents(first),
    formatCents(recurring), w.payment.code, w.payment.name, price.cycleName, product.paytype === 'free' ? NO_DATE : w.today,
    withLogin ? serviceUsername(w.ctx, plan.domain) : '',
    plan.password ?? (withLogin ? randomCode(14, SERVICE_PASSWORD_ALPHABET) : ''), plan.ns1, plan.ns2,
  );
  const serviceid = Number(result.lastInsertRowid);
  const insertField = sql(w.ctx.db, 'INSERT INTO service_customfields (serviceid, id, name, value) VALUES (?, ?, ?, ?)');
  for (const field of plan.customFields) insertField.run(serviceid, field.id, field.name, field.value);
  const insertOption = sql(w.ctx.db, 'INSERT INTO service_configoptions (serviceid, id, option, type, value) VALUES (?, ?, ?, ?, ?)');
  for (const option of plan.options) insertOption.run(serviceid, option.id, option.option, option.type, option.value);
  const product_ = `${product.groupname} - ${product.name}`;
  w.lineItems.push({
    type: 'product', relid: serviceid, producttype: PRODUCT_TYPE_NAMES[product.type] ?? PRODUCT_TYPE_NAMES.other!,
    product: product_, domain: plan.domain, billingcycle: price.cycleName, cents: first,
  });
  w.invoiceItems.push({
    type: 'Hosting', relid: serviceid, description: `${product_}${plan.domain ? ` - ${plan.domain}` : ''} (${price.cycleName})`, cents: first,
  });
  return serviceid;
}

function writeDomain(w: OrderWriter, plan: DomainPlan, nameservers: string[]): number {
  const result = sql(
    w.ctx.db,
    `INSERT INTO domains (userid, orderid, regtype, domainname, registrar, regperiod, firstpaymentamount, recurringamount,
       paymentmethod, paymentmethodname, regdate, expirydate, nextduedate, status, dnsmanagement, emailforwarding,
       idprotection, eppcode, nameservers)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    w.ctx.userid, w.orderid, plan.regtype, plan.name.domain, REGISTRAR, plan.regperiod, formatCents(plan.firstCents),
    formatCents(plan.recurringCents), w.payment.code, w.payment.name, w.today, NO_DATE, w.today,
    plan.regtype === 'Register' ? 'Pending' : 'Pending Transfer', Number(plan.dnsmanagement), Number(plan.emailforwarding),
    Number(plan.idprotection), randomCode(12), nameservers.join(','),
  );
  const id = Number(result.lastInsertRowid);
  const insertField = sql(w.ctx.db, 'INSERT INTO domain_fields (domainid, name, value) VALUES (?, ?, ?)');
  for (const [name, value] of Object.entries(plan.fields)) insertField.run(id, name, value);
  const kind = plan.regtype === 'Register' ? 'Domain Registration' : 'Domain Transfer';
  w.lineItems.push({
    type: 'domain', relid: id, producttype: 'Domain', product: plan.regtype, domain: plan.name.domain,
    billingcycle: String(plan.regperiod), cents: plan.firstCents,
  });
  w.invoiceItems.push({ type: 'Domain', relid: id, description: `${kind} - ${plan.name.domain} - ${yearsText(plan.regperiod)}`, cents: plan.firstCents });
  return id;
}

function writeRenewal(w: OrderWriter, plan: RenewalPlan): void {
  w.lineItems.push({
    type: 'domain', relid: plan.domainid, producttype: 'Domain', product: 'Renewal', domain: plan.domain,
    billingcycle: String(plan.years), cents: plan.cents,
  });
  w.invoiceItems.push({
    type: 'Domain', relid: plan.domainid, description: `Domain Renewal - ${plan.domain} - ${yearsText(plan.years)}`, cents: plan.cents,
  });
}

function writeInvoice(w: OrderWriter, totalCents: number): number {
  const total = formatCents(totalCents);
  const result = sql(
    w.ctx.db,
    `INSERT INTO invoices (userid, date, duedate, status, subtotal, total, paymentmethod)
     VALUES (?, ?, ?, 'Unpaid', ?, ?, ?)`,
  ).run(w.ctx.userid, w.today, w.today, total, total, w.payment.code);
  const invoiceid = Number(result.lastInsertRowid);
  const insert = sql(w.ctx.db, 'INSERT INTO invoice_items (invoiceid, type, relid, description, amount) VALUES (?, ?, ?, ?, ?)');
  for (const i of w.invoiceItems) insert.run(invoiceid, i.type, i.relid, i.description, formatCents(i.cents));
  return invoiceid;
}

export function writeOrder(ctx: OpContext, plan: OrderPlan, options: OrderOptions): WrittenOrder {
  const { payment, contactid, nameservers, affid } = options;
  return ctx.db.transaction(() => {
    const transfers = new Map(plan.domains.flatMap((d) => (d.eppcode === undefined ? [] : [[d.name.domain, d.eppcode] as const])));
    const order = sql(
      ctx.db,
      `INSERT INTO orders (ordernum, userid, contactid, date, nameservers, transfersecret, renewals, orderdata, amount,
         paymentmethod, paymentmethodname, status, affid)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'a:0:{}', '0.00', ?, ?, 'Pending', ?)`,
    ).run(
      unusedNumber(ctx.db, 'orders', 'ordernum', 10), ctx.userid, contactid, nowDateTime(ctx), nameservers.join(','),
      transfers.size ? serializeMap(transfers) : '',
      plan.renewals.map((r) => `${r.domainid}=${r.years}`).join(','),
      payment.code, payment.name, affid,
    );
    const w: OrderWriter = { ctx, orderid: Number(order.lastInsertRowid), today: today(ctx), payment, lineItems: [], invoiceItems: [] };
    const serviceids = plan.services.map((service) => writeService(w, service));
    const addonids = [
      ...plan.services.flatMap((service, i) => service.addons.map((addon) => writeAddon(w, serviceids[i]!, service.domain, addon))),
      ...plan.addons.map((a) => writeAddon(w, a.serviceid, a.domain, a.addon)),
    ];
    const domainNameservers = nameservers.length ? nameservers : DEFAULT_NAMESERVERS;
    const domainids = plan.domains.map((domain) => writeDomain(w, domain, domainNameservers));
    for (const renewal of plan.renewals) writeRenewal(w, renewal);

    const insertLine = sql(
      ctx.db,
      `INSERT INTO order_lineitems (orderid, seq, type, relid, producttype, product, domain, billingcycle, amount, status)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'Pending')`,
    );
    w.lineItems.forEach((l, seq) =>
      insertLine.run(w.orderid, seq + 1, l.type, l.relid, l.producttype, l.product, l.domain, l.billingcycle, formatCents(l.cents)),
    );
    const total = w.lineItems.reduce((sum, l) => sum + l.cents, 0);
    const invoiceid = writeInvoice(w, total);
    sql(ctx.db, 'UPDATE orders SET amount = ?, invoiceid = ? WHERE id = ?').run(formatCents(total), invoiceid, w.orderid);
    return { orderid: w.orderid, invoiceid, serviceids, addonids, domainids };
  })();
}
