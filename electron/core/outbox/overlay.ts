/**
 * What a view shows: the mirror (server truth) with the outbox's pending entries laid over it (DESIGN rule 1).
 * Pure. Pending creates appear at once under their local id; pending field edits are applied over the mirror
 * row; pending deletes are marked, not hidden; a row whose newest pending entry failed or needs review is
 * flagged `failed`. Mirror rows come first in their order, then local creates in entry order.
 */
import type { Contact, Domain, Invoice, Order, OrderLineItem, Ticket } from '../../../shared/models.js';
import type { OverlaidRow, PendingKind } from '../../../shared/queries.js';
import { formatCents, normalizeMoney } from '../../../shared/money.js';
import type { OutboxEntry, OutboxEntryOf } from '../../../shared/outbox/entry.js';
import { totalCents } from './invoice-stats.js';
import type { LocalId } from '../../../shared/outbox/local-ids.js';
import type { MutationParams, StoredAttachment } from '../../../shared/outbox/schemas.js';
import { PENDING_STATES } from '../../../shared/outbox/states.js';

export interface OverlayRowTypes {
  contacts: Contact;
  tickets: Ticket;
  orders: Order;
  invoices: Invoice;
  domains: Domain;
}
export type OverlayResource = keyof OverlayRowTypes;


type Fields<T> = Omit<T, 'id'>;

interface ResourceSpec<T extends { id: number }> {
  /** Record key prefix: `contact` in `contact:123`. */
  prefix: string;
  /** Extra keys a mirror row answers to (a domain's name, for EPP requests by name). */
  aliases?: (row: T) => string[];
  /** The row a pending create shows. */
  created?: (entry: OutboxEntry) => Fields<T> | null;
  /** A pending field edit applied over the row. */
  edited?: (row: Fields<T>, entry: OutboxEntry) => Fields<T>;
}

export function overlay<R extends OverlayResource>(
  resource: R,
  mirrorRows: readonly OverlayRowTypes[R][],
  pendingEntries: readonly OutboxEntry[],
): OverlaidRow<OverlayRowTypes[R]>[] {
  const spec = SPECS[resource] as unknown as ResourceSpec<OverlayRowTypes[R]>;
  const byKey = new Map<string, OutboxEntry[]>();
  for (const entry of [...pendingEntries].sort((a, b) => a.id - b.id)) {
    if (!PENDING_STATES.includes(entry.state) || !entry.recordKey.startsWith(`${spec.prefix}:`)) continue;
    byKey.set(entry.recordKey, [...(byKey.get(entry.recordKey) ?? []), entry]);
  }

  const rows = mirrorRows.map((row) => {
    const keys = [`${spec.prefix}:${row.id}`, ...(spec.aliases?.(row) ?? [])];
    const entries = keys.flatMap((key) => byKey.get(key) ?? []).sort((a, b) => a.id - b.id);
    const { id, ...fields } = row;
    return apply(spec, id, fields, null, entries);
  });
  const created = [...byKey.values()].flatMap((entries) => {
    const [first] = entries;
    if (!first?.localId || first.recordKey !== `${spec.prefix}:${first.localId}`) return [];
    const fields = spec.created?.(first);
    return fields ? [apply(spec, first.localId, fields, 'create', entries)] : [];
  });
  return [...rows, ...created];
}

function apply<T extends { id: number }>(
  spec: ResourceSpec<T>,
  id: number | LocalId,
  base: Fields<T>,
  initial: PendingKind | null,
  entries: readonly OutboxEntry[],
): OverlaidRow<T> {
  let fields = base;
  let pending = initial;
  for (const entry of entries) {
    if (entry.kind === 'delete-contact') pending = 'delete';
    else if (entry.localId === null) {
      fields = spec.edited?.(fields, entry) ?? fields;
      pending ??= 'update';
    }
  }
  const newest = entries.at(-1);
  return {
    ...fields,
    id,
    pending,
    pendingEntryIds: entries.map((e) => e.id),
    failed: newest !== undefined && (newest.state === 'failed' || newest.state === 'needs_review'),
  } as OverlaidRow<T>;
}

// ---- contacts ----

const CONTACT_FIELDS = {
  firstname: 'firstName',
  lastname: 'lastName',
  companyname: 'companyName',
  email: 'email',
  address1: 'address1',
  address2: 'address2',
  city: 'city',
  state: 'state',
  postcode: 'postcode',
  country: 'country',
  phonenumber: 'phoneNumber',
  subaccount: 'subaccount',
  generalemails: 'generalEmails',
  productemails: 'productEmails',
  domainemails: 'domainEmails',
  invoiceemails: 'invoiceEmails',
  supportemails: 'supportEmails',
} as const satisfies Record<string, keyof Contact>;

function withContactFields(row: Fields<Contact>, params: Record<string, unknown>): Fields<Contact> {
  const changed: Partial<Record<keyof Contact, unknown>> = {};
  for (const [param, field] of Object.entries(CONTACT_FIELDS)) {
    const value = params[param];
    if (value !== undefined) changed[field] = field === 'country' ? String(value).toUpperCase() : value;
  }
  return { ...row, ...changed } as Fields<Contact>;
}

const NEW_CONTACT: Fields<Contact> = {
  userId: null, firstName: '', lastName: '', companyName: '', email: '', address1: '', address2: '', city: '', state: '',
  postcode: '', country: '', phoneNumber: '', subaccount: false, permissions: '', domainEmails: false, generalEmails: false,
  invoiceEmails: false, productEmails: false, supportEmails: false, affiliateEmails: false, createdAt: null, updatedAt: null,
};

const contacts: ResourceSpec<Contact> = {
  prefix: 'contact',
  created: (entry) => {
    if (entry.kind !== 'add-contact') return null;
    return withContactFields({ ...NEW_CONTACT, subaccount: entry.params.password2 !== undefined }, entry.params);
  },
  edited: (row, entry) => (entry.kind === 'update-contact' ? withContactFields(row, entry.params) : row),
};

// ---- tickets ----

const tickets: ResourceSpec<Ticket> = {
  prefix: 'ticket',
  created: (entry) => {
    if (entry.kind !== 'open-ticket') return null;
    const p = entry.params;
    return {
      tid: '', deptId: p.deptid, userId: null, name: p.name ?? '', email: p.email ?? '', cc: '', c: '', date: null,
      subject: p.subject, status: '', priority: p.priority ?? 'Medium', admin: '',
      attachment: ((p.attachments ?? []) as StoredAttachment[]).map((a) => a.name).join('|'),
      lastReply: null, flag: false, service: p.serviceid ? `S${p.serviceid}` : p.domainid ? `D${p.domainid}` : '',
    };
  },
};

// ---- orders ----

function queuedLineItems(p: MutationParams<'add-order'>): OrderLineItem[] {
  const item = (type: string, product: string, domain: string, billingCycle: string): OrderLineItem => ({
    type, relId: null, productType: '', product, domain, billingCycle, amount: { amount: null, currency: null, text: '' }, status: '',
  });
  return [
    ...(p.pid ?? []).map((pid, i) => item('product', `#${pid}`, p.hostname?.[i] || p.domain?.[i] || '', p.billingcycle?.[i] ?? '')),
    ...(p.domaintype ?? []).map((type, i) => item('domain', type === 'register' ? 'Register' : 'Transfer', p.domain?.[i] ?? '', String(p.regperiod?.[i] ?? 1))),
    ...Object.entries(p.domainrenewals ?? {}).map(([domain, years]) => item('domain', 'Renewal', domain, String(years))),
    ...[...(p.addons ?? []).flat(), ...(p.addonid === undefined ? [] : [p.addonid]), ...(p.addonids ?? [])].map((addon) => item('addon', `#${addon}`, '', '')),
  ];
}

const orders: ResourceSpec<Order> = {
  prefix: 'order',
  created: (entry) => {
    if (entry.kind !== 'add-order') return null;
    const p = entry.params;
    const nameservers = [p.nameserver1, p.nameserver2, p.nameserver3, p.nameserver4, p.nameserver5].filter(Boolean).join(',');
    return {
      orderNum: '', userId: null, contactId: typeof p.contactid === 'number' ? p.contactid : null, date: null, nameservers,
      transferSecret: '', renewals: '', promoCode: p.promocode ?? '', promoType: '', promoValue: '', orderData: '', amount: null,
      paymentMethod: p.paymentmethod ?? '', invoiceId: null, status: '', ipAddress: '', fraudModule: '', fraudOutput: '', notes: '',
      paymentMethodName: '', paymentStatus: '', name: '', currencyPrefix: '', currencySuffix: '', fraudData: '',
      lineItems: queuedLineItems(p),
    };
  },
};

// ---- invoices ----

/** The invoice a create-invoice entry asks for, as views and the mirror show it. */
export function queuedInvoice(entry: OutboxEntryOf<'create-invoice'>): Omit<Invoice, 'id'> {
  const p = entry.params;
  return {
    status: p.draft ? 'Draft' : (p.status ?? 'Unpaid'),
    date: p.date ?? null,
    dueDate: p.duedate ?? p.date ?? null,
    total: formatCents(totalCents(p)),
    notes: p.notes ?? '',
    items: (p.items ?? []).map((i) => ({ description: i.description, amount: normalizeMoney(i.amount), taxed: i.taxed ?? false })),
    createdAt: new Date(entry.createdAt).toISOString(),
  };
}

const invoices: ResourceSpec<Invoice> = {
  prefix: 'invoice',
  created: (entry) => (entry.kind === 'create-invoice' ? queuedInvoice(entry) : null),
};

// ---- domains (EPP requests) ----

const domains: ResourceSpec<Domain> = {
  prefix: 'domain',
  aliases: (row) => [`domain:${row.domainName.toLowerCase()}`],
};

const SPECS: { [R in OverlayResource]: ResourceSpec<OverlayRowTypes[R]> } = { contacts, tickets, orders, invoices, domains };
