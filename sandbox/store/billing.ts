/**
 * Invoices and payment transactions. Every order has its invoice; renewal invoices are added as the
 * transaction count needs them; some refunds; unpaid invoices for what falls due in the next two weeks.
 */
import { addMonths, addYears, formatUkDay, SECONDS_PER_DAY } from './calendar.js';
import type {
  AccountContext, DomainRecord, InvoiceItem, InvoiceRecord, LineItem, OrderRecord, ServiceRecord, TransactionRecord,
} from './model.js';
import { lineItemCents, type Holdings } from './orders.js';
import type { Rng } from './rng.js';
import { gatewayFeeCents, gatewayTransactionId, momentOn } from './values.js';

/** Days between a renewal invoice and its due date. */
const INVOICE_LEAD_DAYS = 14;

export interface Billing {
  readonly invoices: InvoiceRecord[];
  readonly transactions: TransactionRecord[];
}

export function buildBilling(ctx: AccountContext, holdings: Holdings, transactionCount: number): Billing {
  const rng = ctx.rng.fork('billing');
  const invoices = holdings.orders.map((order) => orderInvoice(rng, ctx, order));
  const transactions = buildTransactions(rng, ctx, holdings, invoices, transactionCount);
  invoices.push(...dueSoonInvoices(ctx, holdings));
  if (holdings.orders.length > 0) invoices.push(draftInvoice(ctx));
  return { invoices, transactions };
}

export function invoiceTotalCents(invoice: InvoiceRecord): number {
  return invoice.items.reduce((sum, item) => sum + item.amountCents, 0);
}

function orderInvoice(rng: Rng, ctx: AccountContext, order: OrderRecord): InvoiceRecord {
  const day = Math.floor(order.moment / SECONDS_PER_DAY);
  const items = order.lineItems.map(orderInvoiceItem);
  const free = items.every((item) => item.amountCents === 0);
  const status = order.status === 'Active' || (order.status === 'Pending' && free) ? 'Paid'
    : order.status === 'Pending' ? 'Unpaid' : 'Cancelled';
  const invoice: InvoiceRecord = {
    id: 0, day, dueDay: day, status, gateway: order.gateway, items, notes: '',
    // Free invoices are marked paid at once; others when the payment arrives.
    paidMoment: status !== 'Paid' ? null : free ? order.moment : Math.min(order.moment + rng.int(60, 7200), ctx.latestMoment),
  };
  order.invoice = invoice;
  return invoice;
}

function orderInvoiceItem(item: LineItem): InvoiceItem {
  const amountCents = lineItemCents(item);
  switch (item.kind) {
    case 'product':
      return { type: 'Hosting', rel: item.service, description: serviceDescription(item.service, item.service.regDay), amountCents };
    case 'addon': {
      const { addon, service } = item.addon;
      const period = periodText(item.addon.regDay, addMonths(item.addon.regDay, addon.cycle.months));
      return { type: 'Addon', rel: item.addon, description: `${service.product.name} - ${addon.name} ${period}`, amountCents };
    }
    case 'domain': {
      const { domain } = item;
      const action = item.renewal ? 'Renewal' : domain.regtype === 'Transfer' ? 'Transfer' : 'Registration';
      return { type: 'Domain', rel: domain, description: domainDescription(domain, action, domain.regDay), amountCents };
    }
  }
}

function serviceDescription(service: ServiceRecord, from: number): string {
  const months = cycleMonths(service);
  const title = `${service.product.groupName} - ${service.product.name}${service.domain ? ` - ${service.domain}` : ''}`;
  return months === 0 ? title : `${title} ${periodText(from, addMonths(from, months))}`;
}

function domainDescription(domain: DomainRecord, action: string, from: number): string {
  return `Domain ${action} - ${domain.name} - ${domain.regperiod} Year/s ${periodText(from, addYears(from, domain.regperiod))}`;
}

/** '(01/02/2024 - 29/02/2024)': the period an item pays for, as invoices print it. */
function periodText(from: number, until: number): string {
  return `(${formatUkDay(from)} - ${formatUkDay(until - 1)})`;
}

function cycleMonths(service: ServiceRecord): number {
  return service.product.offers.find((offer) => offer.cycle.name === service.cycleName)?.cycle.months ?? 0;
}

/**
 * Payments for paid invoices, oldest first, then for renewal invoices created on the way; every 25th
 * transaction refunds an earlier payment, fully (the invoice becomes Refunded) or in part. Paid invoices
 * left over when the count is reached were settled from account credit, which makes no transaction.
 */
function buildTransactions(
  rng: Rng, ctx: AccountContext, holdings: Holdings, invoices: InvoiceRecord[], count: number,
): TransactionRecord[] {
  const awaitingPayment = invoices.filter((inv) => inv.status === 'Paid' && invoiceTotalCents(inv) > 0);
  const renewals = renewalSource(rng, ctx, holdings);
  const transactions: TransactionRecord[] = [];
  const refundable: TransactionRecord[] = [];
  let nextPaid = 0;
  for (let i = 0; i < count; i++) {
    if (i % 25 === 12 && refundable.length > 0) {
      const [payment] = refundable.splice(rng.int(0, refundable.length - 1), 1);
      transactions.push(refund(rng, ctx, payment as TransactionRecord));
      continue;
    }
    let invoice = awaitingPayment[nextPaid++];
    if (!invoice) {
      invoice = renewals();
      invoices.push(invoice);
    }
    const payment = paymentFor(rng, invoice);
    transactions.push(payment);
    refundable.push(payment);
  }
  return transactions;
}

function paymentFor(rng: Rng, invoice: InvoiceRecord): TransactionRecord {
  const amountInCents = invoiceTotalCents(invoice);
  return {
    id: 0,
    moment: invoice.paidMoment as number,
    gateway: invoice.gateway,
    description: 'Invoice Payment',
    amountInCents,
    feeCents: gatewayFeeCents(invoice.gateway, amountInCents),
    amountOutCents: 0,
    transid: gatewayTransactionId(rng, invoice.gateway),
    invoice,
    refundOf: null,
  };
}

function refund(rng: Rng, ctx: AccountContext, payment: TransactionRecord): TransactionRecord {
  const full = rng.chance(0.6);
  const invoice = payment.invoice as InvoiceRecord;
  if (full) invoice.status = 'Refunded';
  return {
    id: 0,
    moment: Math.min(payment.moment + rng.int(1, 30) * SECONDS_PER_DAY, ctx.latestMoment),
    gateway: payment.gateway,
    description: `Refund of Transaction ID ${payment.transid}`,
    amountInCents: 0,
    feeCents: 0,
    amountOutCents: full ? payment.amountInCents : Math.max(1, Math.round(payment.amountInCents * rng.int(10, 90) / 100)),
    transid: gatewayTransactionId(rng, payment.gateway, true),
    invoice,
    refundOf: payment,
  };
}

/**
 * A maker of paid renewal invoices for services and domains that have been renewed at least once; an
 * account without any gets "Add Funds" invoices instead.
 */
function renewalSource(rng: Rng, ctx: AccountContext, holdings: Holdings): () => InvoiceRecord {
  const { today } = ctx;
  const services = holdings.services.filter((s) =>
    s.recurringCents > 0 && s.status !== 'Pending' && s.status !== 'Fraud' && addMonths(s.regDay, cycleMonths(s)) < today);
  const domains = holdings.domains.filter((d) => d.expiryDay !== null && addYears(d.regDay, d.regperiod) < today);
  return () => {
    const pickService = services.length > 0 && (domains.length === 0 || rng.chance(0.5));
    if (pickService) {
      const service = rng.pick(services);
      const due = rng.int(addMonths(service.regDay, cycleMonths(service)), today - 1);
      const item: InvoiceItem = {
        type: 'Hosting', rel: service, description: serviceDescription(service, due), amountCents: service.recurringCents,
      };
      return paidInvoice(rng, ctx, due, service, item);
    }
    if (domains.length > 0) {
      const domain = rng.pick(domains);
      const due = rng.int(addYears(domain.regDay, domain.regperiod), today - 1);
      const item: InvoiceItem = {
        type: 'Domain', rel: domain, description: domainDescription(domain, 'Renewal', due), amountCents: domain.recurringCents,
      };
      return paidInvoice(rng, ctx, due, domain, item);
    }
    const day = rng.int(ctx.client.createdDay, today - 1);
    const item: InvoiceItem = { type: '', rel: null, description: 'Add Funds', amountCents: rng.int(1, 50) * 1000 };
    return paidInvoice(rng, ctx, day + INVOICE_LEAD_DAYS, null, item);
  };
}

function paidInvoice(
  rng: Rng, ctx: AccountContext, dueDay: number, holding: { gateway: InvoiceRecord['gateway'] } | null, item: InvoiceItem,
): InvoiceRecord {
  const day = dueDay - INVOICE_LEAD_DAYS;
  const paidDay = Math.min(day + rng.int(0, INVOICE_LEAD_DAYS), ctx.today - 1);
  return {
    id: 0, day, dueDay, status: 'Paid', gateway: holding?.gateway ?? ctx.client.gateway, items: [item], notes: '',
    paidMoment: Math.min(momentOn(rng, paidDay), ctx.latestMoment),
  };
}

/**
 * Unpaid invoices for live services and domains due in the next two weeks, and the overdue invoices of
 * suspended services.
 */
function dueSoonInvoices(ctx: AccountContext, holdings: Holdings): InvoiceRecord[] {
  const { today } = ctx;
  const dueSoon = (day: number | null): day is number => day !== null && day >= today && day <= today + INVOICE_LEAD_DAYS;
  const unpaid = (dueDay: number, gateway: InvoiceRecord['gateway'], item: InvoiceItem): InvoiceRecord => ({
    id: 0, day: dueDay - INVOICE_LEAD_DAYS, dueDay, status: 'Unpaid', paidMoment: null, gateway, items: [item], notes: '',
  });
  const services = holdings.services
    .filter((s) => s.recurringCents > 0 && s.nextDueDay !== null
      && ((s.status === 'Active' && dueSoon(s.nextDueDay)) || s.status === 'Suspended'))
    .map((s) => unpaid(s.nextDueDay as number, s.gateway, {
      type: 'Hosting', rel: s, description: serviceDescription(s, s.nextDueDay as number), amountCents: s.recurringCents,
    }));
  const domains = holdings.domains
    .filter((d) => d.status === 'Active' && dueSoon(d.expiryDay))
    .map((d) => unpaid(d.expiryDay as number, d.gateway, {
      type: 'Domain', rel: d, description: domainDescription(d, 'Renewal', d.expiryDay as number), amountCents: d.recurringCents,
    }));
  return [...services, ...domains];
}

/** A draft the reseller's account manager is still preparing: manual items, no relation. */
function draftInvoice(ctx: AccountContext): InvoiceRecord {
  const day = ctx.today - 1;
  return {
    id: 0, day, dueDay: day + INVOICE_LEAD_DAYS, status: 'Draft', paidMoment: null, gateway: ctx.client.gateway,
    notes: 'Quote #Q-1042 accepted by e-mail; send after the migration is done.',
    items: [
      { type: '', rel: null, description: 'Website migration (3 sites) & DNS cut-over', amountCents: 14900 },
      { type: '', rel: null, description: 'Priority support – 2 hours', amountCents: 9000 },
    ],
  };
}
