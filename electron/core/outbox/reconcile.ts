/**
 * An entry found `sending` (after a crash, or after a reply that never came) may or may not have taken effect.
 * Before anything is sent again, the server is asked (DESIGN rule 4):
 * - add-contact: contacts with the same e-mail and exactly the same first and last name;
 * - open-ticket: tickets found by subject, with exactly that subject and department, dated from the send on;
 * - add-order: the newest orders, dated from the send on, with the same contents;
 * - create-invoice: the account's invoice statistics against those recorded just before sending;
 * - add-ticket-reply: the ticket's last reply: older than the send means ours never arrived;
 * - update-contact, delete-contact, domain-request-epp: idempotent, simply sent again.
 * Exactly one unclaimed match → done with its id; no trace at all → resend; anything else → needs_review.
 * A record already matched to another entry is never claimed twice.
 */
import { decodeHTML } from 'entities';
import type { IsoDateTime, Order } from '../../../shared/models.js';
import { fetchAll } from '../api/paging.js';
import type { EntryRow } from './entry-row.js';
import { compareInvoiceStats, type InvoiceStatsSnapshot, invoiceStatsOf } from './invoice-stats.js';
import { listedOrderContents, orderCreatedFrom, queuedOrderContents, sameContents } from './order-items.js';
import { storedParams, type Confirmed, type OutboxClient } from './send.js';
import { serverTimeMs, ZONE_MARGIN_MS, type ServerTimeOptions } from './server-time.js';

export type Verdict = ({ verdict: 'done' } & Confirmed) | { verdict: 'resend' } | { verdict: 'review'; reason: string };

export interface ReconcileContext {
  client: OutboxClient;
  /** The entry, as found `sending`: its params, sent time and precheck. */
  row: EntryRow;
  /** Server ids already matched to other entries of the same kind. */
  claimed: ReadonlySet<number>;
  time: ServerTimeOptions;
}

const PAGE = 100;
const RESEND: Verdict = { verdict: 'resend' };

export async function reconcile(ctx: ReconcileContext): Promise<Verdict> {
  switch (ctx.row.kind) {
    case 'add-contact':
      return reconcileContact(ctx);
    case 'open-ticket':
      return reconcileTicket(ctx);
    case 'add-order':
      return reconcileOrder(ctx);
    case 'create-invoice':
      return reconcileInvoice(ctx);
    case 'add-ticket-reply':
      return reconcileReply(ctx);
    case 'update-contact':
    case 'delete-contact':
    case 'domain-request-epp':
      return RESEND;
  }
}

async function reconcileContact({ client, row, claimed }: ReconcileContext): Promise<Verdict> {
  const params = storedParams<'add-contact'>(row);
  const email = params.email?.trim() ?? '';
  const listed = await fetchAll((limitstart, limitnum) => client.getContacts({ ...(email ? { email } : {}), limitstart, limitnum }), {
    operation: 'get-contacts',
    pageSize: PAGE,
    idOf: (contact) => contact.id,
  });
  const same = (a: string | undefined, b: string) => (a ?? '').trim() === b.trim();
  const matches = listed.filter(
    (c) => !claimed.has(c.id) && c.email.trim().toLowerCase() === email.toLowerCase() && same(params.firstname, c.firstName) && same(params.lastname, c.lastName),
  );
  if (matches.length === 0) return RESEND;
  if (matches.length === 1) return { verdict: 'done', result: { contactId: matches[0]!.id }, serverId: matches[0]!.id };
  return review(`${matches.length} contacts have this e-mail and name (${ids(matches)}); which one is this entry's cannot be told`);
}

async function reconcileTicket({ client, row, claimed, time }: ReconcileContext): Promise<Verdict> {
  const params = storedParams<'open-ticket'>(row);
  const search = searchTerm(params.subject);
  const listed = await fetchAll((limitstart, limitnum) => client.getTickets({ subject: search, limitstart, limitnum }), {
    operation: 'get-tickets',
    pageSize: PAGE,
    idOf: (ticket) => ticket.id,
  });
  const subject = normalizeSubject(params.subject);
  const matches = listed.filter((t) => !claimed.has(t.id) && t.deptId === params.deptid && normalizeSubject(t.subject) === subject);
  const byTime = splitBySendTime(matches, (t) => t.date, row, time);
  if (byTime.after.length === 1) {
    const { id, tid, c } = byTime.after[0]!;
    return { verdict: 'done', result: { id, tid, c }, serverId: id };
  }
  if (byTime.after.length > 1) return review(`${byTime.after.length} tickets with this subject and department were opened since it was sent (${ids(byTime.after)})`);
  if (byTime.shortlyBefore.length > 0) return review(shortlyBefore('ticket', byTime.shortlyBefore));
  return RESEND;
}

async function reconcileOrder({ client, row, claimed, time }: ReconcileContext): Promise<Verdict> {
  const params = storedParams<'add-order'>(row);
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
}

async function reconcileInvoice({ client, row }: ReconcileContext): Promise<Verdict> {
  const before = row.precheck === null ? null : (JSON.parse(row.precheck) as InvoiceStatsSnapshot);
  if (before === null) return review('no invoice statistics were recorded before it was sent, so whether it was created cannot be told');
  const { stats } = await client.getClientsDetails({ stats: true });
  if (stats === null) return review('the provider sent no invoice statistics, so whether it was created cannot be told');
  const params = storedParams<'create-invoice'>(row);
  const seen = compareInvoiceStats(before, invoiceStatsOf(stats), params);
  switch (seen.change) {
    case 'none':
      return RESEND;
    case 'one-invoice':
      return {
        verdict: 'done',
        result: { invoiceId: null, status: seen.status, note: 'its reply was lost; the account statistics show it was created, but not its invoice id' },
        serverId: null,
      };
    case 'other':
      return review(`the account's invoices changed since it was sent in a way that does not tell: ${seen.detail}`);
  }
}

async function reconcileReply({ client, row, time }: ReconcileContext): Promise<Verdict> {
  const params = storedParams<'add-ticket-reply'>(row);
  const tickets = await fetchAll((limitstart, limitnum) => client.getTickets({ limitstart, limitnum }), {
    operation: 'get-tickets',
    pageSize: PAGE,
    idOf: (ticket) => ticket.id,
  });
  const ticket = tickets.find((t) => t.id === params.ticketid);
  // A ticket that is gone gets the provider's own refusal on resend.
  if (!ticket) return RESEND;
  const lastReply = serverTimeMs(ticket.lastReply, time);
  if (lastReply !== null && lastReply < sentAt(row) - time.clockSkewMs) return RESEND;
  return review(
    `ticket ${ticket.tid} was last replied to at ${ticket.lastReply ?? 'an unknown time'}, too close to or after the time this reply was sent to tell whether that reply is this one`,
  );
}

/**
 * Records dated from the send on (allowing for clock skew), and those dated up to ZONE_MARGIN_MS before:
 * too early to be ours if the provider's zone is configured right, too close to rule out if it is not.
 */
function splitBySendTime<T>(records: readonly T[], dateOf: (record: T) => IsoDateTime | null, row: EntryRow, time: ServerTimeOptions) {
  const from = sentAt(row) - time.clockSkewMs;
  const after: T[] = [];
  const shortlyBefore: T[] = [];
  for (const record of records) {
    const at = serverTimeMs(dateOf(record), time);
    if (at === null || at >= from) after.push(record);
    else if (at >= from - ZONE_MARGIN_MS) shortlyBefore.push(record);
  }
  return { after, shortlyBefore };
}

/**
 * The orders dated from `since` on, and a page or so more. Providers list orders oldest first (the sandbox)
 * or newest first; the first page tells which, and the walk starts from the newest end.
 */
async function newestOrders(client: OutboxClient, since: number, time: ServerTimeOptions): Promise<Order[]> {
  const older = (order: Order) => (serverTimeMs(order.date, time) ?? Infinity) < since;
  const first = await client.getOrders({ limitstart: 0, limitnum: PAGE });
  const orders = [...first.items];
  if (orders.length === 0 || orders.length >= first.total) return orders;
  // The provider may serve fewer rows than asked: what the first page held is its page size.
  let size = orders.length;
  if (orders[0]!.id > orders.at(-1)!.id) {
    for (let start = orders.length; start < first.total && !older(orders.at(-1)!); ) {
      const page = await client.getOrders({ limitstart: start, limitnum: size });
      if (page.items.length === 0) break;
      orders.push(...page.items);
      start += page.items.length;
    }
  } else {
    for (let end = first.total; end > first.items.length; ) {
      const start = Math.max(first.items.length, end - size);
      const page = await client.getOrders({ limitstart: start, limitnum: end - start });
      if (page.items.length === 0) break;
      if (page.items.length < end - start) {
        size = page.items.length;
        continue;
      }
      orders.push(...page.items);
      end = start;
      if (older(page.items[0]!)) break;
    }
  }
  return [...new Map(orders.map((order) => [order.id, order])).values()];
}

/**
 * What to search get-tickets by: the longest stretch of the subject without characters a provider may store
 * as HTML entities, so that `a & b` still finds `a &amp; b`.
 */
function searchTerm(subject: string): string {
  const longest = subject.split(/[&<>"']/).reduce((a, b) => (b.trim().length > a.length ? b.trim() : a), '');
  return longest || subject;
}

/** Subjects as people see them: the provider may store entities (&amp;) and collapse spaces. */
function normalizeSubject(subject: string): string {
  return decodeHTML(subject).replace(/\s+/g, ' ').trim();
}

function sentAt(row: EntryRow): number {
  return row.sent_at ?? row.created_at;
}

function review(reason: string): Verdict {
  return { verdict: 'review', reason };
}

function ids(records: readonly { id: number }[]): string {
  return records.map((r) => `#${r.id}`).join(', ');
}

function shortlyBefore(what: string, records: readonly { id: number }[]): string {
  return `a matching ${what} (${ids(records)}) is dated shortly before it was sent; if the provider's clock is in another time zone than configured, it may be this one`;
}
