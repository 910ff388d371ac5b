/** An invoice's total as the provider computes it, shared by the engine (to recognise a lost create) and the form. */
import { toCents } from './money.js';

export interface InvoiceAmounts {
  items?: readonly { amount: string | number; taxed?: boolean }[];
  taxrate?: number;
  taxrate2?: number;
}

/** An invoice's parts in cents: the items' sum, each level of tax and the total. */
export interface InvoiceParts {
  subtotal: number;
  tax: number;
  tax2: number;
  total: number;
}

/** Items plus tax on the taxed ones at the given rates, each tax rounded to cents half away from zero. */
export function invoiceParts(params: InvoiceAmounts): InvoiceParts {
  const items = params.items ?? [];
  const subtotal = items.reduce((sum, item) => sum + toCents(item.amount), 0);
  const taxable = items.filter((item) => item.taxed).reduce((sum, item) => sum + toCents(item.amount), 0);
  const taxAt = (rate: number | undefined) => Math.sign(taxable) * Math.round((Math.abs(taxable) * (rate ?? 0)) / 100);
  const tax = taxAt(params.taxrate);
  const tax2 = taxAt(params.taxrate2);
  return { subtotal, tax, tax2, total: subtotal + tax + tax2 };
}

export function totalCents(params: InvoiceAmounts): number {
  return invoiceParts(params).total;
}
