/**
 * Helpers for the outbox unit tests: outbox files in a temp dir, a settable clock, records with defaults, and
 * a scripted in-memory provider standing in for ResellerClient (no network).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClientStats, Contact, ListedTicket, Order, OrderLineItem, Page } from '../../shared/models.js';
import { ApiError, type ApiErrorKind } from '../../electron/core/api/errors.js';
import type { OutboxClient } from '../../electron/core/outbox/index.js';

export function outboxFile(): string {
  return join(mkdtempSync(join(tmpdir(), 'outbox-')), 'outbox.db');
}

/** A clock the test moves by hand. */
export function manualClock(start = Date.UTC(2026, 10, 22, 12, 0, 0)) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms), set: (at: number) => (now = at) };
}

export function apiError(kind: ApiErrorKind, operation: string, extra: { code?: string; retryAfterMs?: number; message?: string } = {}): ApiError {
  return new ApiError({ kind, operation, message: extra.message ?? `${operation}: ${kind}`, code: extra.code, retryAfterMs: extra.retryAfterMs });
}

/** `2026-11-22 12:00:00` for an epoch ms (UTC, the provider's format). */
export function serverDateTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

export function contact(over: Partial<Contact> & { id: number }): Contact {
  return {
    userId: 1, firstName: '', lastName: '', companyName: '', email: '', address1: '', address2: '', city: '', state: '', postcode: '',
    country: 'DE', phoneNumber: '', subaccount: false, permissions: '', domainEmails: false, generalEmails: false, invoiceEmails: false,
    productEmails: false, supportEmails: false, affiliateEmails: false, createdAt: null, updatedAt: null, ...over,
  };
}

export function ticket(over: Partial<ListedTicket> & { id: number }): ListedTicket {
  return {
    tid: String(100000 + over.id), deptId: 1, userId: 1, name: '', email: '', cc: '', c: 'abc', date: null, subject: '', status: 'Open',
    priority: 'Medium', admin: '', attachment: '', lastReply: null, flag: false, service: '', ...over,
  };
}

export function lineItem(type: string, domain = '', relId: number | null = null): OrderLineItem {
  return { type, relId, productType: '', product: '', domain, billingCycle: '', amount: { amount: '1.00', currency: 'USD', text: '$1.00 USD' }, status: 'Pending' };
}

export function order(over: Partial<Order> & { id: number }): Order {
  return {
    orderNum: '1234567890', userId: 1, contactId: null, date: null, nameservers: '', renewals: '', promoCode: '',
    promoType: '', promoValue: '', orderData: '', amount: '1.00', paymentMethod: 'mailin', invoiceId: null, status: 'Pending',
    ipAddress: '', fraudModule: '', fraudOutput: '', notes: '', paymentMethodName: '', paymentStatus: '', name: '', currencyPrefix: '$',
    currencySuffix: ' USD', fraudData: '', lineItems: [], ...over,
  };
}

const money = (cents: number) => ({ amount: (cents / 100).toFixed(2), currency: 'USD', text: `$${(cents / 100).toFixed(2)} USD` });

/** Invoice statistics with the given unpaid and draft counts and totals (cents); the rest zero. */
export function stats(unpaid: [number, number], draft: [number, number] = [0, 0]): ClientStats {
  const zero = money(0);
  return {
    numDueInvoices: unpaid[0], dueInvoicesBalance: money(unpaid[1]), income: zero, inCredit: false, creditBalance: zero,
    numOverdueInvoices: 0, overdueInvoicesBalance: zero, numDraftInvoices: draft[0], draftInvoicesBalance: money(draft[1]),
    numPaidInvoices: 0, paidInvoicesAmount: zero, numUnpaidInvoices: unpaid[0], unpaidInvoicesAmount: money(unpaid[1]),
    numCancelledInvoices: 0, cancelledInvoicesAmount: zero, numRefundedInvoices: 0, refundedInvoicesAmount: zero,
    numCollectionsInvoices: 0, collectionsInvoicesAmount: zero, productsNumActiveHosting: 0, productsNumHosting: 0,
    productsNumActiveReseller: 0, productsNumReseller: 0, productsNumActiveServers: 0, productsNumServers: 0, productsNumActiveOther: 0,
    productsNumOther: 0, productsNumActive: 0, productsNumTotal: 0, numActiveDomains: 0, numDomains: 0, numAcceptedQuotes: 0,
    numQuotes: 0, numTickets: 0, numActiveTickets: 0, numAffiliateSignups: 0, isAffiliate: false,
  };
}

type Operation = keyof OutboxClient;
type Step = Error | ((params: any) => unknown);

function page<T>(items: T[], params: { limitstart?: number; limitnum?: number }): Page<T> {
  const start = params.limitstart ?? 0;
  const slice = items.slice(start, start + (params.limitnum ?? 25));
  return { items: slice, total: items.length, start, returned: slice.length };
}

/**
 * A provider in memory. Writes succeed with fresh ids unless a step was scripted for the operation
 * (`script(op, error)` throws once; a function replaces the reply once). `hold(op)` makes the next call wait
 * until released. `calls` records every call in order.
 */
export class FakeClient implements OutboxClient {
  readonly calls: Array<{ op: Operation; params: any }> = [];
  contacts: Contact[] = [];
  tickets: ListedTicket[] = [];
  orders: Order[] = [];
  invoiceStats: ClientStats | null = stats([0, 0]);
  /** Calls in progress right now, and the most seen at once. */
  inProgress = 0;
  maxInProgress = 0;
  /** Called at the start of every call, e.g. to look at the outbox while the request is "on the wire". */
  onCall: (op: Operation, params: any) => void = () => {};
  private nextId = 100;
  private readonly steps = new Map<Operation, Step[]>();
  private readonly holds = new Map<Operation, Array<() => void>>();
  private readonly gates = new Map<Operation, Promise<void>[]>();

  script(op: Operation, ...steps: Step[]): this {
    this.steps.set(op, [...(this.steps.get(op) ?? []), ...steps]);
    return this;
  }

  /** The next `count` calls of `op` wait until the returned function is called. */
  hold(op: Operation, count = 1): () => void {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    this.gates.set(op, [...(this.gates.get(op) ?? []), ...Array.from({ length: count }, () => gate)]);
    this.holds.set(op, [...(this.holds.get(op) ?? []), release]);
    return release;
  }

  ops(): Operation[] {
    return this.calls.map((c) => c.op);
  }

  callsOf(op: Operation): any[] {
    return this.calls.filter((c) => c.op === op).map((c) => c.params);
  }

  private async call<T>(op: Operation, params: any, reply: () => T): Promise<T> {
    this.calls.push({ op, params });
    this.onCall(op, params);
    this.inProgress++;
    this.maxInProgress = Math.max(this.maxInProgress, this.inProgress);
    try {
      const gate = this.gates.get(op)?.shift();
      if (gate) await gate;
      else await Promise.resolve();
      const step = this.steps.get(op)?.shift();
      if (step instanceof Error) throw step;
      return step ? (step(params) as T) : reply();
    } finally {
      this.inProgress--;
    }
  }

  addContact = (params: any) =>
    this.call('addContact', params, () => {
      const id = this.nextId++;
      this.contacts.push(contact({ id, firstName: params.firstname ?? '', lastName: params.lastname ?? '', email: params.email ?? '' }));
      return { contactId: id };
    });
  updateContact = (params: any) => this.call('updateContact', params, () => ({ contactId: params.contactid as number }));
  deleteContact = (params: any) => this.call('deleteContact', params, () => ({ contactId: params.contactid as number }));
  openTicket = (params: any) =>
    this.call('openTicket', params, () => {
      const id = this.nextId++;
      this.tickets.push(ticket({ id, subject: params.subject, deptId: params.deptid }));
      return { id, tid: String(100000 + id), c: 'abc' };
    });
  addTicketReply = (params: any) => this.call('addTicketReply', params, () => undefined);
  createInvoice = (params: any) => this.call('createInvoice', params, () => ({ invoiceId: this.nextId++, status: params.status ?? 'Unpaid' }));
  addOrder = (params: any) =>
    this.call('addOrder', params, () => ({ orderId: this.nextId++, invoiceId: this.nextId++, serviceIds: [], addonIds: [], domainIds: [] }));
  domainRequestEpp = (params: any) => this.call('domainRequestEpp', params, () => ({ delivery: 'emailed' as const, eppCode: null, eppCodeRaw: null }));
  getContacts = (params: any) =>
    this.call('getContacts', params, () =>
      page(this.contacts.filter((c) => !params.email || c.email.toLowerCase() === String(params.email).toLowerCase()), params),
    );
  getTickets = (params: any) =>
    this.call('getTickets', params, () =>
      page(this.tickets.filter((t) => !params.subject || t.subject.toLowerCase().includes(String(params.subject).toLowerCase())), params),
    );
  getOrders = (params: any) => this.call('getOrders', params, () => page(this.orders, params));
  getClientsDomains = (params: any) => this.call('getClientsDomains', params, () => page([], params));
  // eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- a client record the outbox never reads: only the invoice stats matter here
  getClientsDetails = (params: any) => this.call('getClientsDetails', params, () => ({ client: {} as any, stats: this.invoiceStats }));
}
