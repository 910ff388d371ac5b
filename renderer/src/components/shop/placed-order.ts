/**
 * An order the provider confirmed, as a person names it: its number as the Orders list shows it (from the send's
 * result, else from the order's record once synced; never the internal id), its id for the link, and its invoice.
 */
import type { OutboxEntry } from '../../../../shared/outbox/entry';

export interface PlacedOrderRefs {
  orderId: number;
  /** "9862984169"; null until known. */
  number: string | null;
  invoiceId: number | null;
}

export function placedOrderRefs(entry: OutboxEntry | null): PlacedOrderRefs | null {
  if (entry?.kind !== 'add-order' || entry.state !== 'done' || !entry.result) return null;
  const recorded = entry.record?.resource === 'orders' ? entry.record.number : null;
  return { orderId: entry.result.orderId, number: entry.result.orderNum ?? recorded ?? null, invoiceId: entry.result.invoiceId };
}
