/** The invoice form's draft, and the create-invoice params and live totals made from it. */
import { totalCents } from '../../../../shared/invoice-total';
import { toCents } from '../../../../shared/money';
import type { MutationInput } from '../../../../shared/outbox/schemas';

export type InvoiceLine = {
  description: string;
  amount: string;
  taxed: boolean;
};

export type InvoiceDraft = {
  status: 'Unpaid' | 'Paid' | 'Draft';
  date: string;
  duedate: string;
  taxrate: string;
  notes: string;
  items: InvoiceLine[];
};

export const blankLine = (): InvoiceLine => ({ description: '', amount: '', taxed: false });

/** Today and a due date two weeks on, in the person's calendar (YYYY-mm-dd, what a date input holds). */
export function invoiceDraft(today = new Date()): InvoiceDraft {
  const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const due = new Date(today);
  due.setDate(due.getDate() + 14);
  return { status: 'Unpaid', date: day(today), duedate: day(due), taxrate: '', notes: '', items: [blankLine()] };
}

/** Lines left wholly empty are not sent; a tax rate is sent as a number when given. */
export function invoiceParams(draft: InvoiceDraft): MutationInput<'create-invoice'> & { items: { amount: string; taxed?: boolean }[] } {
  const items = draft.items
    .filter((line) => line.description.trim() !== '' || line.amount.trim() !== '')
    .map((line) => ({ description: line.description, amount: line.amount.trim(), ...(line.taxed ? { taxed: true } : {}) }));
  const rate = draft.taxrate.trim();
  return {
    ...(draft.status === 'Draft' ? { draft: true } : { status: draft.status }),
    ...(draft.date ? { date: draft.date } : {}),
    ...(draft.duedate ? { duedate: draft.duedate } : {}),
    ...(rate ? { taxrate: Number(rate.replace(',', '.')) } : {}),
    ...(draft.notes.trim() ? { notes: draft.notes } : {}),
    items,
  };
}

/** Subtotal, tax and total in cents, or null while an amount or the rate is not a number yet. */
export function invoiceTotals(draft: InvoiceDraft): { subtotal: number; tax: number; total: number } | null {
  const params = invoiceParams(draft);
  try {
    if (params.taxrate !== undefined && !Number.isFinite(params.taxrate)) return null;
    const subtotal = params.items.reduce((sum, item) => sum + toCents(item.amount || 0), 0);
    const total = totalCents({ items: params.items.map((i) => ({ ...i, amount: i.amount || 0 })), taxrate: params.taxrate });
    return { subtotal, tax: total - subtotal, total };
  } catch {
    return null;
  }
}
