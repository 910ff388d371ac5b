/**
 * Orders and what they bought. Orders come first: each one creates a few services, domains and add-ons
 * dated on the order. Services and domains beyond what the orders hold were added by staff (orderid 0), as
 * happens with migrations and bulk transfers.
 */
import { addYears, nextCycleDate, SECONDS_PER_DAY, wholeYearsBetween } from './calendar.js';
import type { Catalogue } from './catalogue.js';
import { createDomain, DomainNamer, type DomainFactory, type DomainPlacement } from './domains.js';
import {
  drawUnique, GATEWAYS, type AccountContext, type ContactRecord, type DomainRecord, type LineItem,
  type OrderRecord, type OrderStatus, type ServiceAddonRecord, type ServiceRecord,
} from './model.js';
import type { Rng } from './rng.js';
import { createService, productGroupsByPopularity, type ServiceFactory } from './services.js';
import type { AccountSize } from './sizes.js';
import { clientIp, momentOn } from './values.js';

export interface Holdings {
  readonly orders: OrderRecord[];
  readonly services: ServiceRecord[];
  readonly domains: DomainRecord[];
  readonly serviceAddons: ServiceAddonRecord[];
}

type OrderKind = 'history' | 'renewsSoon' | 'pending';

interface Factories {
  readonly rng: Rng;
  readonly domains: DomainFactory;
  readonly services: ServiceFactory;
}

export function buildHoldings(
  ctx: AccountContext, catalogue: Catalogue, contacts: readonly ContactRecord[], size: AccountSize,
): Holdings {
  const namer = new DomainNamer(catalogue.tlds, ctx.unique.domainNames);
  const factories: Factories = {
    rng: ctx.rng.fork('orders'),
    domains: { ctx, rng: ctx.rng.fork('domains'), tlds: new Map(catalogue.tlds.map((t) => [t.tld, t])), namer, created: 0 },
    services: { ctx, rng: ctx.rng.fork('services'), namer, productGroups: productGroupsByPopularity(catalogue) },
  };
  const holdings: Holdings = {
    orders: planOrders(factories.rng, ctx, contacts, size.orders), services: [], domains: [], serviceAddons: [],
  };
  const remaining = { services: size.services, domains: size.domains };
  fillOrders(factories, holdings, remaining);
  addStaffCreatedHoldings(factories, ctx, holdings, remaining);
  fillEmptyOrders(factories.rng, holdings, ctx.today);
  return holdings;
}

/**
 * Order dates and statuses. Every 8th order was placed some years ago within 30 days of today's date, so its
 * domains come up for renewal soon; the latest order (and every 20th) is still pending.
 */
function planOrders(rng: Rng, ctx: AccountContext, contacts: readonly ContactRecord[], count: number): OrderRecord[] {
  const orders = Array.from({ length: count }, (_, i) => newOrder(rng, ctx, contacts, orderKind(i, count)));
  return orders.sort((a, b) => a.moment - b.moment);
}

function orderKind(index: number, count: number): OrderKind {
  if (index % 8 === 3) return 'renewsSoon';
  if ((index === count - 1 && count >= 3) || index % 20 === 19) return 'pending';
  return 'history';
}

function newOrder(rng: Rng, ctx: AccountContext, contacts: readonly ContactRecord[], kind: OrderKind): OrderRecord {
  const day = orderDay(rng, ctx, kind);
  const status: OrderStatus = kind === 'pending' ? 'Pending' : kind === 'renewsSoon' ? 'Active'
    : rng.weighted([['Active', 86], ['Cancelled', 8], ['Fraud', 3], ['Pending', 3]]);
  const withFraudCheck = status === 'Fraud' || rng.chance(0.6);
  return {
    id: 0,
    ordernum: drawUnique(ctx.unique.ordernums, () => String(rng.int(1_000_000_000, 9_999_999_999))),
    moment: Math.min(momentOn(rng, day), ctx.latestMoment),
    status,
    gateway: rng.chance(0.7) ? ctx.client.gateway : rng.pick(GATEWAYS),
    contact: contacts.length > 0 && rng.chance(0.1) ? rng.pick(contacts) : null,
    renewsSoon: kind === 'renewsSoon',
    lineItems: [],
    invoice: null,
    columns: {
      nameservers: '',
      transfersecret: '',
      promocode: '', promotype: '', promovalue: '',
      orderdata: 'a:0:{}',
      ipaddress: clientIp(rng),
      fraudmodule: withFraudCheck ? 'fraudlabs' : '',
      fraudoutput: withFraudCheck ? fraudOutput(rng, status === 'Fraud') : '',
      frauddata: '',
      notes: rng.chance(0.05) ? 'Customer asked for setup before Monday.' : '',
    },
  };
}

function orderDay(rng: Rng, ctx: AccountContext, kind: OrderKind): number {
  switch (kind) {
    case 'renewsSoon': return addYears(ctx.today + rng.int(1, 30), -rng.int(1, 4));
    case 'pending': return ctx.today - rng.int(1, 10);
    case 'history': return rng.int(ctx.client.createdDay, ctx.today - 1);
  }
}

function fraudOutput(rng: Rng, rejected: boolean): string {
  const score = rejected ? rng.int(85, 99) : rng.int(1, 40);
  return JSON.stringify({
    ip_country: rng.pick(['US', 'DE', 'GB', 'FR', 'NL']),
    is_proxy_ip_address: rejected ? 'Y' : 'N',
    is_free_email: rng.chance(0.4) ? 'Y' : 'N',
    fraudlabspro_score: score,
    fraudlabspro_status: rejected ? 'REJECT' : 'APPROVE',
  });
}

/** Gives each order 1..n services and domains (n so that the orders use up most of the holdings). */
function fillOrders(factories: Factories, holdings: Holdings, remaining: { services: number; domains: number }): void {
  const { rng } = factories;
  const pool = remaining.services + remaining.domains;
  const maxPerOrder = Math.min(4, Math.max(1, Math.round((2 * pool) / Math.max(1, holdings.orders.length)) - 1));
  for (const order of holdings.orders) {
    let domainCount = 0, serviceCount = 0;
    // An order placed to renew soon must hold a domain, or there is nothing to renew.
    if (order.renewsSoon && remaining.domains > 0) { domainCount++; remaining.domains--; }
    for (let n = rng.int(1, maxPerOrder) - domainCount; n > 0 && remaining.services + remaining.domains > 0; n--) {
      if (rng.int(1, remaining.services + remaining.domains) <= remaining.domains) { domainCount++; remaining.domains--; }
      else { serviceCount++; remaining.services--; }
    }
    fillOrder(factories, holdings, order, domainCount, serviceCount);
  }
}

function fillOrder(factories: Factories, holdings: Holdings, order: OrderRecord, domainCount: number, serviceCount: number): void {
  const regDay = Math.floor(order.moment / SECONDS_PER_DAY);
  const domains = Array.from({ length: domainCount }, () => createDomain(factories.domains, {
    order, regDay, gateway: order.gateway,
    ...(order.renewsSoon ? { status: 'Active', maxRegperiod: wholeYearsBetween(regDay, factories.domains.ctx.today + 30) } : {}),
  }));
  const services = Array.from({ length: serviceCount }, (_, k) => createService(factories.services, {
    order, regDay, gateway: order.gateway, domain: k === 0 ? domains[0]?.name ?? null : null,
  }));
  const addons = services.flatMap((service) => {
    const chosen = service.product.addons.length > 0 && factories.rng.chance(0.25);
    return chosen ? [createServiceAddon(factories.rng, order, service, factories.services.ctx.today)] : [];
  });
  // Listed as the upstream lists them: products, then add-ons, then domains.
  order.lineItems.push(
    ...services.map((service): LineItem => ({ kind: 'product', service })),
    ...addons.map((addon): LineItem => ({ kind: 'addon', addon })),
    ...domains.map((domain): LineItem => ({ kind: 'domain', domain, renewal: false })),
  );
  if (domains[0]) order.columns.nameservers = String(domains[0].columns.nameservers);
  holdings.domains.push(...domains);
  holdings.services.push(...services);
  holdings.serviceAddons.push(...addons);
}

function createServiceAddon(rng: Rng, order: OrderRecord, service: ServiceRecord, today: number): ServiceAddonRecord {
  const addon = rng.pick(service.product.addons);
  const regDay = Math.floor(order.moment / SECONDS_PER_DAY);
  // An add-on shares its service's fate, unless its own order never went through.
  const status = order.status === 'Active' ? service.status : order.status;
  return {
    id: 0, order, service, addon, status, regDay,
    nextDueDay: status === 'Active' ? nextCycleDate(regDay, addon.cycle.months, today) : service.nextDueDay ?? regDay,
  };
}

/** Services and domains added by staff, without an order; dates and statuses drawn on their own. */
function addStaffCreatedHoldings(
  factories: Factories, ctx: AccountContext, holdings: Holdings, remaining: { services: number; domains: number },
): void {
  const { rng } = factories;
  for (let i = 0; i < remaining.services; i++) {
    holdings.services.push(createService(factories.services, {
      order: null, regDay: rng.int(ctx.client.createdDay, ctx.today - 1), gateway: ctx.client.gateway, domain: null,
    }));
  }
  for (let i = 0; i < remaining.domains; i++) {
    holdings.domains.push(createDomain(factories.domains, staffDomainPlacement(rng, ctx, i)));
  }
}

/**
 * Dates chosen to match a status: an expired domain was registered some years ago a month or more before
 * today's date, one in its grace period less than a month before. Every 8th renews within 30 days.
 */
function staffDomainPlacement(rng: Rng, ctx: AccountContext, index: number): DomainPlacement {
  const { today } = ctx;
  const yearsAgo = rng.int(1, 4);
  const base = { order: null, gateway: ctx.client.gateway };
  const status = index % 8 === 3 ? 'renewsSoon'
    : rng.weighted([['Active', 80], ['Grace', 5], ['Expired', 7], ['Cancelled', 4], ['Pending Transfer', 4]]);
  switch (status) {
    case 'renewsSoon':
      return { ...base, status: 'Active', regDay: addYears(today + rng.int(1, 30), -yearsAgo), maxRegperiod: yearsAgo };
    case 'Grace':
      return { ...base, status, regDay: addYears(today - rng.int(1, 29), -yearsAgo), maxRegperiod: yearsAgo };
    case 'Expired':
      return { ...base, status, regDay: addYears(today - rng.int(31, 300), -yearsAgo), maxRegperiod: yearsAgo };
    case 'Pending Transfer':
      return { ...base, status, regtype: 'Transfer', regDay: today - rng.int(1, 6) };
    default:
      return { ...base, status, regDay: rng.int(ctx.client.createdDay, today - 1) };
  }
}

/**
 * Orders left without holdings (more orders than services and domains) become add-on orders for an
 * earlier service, else renewal orders for an earlier domain, else stay empty.
 */
function fillEmptyOrders(rng: Rng, holdings: Holdings, today: number): void {
  const addonable = holdings.services
    .filter((s) => s.product.addons.length > 0 && (s.status === 'Active' || s.status === 'Suspended'))
    .sort((a, b) => a.regDay - b.regDay);
  const renewable = holdings.domains.filter((d) => d.expiryDay !== null).sort((a, b) => a.regDay - b.regDay);
  for (const order of holdings.orders) {
    if (order.lineItems.length > 0) continue;
    const day = Math.floor(order.moment / SECONDS_PER_DAY);
    const service = pickEarlier(rng, addonable, day);
    if (service) {
      const addon = createServiceAddon(rng, order, service, today);
      holdings.serviceAddons.push(addon);
      order.lineItems.push({ kind: 'addon', addon });
      continue;
    }
    const domain = pickEarlier(rng, renewable, day);
    if (domain) order.lineItems.push({ kind: 'domain', domain, renewal: true });
  }
}

/** A random record dated on or before `day`, from records sorted by date; undefined if there is none. */
function pickEarlier<T extends { regDay: number }>(rng: Rng, sortedByDay: readonly T[], day: number): T | undefined {
  let low = 0, high = sortedByDay.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sortedByDay[mid] as T).regDay <= day) low = mid + 1;
    else high = mid;
  }
  return low === 0 ? undefined : sortedByDay[rng.int(0, low - 1)];
}

/** What a line item costs on the order and its invoice. */
export function lineItemCents(item: LineItem): number {
  switch (item.kind) {
    case 'product': return item.service.firstPaymentCents;
    case 'addon': return item.addon.addon.priceCents;
    case 'domain': return item.renewal ? item.domain.recurringCents : item.domain.firstPaymentCents;
  }
}
