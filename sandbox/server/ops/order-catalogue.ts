/**
 * The catalogue as add-order sees it: products with their price for a billing cycle, configurable option and
 * custom field choices, and add-ons, each validated against the catalogue with a Rejection naming the bad id.
 *
 * Billing cycles are matched ignoring case and punctuation ('semi-annually', 'Semi-Annually', 'semiannually').
 * A product ordered without a cycle gets its shortest offered one; a free product is always 'Free Account'.
 * Configurable option choices and add-ons are priced per cycle, as upstream: a choice at the product's cycle (free
 * products add nothing); an add-on at the product's cycle when it offers it, else at its own.
 */
import type { Database } from 'better-sqlite3';
import { BILLING_CYCLES, FREE_ACCOUNT, type BillingCycle } from '../../store/catalogue.js';
import { parseCents } from '../../store/money.js';
import { Rejection } from '../operation.js';
import { parseBoolean, parseInteger } from '../params.js';
import { sql } from './sql.js';

const letters = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');

export interface OrderableProduct {
  pid: number;
  type: string;
  name: string;
  groupname: string;
  paytype: string;
  /** The pricing entry of the client's currency: cycle keys and setup fees → two-decimal strings. */
  prices: Record<string, string>;
}

function pricesIn(pricingJson: string, currencyCode: string, what: string): Record<string, string> {
  const prices = (JSON.parse(pricingJson) as Record<string, Record<string, string>>)[currencyCode];
  if (!prices) throw new Rejection(`${what} has no ${currencyCode} pricing`);
  return prices;
}

export function orderableProduct(db: Database, pid: number, currencyCode: string): OrderableProduct {
  const row = sql(
    db,
    `SELECT p.pid, p.type, p.name, g.name AS groupname, p.paytype, p.pricing
     FROM products p JOIN product_groups g ON g.id = p.gid WHERE p.pid = ?`,
  ).get(pid) as (Omit<OrderableProduct, 'prices'> & { pricing: string }) | undefined;
  if (!row) throw new Rejection(`Invalid Product ID: ${pid}`);
  const { pricing, ...product } = row;
  return { ...product, prices: pricesIn(pricing, currencyCode, `Product ${pid}`) };
}

export interface CyclePrice {
  /** The cycle, null for a free product. */
  cycle: BillingCycle | null;
  /** As services show it: 'Monthly', 'Free Account'. */
  cycleName: string;
  recurringCents: number;
  setupCents: number;
}

const offered = (product: OrderableProduct, cycle: BillingCycle) => parseCents(product.prices[cycle.key] ?? '-1.00') >= 0;

export function productCyclePrice(product: OrderableProduct, requested: string | undefined): CyclePrice {
  if (product.paytype === 'free') {
    if (requested !== undefined && !['free', letters(FREE_ACCOUNT)].includes(letters(requested))) {
      throw new Rejection(`Invalid Billing Cycle: product ${product.pid} is free (billing cycle "${FREE_ACCOUNT}")`);
    }
    return { cycle: null, cycleName: FREE_ACCOUNT, recurringCents: 0, setupCents: 0 };
  }
  const cycle =
    requested === undefined
      ? BILLING_CYCLES.find((c) => offered(product, c))
      : BILLING_CYCLES.find((c) => c.key === letters(requested));
  if (!cycle) throw new Rejection(`Invalid Billing Cycle: ${requested ?? '(none offered)'}`);
  if (!offered(product, cycle)) throw new Rejection(`Invalid Billing Cycle: ${cycle.name} is not offered for product ${product.pid}`);
  return {
    cycle,
    cycleName: cycle.name,
    recurringCents: parseCents(product.prices[cycle.key]!),
    setupCents: parseCents(product.prices[`${cycle.setupKey}setupfee`] ?? '0.00'),
  };
}

export interface ChosenOption {
  id: number;
  option: string;
  type: string;
  /** As services show it: the choice name, '1'/'0' for yes/no, the quantity. */
  value: string;
  /** Over the product's cycle: the recurring price and the setup fee. */
  cents: number;
  setupCents: number;
}

interface OptionRow {
  id: number;
  name: string;
  type: string;
}

interface ChoiceRow {
  id: number;
  name: string;
  pricing: string;
}

/** A choice's price and setup fee over a cycle, times a count; nothing for a free product or a cycle it does not price. */
function choiceCents(choice: ChoiceRow | undefined, cycle: BillingCycle | null, currencyCode: string, times: number) {
  if (!choice || !cycle || times === 0) return { cents: 0, setupCents: 0 };
  const prices = pricesIn(choice.pricing, currencyCode, `Configurable option choice ${choice.id}`);
  return {
    cents: times * Math.max(0, parseCents(prices[cycle.key] ?? '0.00')),
    setupCents: times * Math.max(0, parseCents(prices[`${cycle.setupKey}setupfee`] ?? '0.00')),
  };
}

/**
 * Configurable options chosen for a product: {configoption id → value}. The value is a choice id for dropdown
 * and radio options, a boolean (or the choice id, meaning yes) for yes/no, a whole quantity for quantity ones.
 * Each is priced at the product's cycle.
 */
export function chosenOptions(db: Database, pid: number, chosen: Map<string, string>, cycle: BillingCycle | null, currencyCode: string): ChosenOption[] {
  return [...chosen].map(([key, value]) => {
    const configid = parseInteger('configoptions id', key);
    const option = sql(db, 'SELECT id, name, type FROM configoptions WHERE id = ? AND pid = ?').get(configid, pid) as OptionRow | undefined;
    if (!option) throw new Rejection(`Invalid Configurable Option ID: ${configid} for product ${pid}`);
    const choices = sql(db, 'SELECT id, name, pricing FROM configoption_choices WHERE configid = ? ORDER BY id').all(configid) as ChoiceRow[];
    const base = { id: option.id, option: option.name, type: option.type };
    const bad = () => new Rejection(`Invalid value "${value}" for configurable option ${configid}`);
    if (option.type === 'quantity') {
      const quantity = parseInteger(`configoptions[${configid}]`, value);
      if (quantity < 0) throw bad();
      return { ...base, value: String(quantity), ...choiceCents(choices[0], cycle, currencyCode, quantity) };
    }
    if (option.type === 'yesno') {
      const yes = choices.some((c) => String(c.id) === value) || parseBoolean(`configoptions[${configid}]`, value);
      return { ...base, value: yes ? '1' : '0', ...choiceCents(choices[0], cycle, currencyCode, yes ? 1 : 0) };
    }
    const choice = choices.find((c) => String(c.id) === value.trim());
    if (!choice) throw bad();
    return { ...base, value: choice.name, ...choiceCents(choice, cycle, currencyCode, 1) };
  });
}

/** Custom field values for a product, {field id → value}, with the field names the catalogue gives them. */
export function chosenCustomFields(db: Database, pid: number, values: Map<string, string>) {
  return [...values].map(([key, value]) => {
    const id = parseInteger('customfields id', key);
    const field = sql(db, 'SELECT id, name FROM product_customfields WHERE id = ? AND pid = ?').get(id, pid) as
      | { id: number; name: string }
      | undefined;
    if (!field) throw new Rejection(`Invalid Custom Field ID: ${id} for product ${pid}`);
    return { id: field.id, name: field.name, value };
  });
}

export interface OrderableAddon {
  id: number;
  name: string;
  billingcycle: string;
  priceCents: number;
  setupCents: number;
}

/**
 * A catalogue add-on that applies to product pid, priced at `cycle` (the product's, when ordered with it) if it
 * offers that cycle, else at its own.
 */
export function orderableAddon(db: Database, addonid: number, pid: number, currencyCode: string, cycle: BillingCycle | null = null): OrderableAddon {
  const row = sql(
    db,
    `SELECT a.id, a.name, a.billingcycle, a.pricing FROM addons a JOIN addon_products ap ON ap.addonid = a.id
     WHERE a.id = ? AND ap.pid = ?`,
  ).get(addonid, pid) as { id: number; name: string; billingcycle: string; pricing: string } | undefined;
  if (!row) throw new Rejection(`Invalid Addon ID: ${addonid} for product ${pid}`);
  const prices = pricesIn(row.pricing, currencyCode, `Addon ${addonid}`);
  const offers = (c: BillingCycle) => parseCents(prices[c.key] ?? '-1.00') >= 0;
  const billed = cycle && offers(cycle) ? cycle : BILLING_CYCLES.find((c) => c.name === row.billingcycle);
  return {
    id: row.id,
    name: row.name,
    billingcycle: billed?.name ?? row.billingcycle,
    priceCents: billed ? Math.max(0, parseCents(prices[billed.key] ?? '0.00')) : 0,
    setupCents: billed ? parseCents(prices[`${billed.setupKey}setupfee`] ?? '0.00') : 0,
  };
}
