/** An invoice's total as the provider computes it, shared by the engine (to recognise a lost create) and the form. */
import { toCents } from './money.js';

export interface InvoiceAmounts {
  items?: readonly { amount: string | number; taxed?: boolean }[];
  taxrate?: number;
  taxrate2?: number;
}

/** Items plus tax on the taxed ones at the given rates, each tax rounded to cents half away from zero. */
export function totalCents(params: InvoiceAmounts): number {
  const items = params.items ?? [];
  const subtotal = items.reduce((sum, item) => sum + toCents(item.amount), 0);
  const taxable = items.filter((item) => item.taxed).reduce((sum, item) => sum + toCents(item.amount), 0);
  const tax = (rate: number | undefined) => Math.sign(taxable) * Math.round((Math.abs(taxable) * (rate ?? 0)) / 100);
  return subtotal + tax(params.taxrate) + tax(params.taxrate2);
}
