/** The table description of every resource (see descriptor.ts). Column names match migrations/001. */
import { toCents } from '../../../shared/money.js';
import {
  child,
  equalsNumber,
  equalsText,
  flag,
  range,
  withinDays,
  type FilterSpec,
  type FilterValueOf,
  type ResourceDescriptor,
  type SqlValue,
} from './descriptor.js';
import type { ResourceName, ResourceRecords } from '../../../shared/records.js';

const cents = (money: string | null): number | null => (money === null ? null : toCents(money));
const bit = (value: boolean): number => (value ? 1 : 0);
const joined = (parts: Array<string | null | undefined>) => parts.filter(Boolean).join(' · ');

export const RESOURCES = {
  services: {
    table: 'services',
    idOf: (s) => s.id,
    columns: {
      name: (s) => s.name,
      domain: (s) => s.domain,
      username: (s) => s.username,
      status: (s) => s.status,
      pid: (s) => s.pid,
      billing_cycle: (s) => s.billingCycle,
      reg_date: (s) => s.regDate,
      next_due_date: (s) => s.nextDueDate,
      recurring_cents: (s) => cents(s.recurringAmount),
    },
    sort: {
      id: 'id',
      name: 'name',
      domain: 'domain',
      status: 'status',
      regDate: 'reg_date',
      nextDueDate: 'next_due_date',
      recurringAmount: 'recurring_cents',
    },
    defaultSort: { field: 'domain', dir: 'asc' },
    filters: {
      status: equalsText('status'),
      pid: equalsNumber('pid'),
      billingCycle: equalsText('billing_cycle'),
      nextDueDate: range('next_due_date'),
      dueWithinDays: withinDays('next_due_date'),
    },
    search: {
      slot: 1,
      terms: (s) => [s.name, s.domain, s.username],
      heading: (s) => ({ title: s.domain || s.name, subtitle: joined([s.domain ? s.name : null, s.status]) }),
    },
    children: [
      {
        table: 'service_custom_fields',
        columns: ['id', 'name', 'value'],
        rows: (s) => s.customFields.map((f) => [f.id, f.name, f.value]),
      },
      {
        table: 'service_config_options',
        columns: ['id', 'option', 'type', 'value'],
        rows: (s) => s.configOptions.map((o) => [o.id, o.option, o.type, o.value]),
      },
    ],
  },

  domains: {
    table: 'domains',
    idOf: (d) => d.id,
    columns: {
      domain_name: (d) => d.domainName,
      status: (d) => d.status,
      registrar: (d) => d.registrar,
      reg_type: (d) => d.regType,
      reg_date: (d) => d.regDate,
      expiry_date: (d) => d.expiryDate,
      next_due_date: (d) => d.nextDueDate,
      recurring_cents: (d) => cents(d.recurringAmount),
      do_not_renew: (d) => bit(d.doNotRenew),
    },
    sort: {
      id: 'id',
      domainName: 'domain_name',
      status: 'status',
      regDate: 'reg_date',
      expiryDate: 'expiry_date',
      nextDueDate: 'next_due_date',
      recurringAmount: 'recurring_cents',
    },
    defaultSort: { field: 'domainName', dir: 'asc' },
    filters: {
      status: equalsText('status'),
      registrar: equalsText('registrar'),
      regType: equalsText('reg_type'),
      doNotRenew: flag('do_not_renew'),
      expiryDate: range('expiry_date'),
      expiringWithinDays: withinDays('expiry_date'),
      nextDueDate: range('next_due_date'),
    },
    search: {
      slot: 2,
      terms: (d) => [d.domainName],
      heading: (d) => ({ title: d.domainName, subtitle: joined([d.status, d.expiryDate ? `expires ${d.expiryDate}` : null]) }),
    },
  },

  orders: {
    table: 'orders',
    idOf: (o) => o.id,
    columns: {
      order_num: (o) => o.orderNum,
      date: (o) => o.date,
      status: (o) => o.status,
      payment_status: (o) => o.paymentStatus,
      amount_cents: (o) => cents(o.amount),
      invoice_id: (o) => o.invoiceId,
    },
    sort: {
      id: 'id',
      orderNum: 'order_num',
      date: 'date',
      status: 'status',
      paymentStatus: 'payment_status',
      amount: 'amount_cents',
    },
    defaultSort: { field: 'date', dir: 'desc' },
    filters: {
      status: equalsText('status'),
      paymentStatus: equalsText('payment_status'),
      date: range('date'),
      invoiceId: equalsNumber('invoice_id'),
      /** Orders with a line item for this domain. */
      domain: child('order_line_items', 'domain'),
    },
    search: {
      slot: 3,
      terms: (o) => [o.orderNum],
      heading: (o) => ({ title: `Order #${o.orderNum}`, subtitle: joined([o.date?.slice(0, 10), o.status, o.paymentStatus, o.amount]) }),
    },
    children: [
      {
        table: 'order_line_items',
        columns: ['seq', 'type', 'rel_id', 'product_type', 'product', 'domain', 'billing_cycle', 'amount', 'status'],
        rows: (o) =>
          o.lineItems.map((item, seq) => [
            seq,
            item.type,
            item.relId,
            item.productType,
            item.product,
            item.domain,
            item.billingCycle,
            item.amount.text,
            item.status,
          ]),
      },
    ],
  },

  transactions: {
    table: 'transactions',
    idOf: (t) => t.id,
    columns: {
      date: (t) => t.date,
      gateway: (t) => t.gateway,
      invoice_id: (t) => t.invoiceId,
      trans_id: (t) => t.transId,
      amount_in_cents: (t) => cents(t.amountIn),
      amount_out_cents: (t) => cents(t.amountOut),
    },
    sort: {
      id: 'id',
      date: 'date',
      gateway: 'gateway',
      invoiceId: 'invoice_id',
      amountIn: 'amount_in_cents',
      amountOut: 'amount_out_cents',
    },
    defaultSort: { field: 'date', dir: 'desc' },
    filters: {
      invoiceId: equalsNumber('invoice_id'),
      gateway: equalsText('gateway'),
      date: range('date'),
    },
  },

  contacts: {
    table: 'contacts',
    idOf: (c) => c.id,
    columns: {
      first_name: (c) => c.firstName,
      last_name: (c) => c.lastName,
      company_name: (c) => c.companyName,
      email: (c) => c.email,
      country: (c) => c.country,
      subaccount: (c) => bit(c.subaccount),
      created_at: (c) => c.createdAt,
    },
    sort: {
      id: 'id',
      firstName: 'first_name',
      lastName: 'last_name',
      companyName: 'company_name',
      email: 'email',
      createdAt: 'created_at',
    },
    defaultSort: { field: 'lastName', dir: 'asc' },
    filters: {
      subaccount: flag('subaccount'),
      country: equalsText('country'),
    },
    search: {
      slot: 4,
      terms: (c) => [c.firstName, c.lastName, c.email, c.companyName],
      heading: (c) => {
        const name = `${c.firstName} ${c.lastName}`.trim();
        return { title: name || c.companyName || c.email, subtitle: joined([c.email, name ? c.companyName : null]) };
      },
    },
  },

  tickets: {
    table: 'tickets',
    idOf: (t) => t.id,
    columns: {
      tid: (t) => t.tid,
      dept_id: (t) => t.deptId,
      status: (t) => t.status,
      priority: (t) => t.priority,
      subject: (t) => t.subject,
      date: (t) => t.date,
      last_reply: (t) => t.lastReply,
      flag: (t) => bit(t.flag),
    },
    sort: {
      id: 'id',
      tid: 'tid',
      status: 'status',
      priority: 'priority',
      subject: 'subject',
      date: 'date',
      lastReply: 'last_reply',
    },
    defaultSort: { field: 'lastReply', dir: 'desc' },
    filters: {
      deptId: equalsNumber('dept_id'),
      status: equalsText('status'),
      priority: equalsText('priority'),
      flagged: flag('flag'),
      lastReply: range('last_reply'),
    },
    search: {
      slot: 5,
      terms: (t) => [t.tid, t.subject],
      heading: (t) => ({ title: `#${t.tid} ${t.subject}`, subtitle: joined([t.status, t.lastReply ? `last reply ${t.lastReply}` : null]) }),
    },
  },

  announcements: {
    table: 'announcements',
    idOf: (a) => a.id,
    columns: {
      date: (a) => a.date,
      title: (a) => a.title,
      published: (a) => bit(a.published),
    },
    sort: { id: 'id', date: 'date' },
    defaultSort: { field: 'date', dir: 'desc' },
    filters: { published: flag('published'), date: range('date') },
    search: {
      slot: 6,
      terms: (a) => [a.title],
      heading: (a) => ({ title: a.title, subtitle: a.date?.slice(0, 10) ?? '' }),
    },
  },

  departments: {
    table: 'departments',
    idOf: (d) => d.id,
    columns: { name: (d) => d.name },
    sort: { id: 'id', name: 'name' },
    defaultSort: { field: 'id', dir: 'asc' },
    filters: {},
  },

  client: {
    table: 'client',
    idOf: (c) => c.client.userId,
    columns: {},
    sort: { id: 'id' },
    defaultSort: { field: 'id', dir: 'asc' },
    filters: {},
  },

  catalogue: {
    table: 'catalogue',
    idOf: (p) => p.pid,
    columns: { gid: (p) => p.gid, name: (p) => p.name, type: (p) => p.type },
    sort: { id: 'id', name: 'name', gid: 'gid' },
    defaultSort: { field: 'id', dir: 'asc' },
    filters: { gid: equalsNumber('gid'), type: equalsText('type') },
    children: [
      {
        table: 'catalogue_addons',
        columns: ['id', 'name', 'billing_cycle'],
        rows: (p) => p.addons.map((a) => [a.id, a.name, a.billingCycle]),
      },
      {
        table: 'catalogue_config_options',
        columns: ['id', 'name', 'type'],
        rows: (p) => p.configOptions.map((o) => [o.id, o.name, o.type]),
      },
      {
        table: 'catalogue_config_choices',
        columns: ['option_id', 'id', 'name', 'price'],
        rows: (p) => p.configOptions.flatMap((o) => o.choices.map((c): SqlValue[] => [o.id, c.id, c.name, c.price])),
      },
    ],
  },

  invoices: {
    table: 'local_invoices',
    idOf: (i) => i.id,
    columns: {
      status: (i) => i.status,
      total_cents: (i) => (i.total === null ? null : toCents(i.total)),
      created_at: (i) => i.createdAt,
    },
    sort: { id: 'id', createdAt: 'created_at' },
    defaultSort: { field: 'createdAt', dir: 'desc' },
    filters: { status: equalsText('status') },
  },
} satisfies { [R in ResourceName]: ResourceDescriptor<ResourceRecords[R]> };

type Descriptors = typeof RESOURCES;

/** The sortable fields of a resource. */
export type SortField<R extends ResourceName> = keyof Descriptors[R]['sort'] & string;

/** The filters a resource's lists take, each with its value type. */
export type Filters<R extends ResourceName> = {
  [K in keyof Descriptors[R]['filters']]?: Descriptors[R]['filters'][K] extends FilterSpec
    ? FilterValueOf<Descriptors[R]['filters'][K]>
    : never;
};

/** The descriptor of a resource, typed by its record. */
export function descriptorOf<R extends ResourceName>(resource: R): ResourceDescriptor<ResourceRecords[R]> {
  return RESOURCES[resource] as unknown as ResourceDescriptor<ResourceRecords[R]>;
}
