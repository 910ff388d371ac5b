/**
 * What an order contains, reduced to what both a queued add-order and a listed order show: its products (by
 * the domain or hostname each is for), how many add-ons, and which domains it registers, transfers or renews.
 * Equal contents are how an order whose reply was lost is recognised in get-orders.
 */
import type { Order, OrderCreated } from '../../../shared/models.js';
import type { MutationParams } from '../../../shared/outbox/schemas.js';

export interface OrderContents {
  products: string[];
  addons: number;
  domains: string[];
}

const norm = (value: string | undefined) => (value ?? '').trim().toLowerCase();

export function queuedOrderContents(params: MutationParams<'add-order'>): OrderContents {
  const pids = params.pid ?? [];
  const registered = (params.domaintype ?? []).map((_, i) => norm(params.domain?.[i]));
  return {
    products: pids.map((_, i) => norm(params.hostname?.[i] || params.domain?.[i])).sort(),
    addons: (params.addons ?? []).reduce((n, list) => n + list.length, 0) + (params.addonid === undefined ? 0 : 1) + (params.addonids?.length ?? 0),
    domains: [...registered, ...Object.keys(params.domainrenewals ?? {}).map(norm)].sort(),
  };
}

export function listedOrderContents(order: Order): OrderContents {
  const of = (type: string) => order.lineItems.filter((item) => item.type === type);
  return {
    products: of('product').map((item) => norm(item.domain)).sort(),
    addons: of('addon').length,
    domains: of('domain').map((item) => norm(item.domain)).sort(),
  };
}

export function sameContents(a: OrderContents, b: OrderContents): boolean {
  return a.addons === b.addons && a.products.join('\n') === b.products.join('\n') && a.domains.join('\n') === b.domains.join('\n');
}

/** What add-order would have answered, read from the listed order (renewals create no domain). */
export function orderCreatedFrom(order: Order, params: MutationParams<'add-order'>): OrderCreated {
  const renewed = new Set(Object.keys(params.domainrenewals ?? {}).map(norm));
  const ids = (type: string, keep: (domain: string) => boolean = () => true) =>
    order.lineItems.flatMap((item) => (item.type === type && item.relId !== null && keep(norm(item.domain)) ? [item.relId] : []));
  return {
    orderId: order.id,
    ...(order.orderNum ? { orderNum: order.orderNum } : {}),
    invoiceId: order.invoiceId,
    serviceIds: ids('product'),
    addonIds: ids('addon'),
    domainIds: ids('domain', (domain) => !renewed.has(domain)),
  };
}
