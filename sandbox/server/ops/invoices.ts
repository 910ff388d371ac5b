/**
 * create-invoice: a manual invoice for the caller, with line items itemdescription<X> / itemamount<X> /
 * itemtaxed<X> for any positive X, listed in X order.
 *
 * Decisions:
 * - status defaults to Unpaid and must be one of INVOICE_STATUSES; draft=true makes a Draft (with an explicit
 *   status other than Draft it is rejected as contradictory). A Paid invoice gets datepaid = now.
 * - date defaults to today, duedate to the invoice date; both must be real 'YYYY-mm-dd' dates.
 * - taxrate/taxrate2 are percentages in [0, 100], default 0 (the sandbox has no tax rules). Both apply to the
 *   sum of taxed items, not compounded; each tax is rounded to cents half away from zero.
 * - Amounts have at most two decimals (negative ones are credits). Every line item needs a description and
 *   an amount; an item number with only itemtaxed is rejected too. An invoice with no items is allowed.
 * - paymentmethod (optional, as upstream) must name a gateway; default the client's default gateway.
 * - Reply: invoiceid as a JSON number (the spec types it integer) and status.
 */
import { Rejection, type OpContext, type Operation, type Params } from '../operation.js';
import { optionalBool, optionalDecimal, optionalString, parseBoolean } from '../params.js';
import { formatCents } from '../../store/money.js';
import { isCalendarDate, NO_DATETIME, parseAmount, percentOf } from '../reply.js';
import { callerClient, nowDateTime, requireClientId, today } from './caller.js';
import { gatewayName } from './gateways.js';
import { sql } from './sql.js';

const INVOICE_STATUSES = ['Draft', 'Unpaid', 'Paid', 'Cancelled', 'Refunded', 'Collections', 'Payment Pending'];

const ITEM_FIELD = /^item(description|amount|taxed)(\d+)$/;

interface LineItem {
  description: string;
  amountCents: number;
  taxed: boolean;
}

function readLineItems(params: Params): LineItem[] {
  const byNumber = new Map<number, Partial<Record<'description' | 'amount' | 'taxed', string>>>();
  for (const [key, value] of Object.entries(params)) {
    const match = ITEM_FIELD.exec(key);
    if (!match) continue;
    const [, field = '', number = ''] = match;
    if (field !== 'description' && field !== 'amount' && field !== 'taxed') continue;
    if (!/^[1-9]\d*$/.test(number)) throw new Rejection(`Invalid ${key}: the item number must be a positive integer`);
    if (typeof value !== 'string') throw new Rejection(`Invalid ${key}: expected a single value`);
    const item = byNumber.get(Number(number)) ?? {};
    item[field] = value;
    byNumber.set(Number(number), item);
  }
  return [...byNumber.entries()]
    .sort(([a], [b]) => a - b)
    .map(([n, item]) => {
      if (item.description === undefined || item.description.trim() === '') {
        throw new Rejection(`Line item ${n} has no description (itemdescription${n})`);
      }
      if (item.amount === undefined || item.amount.trim() === '') throw new Rejection(`Line item ${n} has no amount (itemamount${n})`);
      const amountCents = parseAmount(item.amount);
      if (amountCents === undefined) {
        throw new Rejection(`Invalid itemamount${n}: expected an amount with at most two decimals, got "${item.amount}"`);
      }
      const taxed = item.taxed === undefined || item.taxed === '' ? false : parseBoolean(`itemtaxed${n}`, item.taxed);
      return { description: item.description, amountCents, taxed };
    });
}

function readStatus(params: Params): string {
  const draft = optionalBool(params, 'draft') ?? false;
  const raw = optionalString(params, 'status');
  const status = raw === undefined ? undefined : INVOICE_STATUSES.find((s) => s.toLowerCase() === raw.trim().toLowerCase());
  if (raw !== undefined && status === undefined) {
    throw new Rejection(`Invalid Status: ${raw} (expected one of ${INVOICE_STATUSES.join(', ')})`);
  }
  if (draft && status !== undefined && status !== 'Draft') throw new Rejection(`draft=true contradicts status ${status}`);
  return draft ? 'Draft' : (status ?? 'Unpaid');
}

function readRate(params: Params, name: string): number {
  const rate = optionalDecimal(params, name) ?? 0;
  if (rate < 0 || rate > 100) throw new Rejection(`Invalid ${name}: must be between 0 and 100`);
  return rate;
}

/** A rate as stored: two decimals at least ('19.00', '8.875'). */
function formatRate(rate: number): string {
  return rate.toFixed(Math.max(2, (String(rate).split('.')[1] ?? '').length));
}

function readDate(params: Params, name: string, fallback: string): string {
  const value = optionalString(params, name)?.trim() ?? fallback;
  if (!isCalendarDate(value)) throw new Rejection(`Invalid ${name}: expected a date YYYY-mm-dd, got "${value}"`);
  return value;
}

function readPaymentMethod(ctx: OpContext, params: Params): string {
  const method = optionalString(params, 'paymentmethod') ?? callerClient(ctx).defaultgateway;
  if (gatewayName(method) === undefined) throw new Rejection('Invalid Payment Method');
  return method;
}

export const createInvoice: Operation = {
  name: 'create-invoice',
  host: 'base',
  handle(ctx, params) {
    requireClientId(ctx, params, 'userid');
    const status = readStatus(params);
    const taxrate = readRate(params, 'taxrate');
    const taxrate2 = readRate(params, 'taxrate2');
    const date = readDate(params, 'date', today(ctx));
    const duedate = readDate(params, 'duedate', date);
    const paymentmethod = readPaymentMethod(ctx, params);
    const notes = optionalString(params, 'notes') ?? '';
    const items = readLineItems(params);

    const subtotal = items.reduce((sum, item) => sum + item.amountCents, 0);
    const taxable = items.filter((item) => item.taxed).reduce((sum, item) => sum + item.amountCents, 0);
    const tax = percentOf(taxable, taxrate);
    const tax2 = percentOf(taxable, taxrate2);
    const invoiceid = ctx.db.transaction(() => {
      const result = sql(
        ctx.db,
        `INSERT INTO invoices (userid, date, duedate, datepaid, status, subtotal, taxrate, taxrate2, tax, tax2, total,
           paymentmethod, notes)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        ctx.userid, date, duedate, status === 'Paid' ? nowDateTime(ctx) : NO_DATETIME, status,
        formatCents(subtotal), formatRate(taxrate), formatRate(taxrate2), formatCents(tax), formatCents(tax2),
        formatCents(subtotal + tax + tax2), paymentmethod, notes,
      );
      const id = Number(result.lastInsertRowid);
      const insertItem = sql(ctx.db, 'INSERT INTO invoice_items (invoiceid, description, amount, taxed) VALUES (?, ?, ?, ?)');
      for (const item of items) insertItem.run(id, item.description, formatCents(item.amountCents), Number(item.taxed));
      return id;
    })();
    return { json: { result: 'success', invoiceid, status } };
  },
};
