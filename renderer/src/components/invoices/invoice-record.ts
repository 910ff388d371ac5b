/** An invoice made in the app as views receive it: a mirror row or a queued one (its id then a local id). */
import type { Invoice } from '../../../../shared/models';

export type InvoiceRecord = Omit<Invoice, 'id'> & { id: number | string };

/** Whether a record read for the Invoices screen has an invoice's shape (checked, not assumed). */
export function isInvoiceRecord(record: Record<string, unknown> | null): record is Record<string, unknown> & InvoiceRecord {
  return (
    record !== null &&
    (typeof record.id === 'number' || typeof record.id === 'string') &&
    typeof record.status === 'string' &&
    typeof record.notes === 'string' &&
    typeof record.createdAt === 'string' &&
    Array.isArray(record.items)
  );
}
