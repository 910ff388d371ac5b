/**
 * The invoice form's draft, read in the person's number format (shared/typed-number.ts): the create-invoice
 * params, what cannot be read and why, the live totals, and whether its rates tax no line.
 */
import { invoiceParts, type InvoiceParts } from '../../../../shared/invoice-total';
import type { INVOICE_STATUSES, MutationInput } from '../../../../shared/outbox/schemas';
import { readAmount, readRate, type Separators, type TypedNumberProblem } from '../../../../shared/typed-number';

export type InvoiceLine = {
  description: string;
  amount: string;
  /** Ticked or not by the person; null (or absent, in an older draft) follows the rates: taxed while one is set. */
  taxed?: boolean | null;
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

export const blankLine = (): InvoiceLine => ({ description: '', amount: '', taxed: null });

/** Today and a due date two weeks on, in the person's calendar (YYYY-mm-dd, what a date input holds). */
export function invoiceDraft(today = new Date()): InvoiceDraft {
  const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const due = new Date(today);
  due.setDate(due.getDate() + 14);
  return { status: 'Unpaid', date: day(today), duedate: day(due), taxrate: '', taxrate2: '', notes: '', items: [blankLine()] };
}

/** Whether a line is taxed: as ticked, else whenever a rate is typed. */
export function lineTaxed(draft: InvoiceDraft, line: InvoiceLine): boolean {
  return line.taxed ?? (draft.taxrate.trim() !== '' || draft.taxrate2.trim() !== '');
}

export interface InvoiceReading {
  params: MutationInput<'create-invoice'> & { items: { description: string; amount: string; taxed?: boolean }[] };
  /** What cannot be read, by field (`taxrate`, `items[1].amount`). */
  problems: Record<string, TypedNumberProblem>;
}

/** Lines left wholly empty are not sent; amounts go as the wire writes them, a rate as a number when given. */
export function readInvoice(draft: InvoiceDraft, separators: Separators): InvoiceReading {
  const problems: Record<string, TypedNumberProblem> = {};
  const rate = (field: 'taxrate' | 'taxrate2') => {
    if (draft[field].trim() === '') return undefined;
    const read = readRate(draft[field], separators);
    if (read.ok) return read.value;
    problems[field] = read.problem;
    return undefined;
  };
  const taxrate = rate('taxrate');
  const taxrate2 = rate('taxrate2');
  const items = draft.items.flatMap((line, index) => {
    if (line.description.trim() === '' && line.amount.trim() === '') return [];
    const read = line.amount.trim() === '' ? null : readAmount(line.amount, separators);
    if (read && !read.ok) problems[`items[${index}].amount`] = read.problem;
    const amount = read?.ok ? read.value : line.amount.trim();
    return [{ description: line.description, amount, ...(lineTaxed(draft, line) ? { taxed: true } : {}) }];
  });
  const params = {
    ...(draft.status === 'Draft' ? { draft: true } : { status: draft.status }),
    ...(draft.date ? { date: draft.date } : {}),
    ...(draft.duedate ? { duedate: draft.duedate } : {}),
    ...(taxrate === undefined ? {} : { taxrate }),
    ...(taxrate2 === undefined ? {} : { taxrate2 }),
    ...(draft.notes.trim() ? { notes: draft.notes } : {}),
    items,
  };
  return { params, problems };
}

/** Subtotal, each tax and total in cents (an amount not typed yet counts as 0), or null while something cannot be read. */
export function invoiceTotals(reading: InvoiceReading): InvoiceParts | null {
  if (Object.keys(reading.problems).length > 0) return null;
  return invoiceParts({ ...reading.params, items: reading.params.items.map((i) => ({ ...i, amount: i.amount || 0 })) });
}

/** The rates that are set although no line is taxed: the invoice would carry none of their tax. */
export function ratesTaxingNothing(reading: InvoiceReading): number[] {
  const { taxrate, taxrate2, items } = reading.params;
  if (items.length === 0 || items.some((item) => item.taxed)) return [];
  return [taxrate, taxrate2].filter((rate): rate is number => rate !== undefined && rate > 0);
}
