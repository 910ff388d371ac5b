/**
 * What the renderer shows of each resource, as data: a list's columns, its filters, and a record's detail
 * fields in groups (with the links between records). One descriptor per resource, read by one generic table
 * and one generic detail pane. Labels are i18n keys under `lists.` (the renderer translates them).
 *
 * A column's `sort` and a filter's `name` are the mirror's own names (electron/core/mirror/resources.ts):
 * data.list refuses any other, and tests/unit/resource-fields.test.ts checks them against the mirror.
 */
import type { ResourceName } from './records.js';

/**
 * How a value reads: text as is; money in the account's currency; date / datetime with Intl ("—" when unset);
 * status as a badge; number with grouping; bool as yes / no; mono for codes; html sanitized (announcements
 * only); link to another record (`to`, the id in `field`); pricing a catalogue price list (per cycle).
 */
export type FieldKind = 'text' | 'mono' | 'money' | 'date' | 'datetime' | 'status' | 'number' | 'bool' | 'html' | 'link' | 'pricing';

/** Resources a link can open (each a list screen). */
export type LinkTarget = Exclude<ResourceName, 'client'>;

export interface FieldSpec {
  /** The record's property (a dotted path is not used: every field is top level). */
  field: string;
  /** i18n key under `lists.field.`; default the field name. */
  label?: string;
  kind: FieldKind;
  /** For links: the resource the id in `field` belongs to. */
  to?: LinkTarget;
  /** For a link into a small resource, show the target's name rather than its id (looked up once). */
  lookup?: 'departments';
  /** A unit after a number ("MB"), as an i18n key under `lists.unit.`. */
  unit?: string;
}

export interface ColumnSpec extends FieldSpec {
  /** Starting width in px. */
  width: number;
  /** The mirror's sort field, when the list can be sorted by this column. */
  sort?: string;
}

/**
 * A list filter, by the mirror's filter name: `choice` offers the values the mirror holds (data.facets) or a
 * small resource's records (`from`); `range` two dates; `flag` yes / no; `within` a number of days from today.
 */
export type FilterKind = 'choice' | 'range' | 'flag' | 'within';

export interface FilterSpec {
  name: string;
  kind: FilterKind;
  /** i18n key under `lists.filter.`; default the name. */
  label?: string;
  /** For a choice among a small resource's records: their ids as values, their names as labels. */
  from?: 'departments';
}

/** A nested list shown as a small table in the detail pane (an order's line items, a product's add-ons). */
export interface SubTableSpec {
  /** The record's array property. */
  field: string;
  label?: string;
  columns: FieldSpec[];
  /** For rows that point at another record: the resource (by the row's `type`) and the id property. */
  link?: { typeField: string; idField: string; targets: Record<string, LinkTarget> };
}

export interface DetailGroup {
  /** i18n key under `lists.group.`. */
  title: string;
  fields?: FieldSpec[];
  tables?: SubTableSpec[];
  /** A link to another list filtered by this record (a department's tickets). */
  related?: { to: LinkTarget; filter: string; idField: string; label: string }[];
}

export interface ResourceView {
  resource: LinkTarget;
  /** The properties naming a record in the detail pane's heading, joined by a space (the first non-empty wins the id). */
  titleFields: string[];
  /** How a heading reads when its title needs the id too (an order's number, a ticket's tid). */
  titlePrefix?: string;
  /** Whether the list takes a text filter (the mirror's full-text index covers the resource). */
  searchable: boolean;
  columns: ColumnSpec[];
  filters: FilterSpec[];
  detail: DetailGroup[];
}

const money = (field: string, extra: Partial<ColumnSpec> = {}) => ({ field, kind: 'money', width: 110, ...extra }) as const;

export const RESOURCE_VIEWS: Record<LinkTarget, ResourceView> = {
  services: {
    resource: 'services',
    titleFields: ['domain'],
    searchable: true,
    columns: [
      { field: 'domain', kind: 'text', width: 240, sort: 'domain' },
      { field: 'name', label: 'product', kind: 'text', width: 220, sort: 'name' },
      { field: 'status', kind: 'status', width: 110, sort: 'status' },
      { field: 'billingCycle', kind: 'text', width: 120 },
      { field: 'regDate', kind: 'date', width: 120, sort: 'regDate' },
      { field: 'nextDueDate', kind: 'date', width: 120, sort: 'nextDueDate' },
      money('recurringAmount', { sort: 'recurringAmount' }),
    ],
    filters: [
      { name: 'status', kind: 'choice' },
      { name: 'billingCycle', kind: 'choice' },
      { name: 'nextDueDate', kind: 'range' },
    ],
    detail: [
      {
        title: 'overview',
        fields: [
          { field: 'name', label: 'product', kind: 'text' },
          { field: 'groupName', kind: 'text' },
          { field: 'domain', kind: 'text' },
          { field: 'suspensionReason', kind: 'text' },
          { field: 'orderId', label: 'order', kind: 'link', to: 'orders' },
          { field: 'username', kind: 'mono' },
        ],
      },
      {
        title: 'billing',
        fields: [
          { field: 'billingCycle', kind: 'text' },
          { field: 'regDate', kind: 'date' },
          { field: 'nextDueDate', kind: 'date' },
          { field: 'firstPaymentAmount', kind: 'money' },
          { field: 'recurringAmount', kind: 'money' },
          { field: 'paymentMethodName', kind: 'text' },
          { field: 'overrideAutoSuspend', kind: 'bool' },
          { field: 'overrideSuspendUntil', kind: 'date' },
        ],
      },
      {
        title: 'server',
        fields: [
          { field: 'serverName', kind: 'text' },
          { field: 'serverHostname', kind: 'mono' },
          { field: 'serverIp', kind: 'mono' },
          { field: 'dedicatedIp', kind: 'mono' },
          { field: 'assignedIps', kind: 'mono' },
          { field: 'ns1', kind: 'mono' },
          { field: 'ns2', kind: 'mono' },
        ],
      },
      {
        title: 'usage',
        fields: [
          { field: 'diskUsage', kind: 'number', unit: 'mb' },
          { field: 'diskLimit', kind: 'number', unit: 'mb' },
          { field: 'bwUsage', kind: 'number', unit: 'mb' },
          { field: 'bwLimit', kind: 'number', unit: 'mb' },
          { field: 'lastUpdate', kind: 'datetime' },
        ],
      },
      {
        title: 'more',
        fields: [{ field: 'notes', kind: 'text' }],
        tables: [
          { field: 'configOptions', columns: [{ field: 'option', kind: 'text' }, { field: 'value', kind: 'text' }] },
          { field: 'customFields', columns: [{ field: 'name', kind: 'text' }, { field: 'value', kind: 'text' }] },
        ],
      },
    ],
  },

  domains: {
    resource: 'domains',
    titleFields: ['domainName'],
    searchable: true,
    columns: [
      { field: 'domainName', kind: 'text', width: 280, sort: 'domainName' },
      { field: 'status', kind: 'status', width: 120, sort: 'status' },
      { field: 'registrar', kind: 'text', width: 130 },
      { field: 'regDate', kind: 'date', width: 120, sort: 'regDate' },
      { field: 'expiryDate', kind: 'date', width: 120, sort: 'expiryDate' },
      { field: 'nextDueDate', kind: 'date', width: 120, sort: 'nextDueDate' },
      money('recurringAmount', { sort: 'recurringAmount' }),
      { field: 'doNotRenew', kind: 'bool', width: 120 },
    ],
    filters: [
      { name: 'status', kind: 'choice' },
      { name: 'registrar', kind: 'choice' },
      { name: 'expiryDate', kind: 'range' },
      { name: 'expiringWithinDays', kind: 'within' },
      { name: 'nextDueDate', kind: 'range' },
      { name: 'doNotRenew', kind: 'flag' },
    ],
    detail: [
      {
        title: 'overview',
        fields: [
          { field: 'regType', kind: 'text' },
          { field: 'registrar', kind: 'text' },
          { field: 'regPeriod', kind: 'number', unit: 'years' },
          { field: 'orderId', label: 'order', kind: 'link', to: 'orders' },
        ],
      },
      {
        title: 'dates',
        fields: [
          { field: 'regDate', kind: 'date' },
          { field: 'expiryDate', kind: 'date' },
          { field: 'nextDueDate', kind: 'date' },
        ],
      },
      {
        title: 'billing',
        fields: [
          { field: 'firstPaymentAmount', kind: 'money' },
          { field: 'recurringAmount', kind: 'money' },
          { field: 'paymentMethodName', kind: 'text' },
          { field: 'doNotRenew', kind: 'bool' },
        ],
      },
      {
        title: 'options',
        fields: [
          { field: 'dnsManagement', kind: 'bool' },
          { field: 'emailForwarding', kind: 'bool' },
          { field: 'idProtection', kind: 'bool' },
          { field: 'notes', kind: 'text' },
        ],
      },
    ],
  },

  orders: {
    resource: 'orders',
    titleFields: ['orderNum'],
    titlePrefix: 'order',
    searchable: true,
    columns: [
      { field: 'orderNum', kind: 'mono', width: 130, sort: 'orderNum' },
      { field: 'date', kind: 'datetime', width: 196, sort: 'date' },
      { field: 'status', kind: 'status', width: 110, sort: 'status' },
      { field: 'paymentStatus', kind: 'status', width: 120, sort: 'paymentStatus' },
      money('amount', { sort: 'amount' }),
      { field: 'paymentMethodName', kind: 'text', width: 150 },
      { field: 'invoiceId', kind: 'mono', width: 100 },
    ],
    filters: [
      { name: 'status', kind: 'choice' },
      { name: 'paymentStatus', kind: 'choice' },
      { name: 'date', kind: 'range' },
    ],
    detail: [
      {
        title: 'overview',
        fields: [
          { field: 'date', kind: 'datetime' },
          { field: 'paymentStatus', kind: 'status' },
          { field: 'amount', kind: 'money' },
          { field: 'paymentMethodName', kind: 'text' },
          { field: 'invoiceId', kind: 'mono' },
          { field: 'promoCode', kind: 'mono' },
          { field: 'nameservers', kind: 'mono' },
          { field: 'notes', kind: 'text' },
        ],
      },
      {
        title: 'lineItems',
        tables: [
          {
            field: 'lineItems',
            columns: [
              { field: 'domain', kind: 'text' },
              { field: 'product', kind: 'text' },
              { field: 'productType', kind: 'text' },
              { field: 'billingCycle', kind: 'text' },
              { field: 'amount', kind: 'money' },
              { field: 'status', kind: 'status' },
            ],
            link: { typeField: 'type', idField: 'relId', targets: { product: 'services', domain: 'domains' } },
          },
        ],
      },
      { title: 'fraud', fields: [{ field: 'fraudModule', kind: 'text' }, { field: 'ipAddress', kind: 'mono' }] },
    ],
  },

  transactions: {
    resource: 'transactions',
    titleFields: ['transId'],
    titlePrefix: 'payment',
    searchable: false,
    columns: [
      { field: 'date', kind: 'datetime', width: 196, sort: 'date' },
      { field: 'description', kind: 'text', width: 300 },
      { field: 'gateway', kind: 'text', width: 130, sort: 'gateway' },
      money('amountIn', { sort: 'amountIn' }),
      money('fees', { width: 90 }),
      money('amountOut', { sort: 'amountOut' }),
      { field: 'transId', kind: 'mono', width: 170 },
      { field: 'invoiceId', kind: 'mono', width: 100, sort: 'invoiceId' },
    ],
    filters: [
      { name: 'gateway', kind: 'choice' },
      { name: 'date', kind: 'range' },
    ],
    detail: [
      {
        title: 'overview',
        fields: [
          { field: 'date', kind: 'datetime' },
          { field: 'description', kind: 'text' },
          { field: 'gateway', kind: 'text' },
          { field: 'amountIn', kind: 'money' },
          { field: 'fees', kind: 'money' },
          { field: 'amountOut', kind: 'money' },
          { field: 'rate', kind: 'mono' },
          { field: 'transId', kind: 'mono' },
          { field: 'invoiceId', kind: 'mono' },
          { field: 'refundId', kind: 'mono' },
        ],
      },
    ],
  },

  contacts: {
    resource: 'contacts',
    titleFields: ['firstName', 'lastName'],
    searchable: true,
    columns: [
      { field: 'firstName', kind: 'text', width: 140, sort: 'firstName' },
      { field: 'lastName', kind: 'text', width: 150, sort: 'lastName' },
      { field: 'companyName', kind: 'text', width: 200, sort: 'companyName' },
      { field: 'email', kind: 'text', width: 260, sort: 'email' },
      { field: 'country', kind: 'mono', width: 80 },
      { field: 'subaccount', kind: 'bool', width: 100 },
      { field: 'createdAt', kind: 'datetime', width: 196, sort: 'createdAt' },
    ],
    filters: [
      { name: 'country', kind: 'choice' },
      { name: 'subaccount', kind: 'flag' },
    ],
    detail: [
      {
        title: 'overview',
        fields: [
          { field: 'firstName', kind: 'text' },
          { field: 'lastName', kind: 'text' },
          { field: 'companyName', kind: 'text' },
          { field: 'email', kind: 'text' },
          { field: 'phoneNumber', kind: 'mono' },
        ],
      },
      {
        title: 'address',
        fields: [
          { field: 'address1', kind: 'text' },
          { field: 'address2', kind: 'text' },
          { field: 'city', kind: 'text' },
          { field: 'state', kind: 'text' },
          { field: 'postcode', kind: 'mono' },
          { field: 'country', kind: 'mono' },
        ],
      },
      {
        title: 'emails',
        fields: [
          { field: 'subaccount', kind: 'bool' },
          { field: 'generalEmails', kind: 'bool' },
          { field: 'invoiceEmails', kind: 'bool' },
          { field: 'productEmails', kind: 'bool' },
          { field: 'domainEmails', kind: 'bool' },
          { field: 'supportEmails', kind: 'bool' },
          { field: 'affiliateEmails', kind: 'bool' },
        ],
      },
      { title: 'dates', fields: [{ field: 'createdAt', kind: 'datetime' }, { field: 'updatedAt', kind: 'datetime' }] },
    ],
  },

  tickets: {
    resource: 'tickets',
    titleFields: ['subject'],
    searchable: true,
    columns: [
      { field: 'tid', kind: 'mono', width: 100, sort: 'tid' },
      { field: 'subject', kind: 'text', width: 320, sort: 'subject' },
      { field: 'status', kind: 'status', width: 150, sort: 'status' },
      { field: 'priority', kind: 'text', width: 90, sort: 'priority' },
      { field: 'deptId', label: 'department', kind: 'link', to: 'departments', lookup: 'departments', width: 150 },
      { field: 'date', kind: 'datetime', width: 196, sort: 'date' },
      { field: 'lastReply', kind: 'datetime', width: 196, sort: 'lastReply' },
    ],
    filters: [
      { name: 'status', kind: 'choice' },
      { name: 'priority', kind: 'choice' },
      { name: 'deptId', label: 'department', kind: 'choice', from: 'departments' },
      { name: 'lastReply', kind: 'range' },
      { name: 'flagged', kind: 'flag' },
    ],
    detail: [
      {
        title: 'overview',
        fields: [
          { field: 'tid', kind: 'mono' },
          { field: 'priority', kind: 'text' },
          { field: 'deptId', label: 'department', kind: 'link', to: 'departments', lookup: 'departments' },
          { field: 'service', kind: 'text' },
          { field: 'flag', kind: 'bool' },
          { field: 'admin', kind: 'text' },
        ],
      },
      {
        title: 'requester',
        fields: [
          { field: 'name', kind: 'text' },
          { field: 'email', kind: 'text' },
          { field: 'cc', kind: 'text' },
        ],
      },
      { title: 'dates', fields: [{ field: 'date', kind: 'datetime' }, { field: 'lastReply', kind: 'datetime' }] },
    ],
  },

  announcements: {
    resource: 'announcements',
    titleFields: ['title'],
    searchable: true,
    columns: [
      { field: 'date', kind: 'datetime', width: 196, sort: 'date' },
      { field: 'title', kind: 'text', width: 480 },
      { field: 'published', kind: 'bool', width: 100 },
    ],
    filters: [
      { name: 'published', kind: 'flag' },
      { name: 'date', kind: 'range' },
    ],
    detail: [
      { title: 'overview', fields: [{ field: 'date', kind: 'datetime' }, { field: 'published', kind: 'bool' }, { field: 'language', kind: 'text' }] },
      { title: 'body', fields: [{ field: 'announcement', kind: 'html' }] },
    ],
  },

  departments: {
    resource: 'departments',
    titleFields: ['name'],
    searchable: false,
    columns: [
      { field: 'name', kind: 'text', width: 260, sort: 'name' },
      { field: 'openTickets', kind: 'number', width: 130 },
      { field: 'awaitingReply', kind: 'number', width: 140 },
    ],
    filters: [],
    detail: [
      {
        title: 'overview',
        fields: [
          { field: 'openTickets', kind: 'number' },
          { field: 'awaitingReply', kind: 'number' },
        ],
        related: [{ to: 'tickets', filter: 'deptId', idField: 'id', label: 'departmentTickets' }],
      },
    ],
  },

  catalogue: {
    resource: 'catalogue',
    titleFields: ['name'],
    searchable: false,
    columns: [
      { field: 'name', kind: 'text', width: 280, sort: 'name' },
      { field: 'gid', label: 'group', kind: 'number', width: 90, sort: 'gid' },
      { field: 'type', kind: 'text', width: 140 },
      { field: 'payType', kind: 'text', width: 130 },
      { field: 'pricing', label: 'price', kind: 'pricing', width: 580 },
    ],
    filters: [{ name: 'type', kind: 'choice' }],
    detail: [
      {
        title: 'overview',
        fields: [
          { field: 'pid', kind: 'number' },
          { field: 'gid', label: 'group', kind: 'number' },
          { field: 'type', kind: 'text' },
          { field: 'payType', kind: 'text' },
          { field: 'description', kind: 'text' },
        ],
      },
      { title: 'pricing', fields: [{ field: 'pricing', kind: 'pricing' }] },
      {
        title: 'addons',
        tables: [
          {
            field: 'addons',
            columns: [
              { field: 'name', kind: 'text' },
              { field: 'billingCycle', kind: 'text' },
              { field: 'pricing', label: 'price', kind: 'pricing' },
              { field: 'description', kind: 'text' },
            ],
          },
        ],
      },
      {
        title: 'configOptions',
        tables: [
          {
            field: 'configOptions',
            columns: [
              { field: 'name', kind: 'text' },
              { field: 'type', kind: 'text' },
              { field: 'choices', kind: 'text' },
            ],
          },
        ],
      },
    ],
  },

  invoices: {
    resource: 'invoices',
    titleFields: ['id'],
    titlePrefix: 'invoice',
    searchable: false,
    columns: [
      { field: 'id', label: 'invoice', kind: 'mono', width: 100, sort: 'id' },
      { field: 'status', kind: 'status', width: 110 },
      { field: 'date', kind: 'date', width: 120 },
      { field: 'dueDate', kind: 'date', width: 120 },
      money('total'),
      { field: 'createdAt', kind: 'datetime', width: 170, sort: 'createdAt' },
    ],
    filters: [{ name: 'status', kind: 'choice' }],
    detail: [
      {
        title: 'overview',
        fields: [
          { field: 'date', kind: 'date' },
          { field: 'dueDate', kind: 'date' },
          { field: 'total', kind: 'money' },
          { field: 'notes', kind: 'text' },
          { field: 'createdAt', kind: 'datetime' },
        ],
      },
      {
        title: 'items',
        tables: [
          {
            field: 'items',
            columns: [
              { field: 'description', kind: 'text' },
              { field: 'amount', kind: 'money' },
              { field: 'taxed', kind: 'bool' },
            ],
          },
        ],
      },
    ],
  },
};

/** A record's id as the route and data.get take it (a catalogue product's id is its pid). */
export function recordIdOf(record: { id?: unknown; pid?: unknown }): number | string {
  return (record.id ?? record.pid) as number | string;
}
