/**
 * Reply shape helpers: flattened bracket keys, nested lists, paging counters, money and date text.
 *
 * The spec says the paging counters "appear as numbers in some responses and strings in others". Each
 * operation's choice is fixed here (S = JSON string, N = JSON number), following the upstream examples where
 * one exists:
 *
 * | operation               | totalresults | startnumber | numreturned |
 * |-------------------------|--------------|-------------|-------------|
 * | get-clients-products    | S            | N           | N           |
 * | get-transactions        | N            | N           | N           |
 * | get-clients-domains     | S            | S           | S           |
 * | get-orders              | N            | N           | N           |
 * | get-contacts            | S            | S           | S           |
 * | get-announcements       | S            | S           | S           |
 * | get-tickets             | S            | N           | N           |
 * | get-support-departments | N            | (none)      | (none)      |
 * | catalogue operations    | N            | (none)      | (none)      |
 */
import type { SandboxOptions } from '../options.js';
import { formatCents } from '../store/money.js';
import { Rejection, type Params } from './operation.js';
import { optionalInt } from './params.js';

type CounterType = 'S' | 'N';
export interface CounterStyle {
  totalresults: CounterType;
  startnumber: CounterType;
  numreturned: CounterType;
}

export const COUNTERS = {
  'get-clients-products': { totalresults: 'S', startnumber: 'N', numreturned: 'N' },
  'get-transactions': { totalresults: 'N', startnumber: 'N', numreturned: 'N' },
  'get-clients-domains': { totalresults: 'S', startnumber: 'S', numreturned: 'S' },
  'get-orders': { totalresults: 'N', startnumber: 'N', numreturned: 'N' },
  'get-contacts': { totalresults: 'S', startnumber: 'S', numreturned: 'S' },
  'get-announcements': { totalresults: 'S', startnumber: 'S', numreturned: 'S' },
  'get-tickets': { totalresults: 'S', startnumber: 'N', numreturned: 'N' },
} as const satisfies Record<string, CounterStyle>;

function counter(type: CounterType, value: number): string | number {
  return type === 'S' ? String(value) : value;
}

export interface Page {
  start: number;
  limit: number;
}

/**
 * limitstart (default 0) and limitnum (default 25) of a paged list. A limitnum above options.maxPageSize is
 * served as maxPageSize rows (the client sees fewer rows than it asked for, with the full totalresults).
 * Negative offsets and a limitnum below 1 are rejected.
 */
export function readPage(params: Params, options: SandboxOptions): Page {
  const start = optionalInt(params, 'limitstart') ?? 0;
  const limitnum = optionalInt(params, 'limitnum') ?? 25;
  if (start < 0) throw new Rejection('Invalid limitstart: must be 0 or more');
  if (limitnum < 1) throw new Rejection('Invalid limitnum: must be 1 or more');
  return { start, limit: Math.min(limitnum, options.maxPageSize) };
}

export function pageCounters(style: CounterStyle, total: number, page: Page, returned: number) {
  return {
    totalresults: counter(style.totalresults, total),
    startnumber: counter(style.startnumber, page.start),
    numreturned: counter(style.numreturned, returned),
  };
}

export type Scalar = string | number | boolean | null;
/** A reply value: scalars, lists and objects of them. */
export type Tree = Scalar | Tree[] | { [key: string]: Tree };

// Indexed loops and for…in rather than entries() lists: a page of domains is some 6,000 keys, and the
// sandbox serves hundreds of pages to every sync the tests and benchmarks run.
function flattenInto(out: Record<string, Tree>, key: string, value: Tree): void {
  if (value === null || typeof value !== 'object') {
    out[key] = value;
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) flattenInto(out, `${key}[${i}]`, value[i]!);
  } else {
    for (const k in value) flattenInto(out, `${key}[${k}]`, value[k]!);
  }
}

/**
 * Rows as bracket keys, added to `out`: flatten('domains[domain]', rows) gives `domains[domain][0][id]`. Nested
 * values keep nesting, so a row's `lineitems: {lineitem: [...]}` becomes `...[0][lineitems][lineitem][0][type]`.
 */
export function flatten(prefix: string, rows: readonly Record<string, Tree>[], out: Record<string, Tree> = {}): Record<string, Tree> {
  for (let i = 0; i < rows.length; i++) flattenInto(out, `${prefix}[${i}]`, rows[i]!);
  return out;
}

/** One record as bracket keys: flattenRecord('client', {id: 1}) gives `client[id]`. */
export function flattenRecord(prefix: string, record: Record<string, Tree>): Record<string, Scalar> {
  const out: Record<string, Scalar> = {};
  for (const k in record) flattenInto(out, `${prefix}[${k}]`, record[k]!);
  return out;
}

/** The nested list shape: nest('products', 'product', rows) gives `{products: {product: rows}}`. */
export function nest<T>(plural: string, singular: string, rows: T[]): Record<string, { [key: string]: T[] }> {
  return { [plural]: { [singular]: rows } };
}

/** A database row with every number turned into its decimal string, as the wire shows ids, flags and counts. */
export function stringifyNumbers<T extends Record<string, unknown>>(row: T): { [K in keyof T]: T[K] extends number ? string : T[K] } {
  const out: Record<string, unknown> = {};
  for (const k in row) {
    const v = row[k];
    out[k] = typeof v === 'number' ? String(v) : v;
  }
  return out as { [K in keyof T]: T[K] extends number ? string : T[K] };
}

// ---- money ----

const AMOUNT = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** Integer cents of an amount typed by a client, with at most two decimals ("12.5" → 1250); else undefined. */
export function parseAmount(text: string): number | undefined {
  const m = AMOUNT.exec(text.trim());
  if (!m) return undefined;
  const value = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -value : value;
}

export interface CurrencyText {
  prefix: string;
  suffix: string;
}

/** "$1,234.50 USD" from 123450 with prefix '$' and suffix ' USD'. */
export function formatCurrency(value: number, currency: CurrencyText): string {
  const [whole, fraction] = formatCents(Math.abs(value)).split('.') as [string, string];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}${currency.prefix}${grouped}.${fraction}${currency.suffix}`;
}

/** Rounds value × rate% to cents, half away from zero; rate has at most a few decimals. */
export function percentOf(value: number, rate: number): number {
  const exact = (value * rate) / 100;
  return Math.sign(exact) * Math.round(Math.abs(exact) + 1e-9);
}

// ---- dates ----

export const NO_DATE = '0000-00-00';
export const NO_DATETIME = '0000-00-00 00:00:00';

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-mm-dd' in UTC. */
function formatDate(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** 'YYYY-mm-dd HH:MM:SS' in UTC. */
export function formatDateTime(d: Date): string {
  return `${formatDate(d)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** True for a real calendar date written 'YYYY-mm-dd'. */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && formatDate(d) === text;
}

/** 'YYYY-mm-dd' moved by whole years (Feb 29 becomes Feb 28 in a common year, as registries do). */
export function addYears(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y + years, m - 1, d));
  if (target.getUTCMonth() !== m - 1) target.setUTCDate(0);
  return formatDate(target);
}
