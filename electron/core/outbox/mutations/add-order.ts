/**
 * add-order. A lost reply is matched by the newest orders, dated from the send on, with the same contents
 * (order-items.ts); an order with other items, or a matching one dated shortly before, goes to review.
 */
import type { OrderCreated, OrderLineItem } from '../../../../shared/models.js';
import type { MutationParams } from '../../../../shared/outbox/schemas.js';
import { listedOrderContents, orderCreatedFrom, queuedOrderContents, sameContents } from '../order-items.js';
import { ids, newestOrders, RESEND, review, sentAt, shortlyBefore, splitBySendTime } from '../server-match.js';
import { normalizeMoney } from '../../../../shared/money.js';
import { optionalServerId } from '../server-ids.js';
import { ZONE_MARGIN_MS } from '../server-time.js';
import type { OutboxClient } from '../send.js';
import type { EngineDefinition } from './definition.js';
import { orderFreshness } from './order-freshness.js';

/** The lines a queued order shows; the price the form showed goes on its only line (an order of one domain). */
function queuedLineItems(p: MutationParams<'add-order'>): OrderLineItem[] {
  const item = (type: string, product: string, domain: string, billingCycle: string): OrderLineItem => ({
    type, relId: null, productType: '', product, domain, billingCycle, amount: { amount: null, currency: null, text: '' }, status: '',
  });
  const items = orderedItems(p, item);
  const price = p.shownprice === undefined ? null : normalizeMoney(p.shownprice);
  return items.length === 1 && price !== null ? [{ ...items[0]!, amount: { amount: price, currency: null, text: '' } }] : items;
}

function orderedItems(p: MutationParams<'add-order'>, item: (type: string, product: string, domain: string, billingCycle: string) => OrderLineItem): OrderLineItem[] {
  return [
    ...(p.pid ?? []).map((pid, i) => item('product', `#${pid}`, p.hostname?.[i] || p.domain?.[i] || '', p.billingcycle?.[i] ?? '')),
    ...(p.domaintype ?? []).map((type, i) => item('domain', type === 'register' ? 'Register' : 'Transfer', p.domain?.[i] ?? '', String(p.regperiod?.[i] ?? 1))),
    ...Object.entries(p.domainrenewals ?? {}).map(([domain, years]) => item('domain', 'Renewal', domain, String(years))),
    ...[...(p.addons ?? []).flat(), ...(p.addonid === undefined ? [] : [p.addonid]), ...(p.addonids ?? [])].map((addon) => item('addon', `#${addon}`, '', '')),
  ];
}

/**
 * The order's number as the Orders list shows it (add-order answers only its id), for the confirmation to name it;
 * the order is placed all the same when this read fails.
 */
async function withOrderNumber(client: OutboxClient, created: OrderCreated): Promise<OrderCreated> {
  try {
    const order = (await client.getOrders({ id: created.orderId })).items.find((o) => o.id === created.orderId);
    return order?.orderNum ? { ...created, orderNum: order.orderNum } : created;
  } catch {
    return created;
  }
}

/** Epoch milliseconds as the provider writes a date-time (`YYYY-mm-dd HH:MM:SS`, local time). */
function localDateTime(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export const addOrder: EngineDefinition<'add-order'> = {
  recordKey: null,
  async send(client, { shownprice: _shown, ...params }) {
    const result = await client.addOrder({ ...params, contactid: optionalServerId(params.contactid) });
    return { result: await withOrderNumber(client, result), serverId: result.orderId };
  },
  overlay: [{
    resource: 'orders',
    created: ({ params: p, createdAt }) => {
      const nameservers = [p.nameserver1, p.nameserver2, p.nameserver3, p.nameserver4, p.nameserver5].filter(Boolean).join(',');
      return {
        // Dated when it was placed in the app, until the provider's own order is synced.
        orderNum: '', userId: null, contactId: typeof p.contactid === 'number' ? p.contactid : null, date: localDateTime(createdAt), nameservers,
        renewals: '', promoCode: p.promocode ?? '', promoType: '', promoValue: '', orderData: '', amount: p.shownprice === undefined ? null : normalizeMoney(p.shownprice),
        paymentMethod: p.paymentmethod ?? '', invoiceId: null, status: '', ipAddress: '', fraudModule: '', fraudOutput: '', notes: '',
        paymentMethodName: '', paymentStatus: '', name: '', currencyPrefix: '', currencySuffix: '', fraudData: '',
        lineItems: queuedLineItems(p),
      };
    },
  }, {
    // The domain it registers or transfers shows in Domains at once, pending (the first, when it orders several).
    resource: 'domains',
    created: ({ params: p }) => {
      const i = (p.domaintype ?? []).findIndex((type) => type === 'register' || type === 'transfer');
      if (i === -1) return null;
      const transfer = p.domaintype?.[i] === 'transfer';
      return {
        userId: null, orderId: null, regType: transfer ? 'Transfer' : 'Register', domainName: (p.domain?.[i] ?? '').toLowerCase(), registrar: '',
        regPeriod: p.regperiod?.[i] ?? 1, firstPaymentAmount: p.shownprice === undefined ? null : normalizeMoney(p.shownprice), recurringAmount: null,
        paymentMethod: p.paymentmethod ?? '', paymentMethodName: '', regDate: null, expiryDate: null, nextDueDate: null,
        status: transfer ? 'Pending Transfer' : 'Pending', subscriptionId: '', promoId: null, dnsManagement: p.dnsmanagement ?? false,
        emailForwarding: false, idProtection: false, doNotRenew: false, notes: '',
      };
    },
    // The domains it renews say so, by name, until the order is confirmed.
    marks: ({ id, params }) =>
      Object.entries(params.domainrenewals ?? {}).map(([domain, years]) => ({ key: `domain:${domain.trim().toLowerCase()}`, mark: { kind: 'renewal', years, entryId: id } })),
  }],
  async reconcile({ client, row, claimed, time }, params) {
    const since = sentAt(row) - time.clockSkewMs - ZONE_MARGIN_MS;
    const listed = (await newestOrders(client, since, time)).filter((o) => !claimed.has(o.id));
    const queued = queuedOrderContents(params);
    const byTime = splitBySendTime(listed, (o) => o.date, row, time);
    const matchingAfter = byTime.after.filter((o) => sameContents(listedOrderContents(o), queued));
    if (matchingAfter.length === 1) {
      const order = matchingAfter[0]!;
      return { verdict: 'done', result: orderCreatedFrom(order, params), serverId: order.id };
    }
    if (matchingAfter.length > 1) return review(`${matchingAfter.length} orders with the same items were placed since it was sent (${ids(matchingAfter)})`);
    if (byTime.after.length > 0) return review(`order ${ids(byTime.after)} was placed since it was sent, with other items than queued; it may be this one`);
    const matchingBefore = byTime.shortlyBefore.filter((o) => sameContents(listedOrderContents(o), queued));
    if (matchingBefore.length > 0) return review(shortlyBefore('order', matchingBefore));
    return RESEND;
  },
  freshness: orderFreshness,
};
