/**
 * add-order: places an order for the caller. The whole request is validated and priced first; then one
 * transaction writes the order, its services (with custom fields, configurable options and add-ons), domains,
 * add-on-only purchases, renewals, line items and an Unpaid invoice whose total is the order amount.
 *
 * Request reading (decisions where the spec leaves room):
 * - pid[i] goes with domain[i], billingcycle[i], configoptions[i], customfields[i], addons[i], hostname[i],
 *   ns1prefix[i], ns2prefix[i], rootpw[i]. domain[i] with domaintype[i] (register|transfer) also orders that
 *   domain, with regperiod[i] (default 1), eppcode[i], idprotection[i], emailforwarding[i], domainfields[i];
 *   dnsmanagement may be one flag for all domains or a list. A domain[i] past the products needs a domaintype.
 * - configoptions[i] and customfields[i]: base64 of a PHP-serialized array (or, for configoptions, of a JSON
 *   object), or form fields; keys are catalogue ids. domainfields are validated and not stored.
 * - A transfer needs an eppcode and a registered name that is not already the caller's; a registration needs
 *   an available name. Premium names cost the premium price (see domain-names.ts).
 * - domainrenewals[<domain>]=<years> renews one of the caller's domains (Active, Expired, Grace or Redemption).
 * - addonid+serviceid and addonids[]+serviceids[] buy add-ons for existing services of the caller.
 * - paymentmethod defaults to the client's default gateway; an unknown one is "Invalid Payment Method".
 * - promocode: the sandbox has no promotions, so any code is "Promotion Code Not Found". affid is validated
 *   as an integer and otherwise ignored (no affiliates).
 * - nameserver1..5 apply to every domain of the order (default: the provider's nameservers).
 * - An order with nothing in it is rejected as upstream does: "No items added to cart so order cannot proceed".
 *
 * Reply: orderid and invoiceid as JSON numbers (the spec types them integer); the ids of created services,
 * add-ons and domains as comma-separated strings. The spec's table names the service ids `productids` while
 * the upstream sample reply says `serviceids`: both keys are sent, with the same value.
 */
import { formatCents, parseCents } from '../../store/money.js';
import { Rejection, type OpContext, type Operation, type Params } from '../operation.js';
import {
  intList, listValues, optionalInt, optionalString, parseInteger, perItemBool, stringList, stringMap,
} from '../params.js';
import { decodeArrayParam, decodeSerializedArray, serializeMap } from '../php.js';
import { NO_DATE } from '../reply.js';
import { callerClient, checkClientId, nowDateTime, today } from './caller.js';
import {
  type DomainName, isHostname, isPremium, isRegistered, parseDomainName, priceFor, tldPrices,
} from './domain-names.js';
import { gatewayName } from './gateways.js';
import { randomCode, unusedNumber } from './identifiers.js';
import {
  chosenCustomFields, chosenOptions, type ChosenOption, type CyclePrice, orderableAddon, type OrderableAddon,
  orderableProduct, type OrderableProduct, productCyclePrice,
} from './order-catalogue.js';
import { requireOwn } from './ownership.js';
import { sql } from './sql.js';

const DEFAULT_NAMESERVERS = ['ns1.resellerdns.net', 'ns2.resellerdns.net'];
const REGISTRAR = 'enom';
const RENEWABLE_STATUSES = ['Active', 'Expired', 'Grace', 'Redemption'];
const PRODUCT_TYPE_NAMES: Record<string, string> = {
  hostingaccount: 'Hosting Account',
  reselleraccount: 'Reseller Account',
  server: 'Dedicated/VPS Server',
  other: 'Other Product/Service',
};
const SERVICE_PASSWORD_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#%+-=?@';

/** An item of a parallel list, with '' meaning not given. */
function item(list: readonly string[], index: number): string | undefined {
  const value = list[index]?.trim();
  return value === '' ? undefined : value;
}

const yearsText = (years: number) => `${years} Year${years === 1 ? '' : 's'}`;

// ---- reading and pricing the request ----

interface ServicePlan {
  product: OrderableProduct;
  price: CyclePrice;
  options: ChosenOption[];
  customFields: { id: number; name: string; value: string }[];
  addons: OrderableAddon[];
  domain: string;
  ns1: string;
  ns2: string;
  password: string | undefined;
}

interface DomainPlan {
  name: DomainName;
  regtype: 'Register' | 'Transfer';
  regperiod: number;
  firstCents: number;
  recurringCents: number;
  eppcode: string | undefined;
  dnsmanagement: boolean;
  emailforwarding: boolean;
  idprotection: boolean;
}

interface RenewalPlan {
  domainid: number;
  domain: string;
  years: number;
  cents: number;
}

interface AddonPlan {
  serviceid: number;
  domain: string;
  addon: OrderableAddon;
}

interface OrderPlan {
  services: ServicePlan[];
  domains: DomainPlan[];
  renewals: RenewalPlan[];
  addons: AddonPlan[];
}

function readServices(ctx: OpContext, params: Params, currencyCode: string): ServicePlan[] {
  const domains = stringList(params, 'domain');
  const cycles = stringList(params, 'billingcycle');
  const configoptions = listValues(params, 'configoptions');
  const customfields = listValues(params, 'customfields');
  const addonLists = stringList(params, 'addons');
  const hostnames = stringList(params, 'hostname');
  const ns1prefixes = stringList(params, 'ns1prefix');
  const ns2prefixes = stringList(params, 'ns2prefix');
  const rootpws = stringList(params, 'rootpw');
  return intList(params, 'pid').map((pid, i) => {
    const product = orderableProduct(ctx.db, pid, currencyCode);
    const price = productCyclePrice(product, item(cycles, i));
    const options = configoptions[i] === undefined || configoptions[i] === '' ? []
      : chosenOptions(ctx.db, pid, decodeArrayParam(`configoptions[${i}]`, configoptions[i]!));
    const customFields = customfields[i] === undefined || customfields[i] === '' ? []
      : chosenCustomFields(ctx.db, pid, decodeArrayParam(`customfields[${i}]`, customfields[i]!));
    const addons = (item(addonLists, i)?.split(',') ?? [])
      .map((id) => orderableAddon(ctx.db, parseInteger(`addons[${i}]`, id), pid, currencyCode));
    const domainName = item(domains, i);
    const domain = domainName === undefined ? '' : parseDomainName(domainName).domain;
    const hostname = item(hostnames, i);
    if (hostname !== undefined && !isHostname(hostname)) throw new Rejection(`Invalid hostname[${i}]: ${hostname}`);
    const prefixed = (prefix: string | undefined) => (prefix !== undefined && domain !== '' ? `${prefix}.${domain}` : '');
    return {
      product, price, options, customFields, addons,
      domain: hostname ?? domain,
      ns1: prefixed(item(ns1prefixes, i)),
      ns2: prefixed(item(ns2prefixes, i)),
      password: item(rootpws, i),
    };
  });
}

function readDomains(ctx: OpContext, params: Params): DomainPlan[] {
  const domains = stringList(params, 'domain');
  const types = stringList(params, 'domaintype');
  const periods = stringList(params, 'regperiod');
  const eppcodes = stringList(params, 'eppcode');
  const domainfields = listValues(params, 'domainfields');
  const dnsmanagement = perItemBool(params, 'dnsmanagement');
  const emailforwarding = perItemBool(params, 'emailforwarding');
  const idprotection = perItemBool(params, 'idprotection');
  const productCount = stringList(params, 'pid').length;
  const plans: DomainPlan[] = [];
  for (let i = 0; i < Math.max(domains.length, types.length); i++) {
    const type = item(types, i)?.toLowerCase();
    const domain = item(domains, i);
    if (type === undefined) {
      if (domain !== undefined && i >= productCount) {
        throw new Rejection(`domaintype[${i}] is required: domain ${domain} has no product to go with`);
      }
      continue;
    }
    if (domain === undefined) throw new Rejection(`domaintype[${i}] given without domain[${i}]`);
    if (type !== 'register' && type !== 'transfer') throw new Rejection(`Invalid domaintype: ${type} (expected register or transfer)`);
    const name = parseDomainName(domain);
    if (plans.some((p) => p.name.domain === name.domain)) throw new Rejection(`Domain ordered twice: ${name.domain}`);
    const regtype = type === 'register' ? 'Register' : 'Transfer';
    const regperiod = item(periods, i) === undefined ? 1 : parseInteger(`regperiod[${i}]`, item(periods, i)!);
    const prices = tldPrices(ctx.db, name.tld);
    const premium = isPremium(name);
    const first = priceFor(regtype === 'Register' ? prices.register : prices.transfer, regperiod, premium);
    const recurring = priceFor(prices.renew, regperiod, premium);
    if (first === undefined || recurring === undefined) {
      throw new Rejection(`Invalid Registration Period: ${yearsText(regperiod)} is not offered for ${name.tld}`);
    }
    const eppcode = item(eppcodes, i);
    if (regtype === 'Register' && isRegistered(ctx.db, name)) throw new Rejection(`Domain Already Registered: ${name.domain}`);
    if (regtype === 'Transfer') {
      if (sql(ctx.db, 'SELECT 1 FROM domains WHERE domainname = ? AND userid = ?').get(name.domain, ctx.userid)) {
        throw new Rejection(`Domain Already In Your Account: ${name.domain}`);
      }
      if (!isRegistered(ctx.db, name)) throw new Rejection(`Domain Not Registered: ${name.domain} cannot be transferred`);
      if (eppcode === undefined) throw new Rejection(`EPP Code Required for Transfer: ${name.domain}`);
    }
    const fields = domainfields[i];
    if (typeof fields === 'string' && fields !== '') decodeSerializedArray(`domainfields[${i}]`, fields);
    plans.push({
      name, regtype, regperiod, firstCents: parseCents(first), recurringCents: parseCents(recurring), eppcode,
      dnsmanagement: dnsmanagement(i), emailforwarding: emailforwarding(i), idprotection: idprotection(i),
    });
  }
  return plans;
}

function readRenewals(ctx: OpContext, params: Params): RenewalPlan[] {
  return [...stringMap(params, 'domainrenewals')].map(([domain, period]) => {
    const name = parseDomainName(domain);
    const row = sql(ctx.db, 'SELECT id, status FROM domains WHERE domainname = ? AND userid = ? ORDER BY id DESC LIMIT 1').get(
      name.domain,
      ctx.userid,
    ) as { id: number; status: string } | undefined;
    if (!row) throw new Rejection(`Domain Not Found: ${name.domain}`);
    if (!RENEWABLE_STATUSES.includes(row.status)) throw new Rejection(`Domain Cannot Be Renewed: ${name.domain} is ${row.status}`);
    const years = parseInteger(`domainrenewals[${domain}]`, period);
    const price = priceFor(tldPrices(ctx.db, name.tld).renew, years, isPremium(name));
    if (price === undefined) throw new Rejection(`Invalid Registration Period: ${yearsText(years)} is not offered for ${name.tld}`);
    return { domainid: row.id, domain: name.domain, years, cents: parseCents(price) };
  });
}

function readAddonOnly(ctx: OpContext, params: Params, currencyCode: string): AddonPlan[] {
  const pairs: [addonid: number, serviceid: number][] = [];
  const addonid = optionalInt(params, 'addonid');
  const serviceid = optionalInt(params, 'serviceid');
  if ((addonid === undefined) !== (serviceid === undefined)) throw new Rejection('addonid and serviceid must be given together');
  if (addonid !== undefined && serviceid !== undefined) pairs.push([addonid, serviceid]);
  const addonids = intList(params, 'addonids');
  const serviceids = intList(params, 'serviceids');
  if (addonids.length !== serviceids.length) throw new Rejection('addonids and serviceids must have the same number of items');
  addonids.forEach((id, i) => pairs.push([id, serviceids[i]!]));
  return pairs.map(([addon, service]) => {
    requireOwn(ctx, 'services', service);
    const row = sql(ctx.db, 'SELECT pid, domain FROM services WHERE id = ?').get(service) as { pid: number; domain: string };
    return { serviceid: service, domain: row.domain, addon: orderableAddon(ctx.db, addon, row.pid, currencyCode) };
  });
}

function readNameservers(params: Params): string[] {
  return [1, 2, 3, 4, 5].flatMap((n) => {
    const ns = optionalString(params, `nameserver${n}`)?.trim().toLowerCase();
    if (ns !== undefined && !isHostname(ns)) throw new Rejection(`Invalid nameserver${n}: ${ns}`);
    return ns === undefined ? [] : [ns];
  });
}

function readPaymentMethod(params: Params, defaultGateway: string): { code: string; name: string } {
  const code = optionalString(params, 'paymentmethod')?.trim() ?? defaultGateway;
  const name = gatewayName(code);
  if (name === undefined) throw new Rejection('Invalid Payment Method');
  return { code, name };
}

// ---- writing the order ----

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
  const optionsCents = plan.options.reduce((sum, o) => sum + o.monthlyCents, 0) * price.months;
  const recurring = price.recurringCents + optionsCents;
  const first = recurring + price.setupCents;
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

export const addOrder: Operation = {
  name: 'add-order',
  host: 'base',
  handle(ctx, params) {
    checkClientId(ctx, params);
    const client = callerClient(ctx);
    const payment = readPaymentMethod(params, client.defaultgateway);
    const contactid = optionalInt(params, 'contactid');
    if (contactid !== undefined) requireOwn(ctx, 'contacts', contactid);
    if (optionalString(params, 'promocode') !== undefined) throw new Rejection('Promotion Code Not Found');
    optionalInt(params, 'affid');
    const nameservers = readNameservers(params);
    const plan: OrderPlan = {
      services: readServices(ctx, params, client.currency_code),
      domains: readDomains(ctx, params),
      renewals: readRenewals(ctx, params),
      addons: readAddonOnly(ctx, params, client.currency_code),
    };
    if (!plan.services.length && !plan.domains.length && !plan.renewals.length && !plan.addons.length) {
      throw new Rejection('No items added to cart so order cannot proceed');
    }

    return ctx.db.transaction(() => {
      const transfers = new Map(plan.domains.filter((d) => d.eppcode !== undefined).map((d) => [d.name.domain, d.eppcode!]));
      const order = sql(
        ctx.db,
        `INSERT INTO orders (ordernum, userid, contactid, date, nameservers, transfersecret, renewals, orderdata, amount,
           paymentmethod, paymentmethodname, status)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'a:0:{}', '0.00', ?, ?, 'Pending')`,
      ).run(
        unusedNumber(ctx.db, 'orders', 'ordernum', 10), ctx.userid, contactid ?? 0, nowDateTime(ctx), nameservers.join(','),
        transfers.size ? serializeMap(transfers) : '',
        plan.renewals.map((r) => `${r.domainid}=${r.years}`).join(','),
        payment.code, payment.name,
      );
      const w: OrderWriter = { ctx, orderid: Number(order.lastInsertRowid), today: today(ctx), payment, lineItems: [], invoiceItems: [] };
      // Line items in upstream order: products, then add-ons, then domains.
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
      const serviceIdList = serviceids.join(',');
      return {
        json: {
          result: 'success',
          orderid: w.orderid,
          productids: serviceIdList,
          serviceids: serviceIdList,
          addonids: addonids.join(','),
          domainids: domainids.join(','),
          invoiceid,
        },
      };
    })();
  },
};
