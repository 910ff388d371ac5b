/**
 * Reads an add-order request into an order plan: every item validated against the catalogue and the
 * caller's records and priced, before anything is written (see add-order.ts for the parameter rules).
 */
import { parseCents } from '../../store/money.js';
import { Rejection, type OpContext, type Params } from '../operation.js';
import { intList, listValues, optionalInt, parseInteger, perItemBool, stringList, stringMap } from '../params.js';
import { decodeArrayParam, decodeSerializedArray } from '../php.js';
import {
  type DomainName, isHostname, isPremium, isRegistered, parseDomainName, priceFor, tldPrices,
} from './domain-names.js';
import {
  chosenCustomFields, chosenOptions, type ChosenOption, type CyclePrice, orderableAddon, type OrderableAddon,
  orderableProduct, type OrderableProduct, productCyclePrice,
} from './order-catalogue.js';
import { requireOwn } from './ownership.js';
import { sql } from './sql.js';
import { RENEWABLE_DOMAIN_STATUSES } from '../../../shared/renewals.js';
import { domainFieldProblems, domainFieldsFor, readDomainFieldValues, registryFieldsFor } from '../../../shared/domain-fields.js';
import { domainFieldProblemWords } from './domain-field-words.js';


/** An item of a parallel list, with '' meaning not given. */
function item(list: readonly string[], index: number): string | undefined {
  const value = list[index]?.trim();
  return value === '' ? undefined : value;
}

export const yearsText = (years: number) => `${years} Year${years === 1 ? '' : 's'}`;

export interface ServicePlan {
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

export interface DomainPlan {
  name: DomainName;
  regtype: 'Register' | 'Transfer';
  regperiod: number;
  firstCents: number;
  recurringCents: number;
  eppcode: string | undefined;
  dnsmanagement: boolean;
  emailforwarding: boolean;
  idprotection: boolean;
  /** TLD-specific fields given (domainfields[i]), keyed by field name: stored with the domain. */
  fields: Record<string, string>;
}

export interface RenewalPlan {
  domainid: number;
  domain: string;
  years: number;
  cents: number;
}

export interface AddonPlan {
  serviceid: number;
  domain: string;
  addon: OrderableAddon;
}

export interface OrderPlan {
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
      : chosenOptions(ctx.db, pid, decodeArrayParam(`configoptions[${i}]`, configoptions[i]!), price.cycle, currencyCode);
    const customFields = customfields[i] === undefined || customfields[i] === '' ? []
      : chosenCustomFields(ctx.db, pid, decodeArrayParam(`customfields[${i}]`, customfields[i]!));
    const addons = (item(addonLists, i)?.split(',') ?? [])
      .map((id) => orderableAddon(ctx.db, parseInteger(`addons[${i}]`, id), pid, currencyCode, price.cycle));
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
  /** Per domain, what its registry fields lack: all said in one refusal once every domain is read. */
  const missing: string[] = [];
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
    const given = domainfields[i];
    const decoded = given === undefined || given === '' ? new Map<string, string>()
      : typeof given === 'string' ? decodeSerializedArray(`domainfields[${i}]`, given) : decodeArrayParam(`domainfields[${i}]`, given);
    const asked = domainFieldsFor(name.domain, type);
    const fields = readDomainFieldValues(registryFieldsFor(name.domain)?.fields ?? [], decoded);
    const problems = domainFieldProblems(asked, fields);
    if (problems.length) missing.push(`${name.domain}: ${problems.map((p) => domainFieldProblemWords(asked, p)).join(', ')}`);
    plans.push({
      name, regtype, regperiod, firstCents: parseCents(first), recurringCents: parseCents(recurring), eppcode,
      dnsmanagement: dnsmanagement(i), emailforwarding: emailforwarding(i), idprotection: idprotection(i),
      fields: Object.fromEntries(Object.entries(fields).filter(([, value]) => value.trim() !== '').map(([key, value]) => [key, value.trim()])),
    });
  }
  if (missing.length) throw new Rejection(`Required Domain Fields Missing or Invalid: ${missing.join('; ')}`);
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
    if (!RENEWABLE_DOMAIN_STATUSES.includes(row.status)) throw new Rejection(`Domain Cannot Be Renewed: ${name.domain} is ${row.status}`);
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

/** The items of an add-order request, validated against the catalogue and the caller's records, and priced. */
export function readOrderPlan(ctx: OpContext, params: Params, currencyCode: string): OrderPlan {
  const plan: OrderPlan = {
    services: readServices(ctx, params, currencyCode),
    domains: readDomains(ctx, params),
    renewals: readRenewals(ctx, params),
    addons: readAddonOnly(ctx, params, currencyCode),
  };
  if (!plan.services.length && !plan.domains.length && !plan.renewals.length && !plan.addons.length) {
    throw new Rejection('No items added to cart so order cannot proceed');
  }
  return plan;
}
