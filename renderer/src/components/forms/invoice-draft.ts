/** The invoice form's draft, and the create-invoice params and live totals made from it. */
import { invoiceParts, type InvoiceParts } from '../../../../shared/invoice-total';
import type { INVOICE_STATUSES, MutationInput } from '../../../../shared/outbox/schemas';

export type InvoiceLine = {
  description: string;
  amount: string;
  taxed: boolean;
};

export type InvoiceDraft = {
  status: (typeof INVOICE_STATUSES)[number];
  date: string;
  duedate: string;
  taxrate: string;
  taxrate2: string;
  notes: string;
  items: InvoiceLine[];
};

export const blankLine = (): InvoiceLine => ({ description: '', amount: '', taxed: false });

/** Today and a due date two weeks on, in the person's calendar (YYYY-mm-dd, what a date input holds). */
export function invoiceDraft(today = new Date()): InvoiceDraft {
  const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const due = new Date(today);
  due.setDate(due.getDate() + 14);
  return { status: 'Unpaid', date: day(today), duedate: day(due), taxrate: '', taxrate2: '', notes: '', items: [blankLine()] };
}

/** A rate as typed ("21" or "5,5"), as a number when given. */
function rateOf(typed: string): number | undefined {
  const rate = typed.trim();
  return rate ? Number(rate.replace(',', '.')) : undefined;
}

/** Lines left wholly empty are not sent; a tax rate is sent as a number when given. */
export function invoiceParams(draft: InvoiceDraft): MutationInput<'create-invoice'> & { items: { amount: string; taxed?: boolean }[] } {
  const items = draft.items
    .filter((line) => line.description.trim() !== '' || line.amount.trim() !== '')
    .map((line) => ({ description: line.description, amount: line.amount.trim(), ...(line.taxed ? { taxed: true } : {}) }));
  const taxrate = rateOf(draft.taxrate);
  const taxrate2 = rateOf(draft.taxrate2);
  return {
    ...(draft.status === 'Draft' ? { draft: true } : { status: draft.status }),
    ...(draft.date ? { date: draft.date } : {}),
    ...(draft.duedate ? { duedate: draft.duedate } : {}),
    ...(taxrate === undefined ? {} : { taxrate }),
    ...(taxrate2 === undefined ? {} : { taxrate2 }),
    ...(draft.notes.trim() ? { notes: draft.notes } : {}),
    items,
  };
}

/** Subtotal, each tax and total in cents, or null while an amount or a rate is not a number yet. */
export function invoiceTotals(draft: InvoiceDraft): InvoiceParts | null {
  const params = invoiceParams(draft);
  if ([params.taxrate, params.taxrate2].some((rate) => rate !== undefined && !Number.isFinite(rate))) return null;
  try {
    return invoiceParts({ ...params, items: params.items.map((i) => ({ ...i, amount: i.amount || 0 })) });
  } catch {
    return null;
  }
}
