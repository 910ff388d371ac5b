/**
 * The changes of a sync worth telling the user, spelled out: tickets answered, domains coming up for expiry,
 * services suspended or otherwise changing status, orders paid or changing status, new announcements, more
 * invoices overdue than at the previous sync.
 *
 * The first sync of a resource imports everything, which is not news: it yields nothing here.
 */
import type { ClientDetailsResult, Domain, Order, Service, Ticket } from '../../../shared/models.js';
import type { NotableChange, NotableKind, NotableParams } from '../../../shared/sync.js';
import {
  addDays,
  daysBetween,
  type ChangeSet,
  type ListPage,
  type Mirror,
  type ResourceRecords,
  type SyncedResource,
} from '../mirror/index.js';

/** Days ahead in which an expiry is worth a mention. */
export const EXPIRY_WARNING_DAYS = 30;

/** Domains whose expiry matters to the user (a cancelled or transferred-away domain's does not). */
const WATCHED_DOMAIN_STATUSES = ['Active'];

export interface NotableContext {
  mirror: Mirror;
  today: string;
  /** The calendar day of this resource's previous successful sync; null on its first sync. */
  previousSyncDay: string | null;
}

/** What a describer sees: only called after the resource's first sync. */
type DescribeContext = NotableContext & { previousSyncDay: string };
type Describer<R extends SyncedResource> = (changes: ChangeSet<ResourceRecords[R]>, ctx: DescribeContext) => NotableChange[];

const note = (kind: NotableKind, resource: SyncedResource, id: number, text: string, params: NotableParams): NotableChange => ({ kind, resource, id, text, params });

const statusChanges = <T extends { status: string }>(changes: ChangeSet<T>) =>
  changes.changed.filter(({ before, after }) => before.status !== after.status);

const serviceLabel = (s: Service) => (s.domain ? `${s.name} (${s.domain})` : s.name);

function describeTickets(changes: ChangeSet<Ticket>): NotableChange[] {
  const answered = [
    ...changes.added.filter((t) => t.status === 'Answered'),
    ...changes.changed.filter(({ before, after }) => before.status !== 'Answered' && after.status === 'Answered').map((c) => c.after),
  ];
  return answered.map((t) => note('ticket-answered', 'tickets', t.id, `ticket #${t.tid} answered`, { subject: `#${t.tid}` }));
}

function describeServices(changes: ChangeSet<Service>): NotableChange[] {
  return statusChanges(changes).map(({ before, after }) =>
    after.status === 'Suspended'
      ? note('service-suspended', 'services', after.id, `service ${serviceLabel(after)} suspended`, { subject: serviceLabel(after) })
      : note('service-status', 'services', after.id, `service ${serviceLabel(after)}: ${before.status} → ${after.status}`, {
          subject: serviceLabel(after),
          from: before.status,
          to: after.status,
        }),
  );
}

function describeOrders(changes: ChangeSet<Order>): NotableChange[] {
  return changes.changed.flatMap(({ before, after }) => {
    const notes: NotableChange[] = [];
    if (before.paymentStatus !== 'Paid' && after.paymentStatus === 'Paid') notes.push(note('order-paid', 'orders', after.id, `order #${after.orderNum} paid`, { subject: `#${after.orderNum}` }));
    if (before.status !== after.status) notes.push(note('order-status', 'orders', after.id, `order #${after.orderNum}: ${before.status} → ${after.status}`, { subject: `#${after.orderNum}`, from: before.status, to: after.status }));
    return notes;
  });
}

const inWindow = (domain: Domain, day: string) =>
  WATCHED_DOMAIN_STATUSES.includes(domain.status) &&
  domain.expiryDate !== null &&
  domain.expiryDate >= day &&
  domain.expiryDate <= addDays(day, EXPIRY_WARNING_DAYS);

/**
 * Domains now expiring within the warning window that were not in it at the previous sync: new ones, ones
 * whose expiry or status changed into it, and unchanged ones the calendar moved into it.
 */
function describeDomains(changes: ChangeSet<Domain>, ctx: DescribeContext): NotableChange[] {
  const { previousSyncDay, today } = ctx;
  const added = new Set(changes.added.map((d) => d.id));
  const before = new Map(changes.changed.map((c) => [c.after.id, c.before]));
  const notes: NotableChange[] = [];
  let after: string | null = null;
  do {
    const page: ListPage<Domain> = ctx.mirror.list('domains', {
      filters: { expiryDate: { from: today, to: addDays(today, EXPIRY_WARNING_DAYS) }, status: WATCHED_DOMAIN_STATUSES },
      sort: { field: 'expiryDate' },
      limit: 1000,
      after,
    });
    for (const domain of page.rows) {
      const previous = added.has(domain.id) ? null : (before.get(domain.id) ?? domain);
      if (previous !== null && inWindow(previous, previousSyncDay)) continue;
      const days = daysBetween(today, domain.expiryDate as string);
      notes.push(note('domain-expiring', 'domains', domain.id, `${domain.domainName} ${expiresIn(days)}`, { subject: domain.domainName, days }));
    }
    after = page.nextCursor;
  } while (after !== null);
  return notes;
}

function expiresIn(days: number): string {
  if (days === 0) return 'expires today';
  return days === 1 ? 'expires in 1 day' : `expires in ${days} days`;
}

/** The client's stats counting more overdue invoices than before (fewer, or stats missing either side, is no news). */
function describeClient(changes: ChangeSet<ClientDetailsResult>): NotableChange[] {
  return changes.changed.flatMap(({ before, after }) => {
    const previous = before.stats?.numOverdueInvoices;
    const count = after.stats?.numOverdueInvoices;
    if (previous === undefined || count === undefined || count <= previous) return [];
    const text = count === 1 ? '1 invoice overdue' : `${count} invoices overdue (${previous} before)`;
    return [note('invoices-overdue', 'client', after.client.userId, text, { subject: String(count), count, previous })];
  });
}

const DESCRIBERS: { [R in SyncedResource]?: Describer<R> } = {
  client: describeClient,
  tickets: describeTickets,
  services: describeServices,
  orders: describeOrders,
  domains: describeDomains,
  announcements: (changes) =>
    changes.added.filter((a) => a.published).map((a) => note('announcement', 'announcements', a.id, `new announcement: ${a.title}`, { subject: a.title })),
};

/** Whether a sync of `resource` can have notable changes: not its first, and only where there is a describer. */
export function mayBeNotable(resource: SyncedResource, previousSyncDay: string | null): boolean {
  return previousSyncDay !== null && DESCRIBERS[resource] !== undefined;
}

export function notableChanges<R extends SyncedResource>(
  resource: R,
  changes: ChangeSet<ResourceRecords[R]>,
  ctx: NotableContext,
): NotableChange[] {
  const { previousSyncDay } = ctx;
  const describe = DESCRIBERS[resource] as Describer<R> | undefined;
  return describe && previousSyncDay !== null ? describe(changes, { ...ctx, previousSyncDay }) : [];
}
