/**
 * What the reconciliation of every kind shares: verdicts, where the records dated around a send fall, the
 * newest orders, and ticket subjects as people see them (the per-kind rules: mutations/, summed up in
 * reconcile.ts).
 */
import { decodeHTML } from 'entities';
import type { IsoDateTime, Order } from '../../../shared/models.js';
import type { MutationKind } from '../../../shared/outbox/kinds.js';
import type { EntryRow } from './entry-row.js';
import type { Confirmed, OutboxClient } from './send.js';
import { serverTimeMs, ZONE_MARGIN_MS, type ServerTimeOptions } from './server-time.js';

export type Verdict<K extends MutationKind = MutationKind> = ({ verdict: 'done' } & Confirmed<K>) | { verdict: 'resend' } | { verdict: 'review'; reason: string };

export interface ReconcileContext {
  client: OutboxClient;
  /** The entry, as found `sending`: its sent time and precheck (its params are given beside it, secrets left out). */
  row: EntryRow;
  /** Server ids already matched to other entries of the same kind. */
  claimed: ReadonlySet<number>;
  time: ServerTimeOptions;
}

export const PAGE = 100;
export const RESEND = { verdict: 'resend' } as const satisfies Verdict;

/** For idempotent kinds: sending again does no harm. */
export const resendAlways = (): Promise<typeof RESEND> => Promise.resolve(RESEND);

/**
 * Records dated from the send on (allowing for clock skew), and those dated up to ZONE_MARGIN_MS before:
 * too early to be ours if the provider's zone is configured right, too close to rule out if it is not.
 */
export function splitBySendTime<T>(records: readonly T[], dateOf: (record: T) => IsoDateTime | null, row: EntryRow, time: ServerTimeOptions) {
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
export async function newestOrders(client: OutboxClient, since: number, time: ServerTimeOptions): Promise<Order[]> {
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
export function searchTerm(subject: string): string {
  const longest = subject.split(/[&<>"']/).reduce((a, b) => (b.trim().length > a.length ? b.trim() : a), '');
  return longest || subject;
}

/** Subjects as people see them: the provider may store entities (&amp;) and collapse spaces. */
export function normalizeSubject(subject: string): string {
  return decodeHTML(subject).replace(/\s+/g, ' ').trim();
}

export function sentAt(row: EntryRow): number {
  return row.sent_at ?? row.created_at;
}

export function review(reason: string): { verdict: 'review'; reason: string } {
  return { verdict: 'review', reason };
}

export function ids(records: readonly { id: number }[]): string {
  return records.map((r) => `#${r.id}`).join(', ');
}

export function shortlyBefore(what: string, records: readonly { id: number }[]): string {
  return `a matching ${what} (${ids(records)}) is dated shortly before it was sent; if the provider's clock is in another time zone than configured, it may be this one`;
}
