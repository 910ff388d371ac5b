/**
 * The product catalogue: get-products, get-filtered-products, get-product-addons, get-product-configoptions.
 *
 * The spec shows neither their parameters nor their reply envelope. Decisions, after the upstream GetProducts
 * example:
 * - get-products takes optional `pid` (one id or a comma-separated list) and `gid`; get-filtered-products takes
 *   the same but needs at least one of them. Both reply `{result, totalresults, products: {product: [...]}}`
 *   with pid, gid, type, name, description, paytype, pricing (an object by currency code, as upstream) and
 *   customfields.customfield[] {id, name}: the ids add-order's customfields are keyed by. An unknown pid or
 *   gid gives an empty list.
 * - get-product-addons: `{result, pid, totalresults, addons: {addon: [{id, name, description, billingcycle,
 *   pricing}]}}`. get-product-configoptions: `{result, pid, totalresults, configoptions: {configoption: [{id,
 *   name, type, options: {option: [{id, name, pricing}]}}]}}`, each choice priced per cycle as products are (an
 *   object by currency code of each cycle's price and setup fee, as upstream). Both need a known pid.
 * - Catalogue ids and totalresults are JSON numbers (the spec types catalogue pid and gid as integers, and the
 *   upstream example uses numbers); prices are two-decimal strings. No paging: the catalogue is small.
 */
import type { Database } from 'better-sqlite3';
import { Rejection, type Operation, type Params } from '../operation.js';
import { optionalInt, optionalString, parseInteger, requiredInt } from '../params.js';
import { nest } from '../reply.js';
import { Conditions, sql } from './sql.js';

interface ProductRow {
  pid: number;
  gid: number;
  type: string;
  name: string;
  description: string;
  paytype: string;
  pricing: string;
}

function productIds(params: Params): number[] | undefined {
  const raw = optionalString(params, 'pid');
  return raw?.split(',').map((id) => parseInteger('pid', id));
}

function listProducts(db: Database, params: Params, requireFilter: boolean) {
  const pids = productIds(params);
  const gid = optionalInt(params, 'gid');
  if (requireFilter && pids === undefined && gid === undefined) throw new Rejection('Product ID or Group ID Required');
  const conditions = new Conditions().addIf(gid, 'gid = ?');
  if (pids) conditions.add(`pid IN (${pids.map(() => '?').join(',')})`, ...pids);
  const rows = db
    .prepare(`SELECT pid, gid, type, name, description, paytype, pricing FROM products ${conditions.where} ORDER BY pid`)
    .all(...conditions.bound) as ProductRow[];
  const customFields = sql(db, 'SELECT id, name FROM product_customfields WHERE pid = ? ORDER BY id');
  const products = rows.map((row) => ({
    ...row,
    pricing: JSON.parse(row.pricing) as unknown,
    customfields: { customfield: customFields.all(row.pid) as { id: number; name: string }[] },
  }));
  return { json: { result: 'success', totalresults: products.length, ...nest('products', 'product', products) } };
}

/** The pid parameter of the add-on and option listings, which must name a catalogue product. */
function knownProduct(db: Database, params: Params): number {
  const pid = requiredInt(params, 'pid', 'Product ID Required');
  if (!sql(db, 'SELECT 1 FROM products WHERE pid = ?').get(pid)) throw new Rejection('Product ID Not Found');
  return pid;
}

export const getProducts: Operation = {
  name: 'get-products',
  host: 'base',
  handle: (ctx, params) => listProducts(ctx.db, params, false),
};

export const getFilteredProducts: Operation = {
  name: 'get-filtered-products',
  host: 'base',
  handle: (ctx, params) => listProducts(ctx.db, params, true),
};

export const getProductAddons: Operation = {
  name: 'get-product-addons',
  host: 'base',
  handle(ctx, params) {
    const pid = knownProduct(ctx.db, params);
    const rows = sql(
      ctx.db,
      `SELECT a.id, a.name, a.description, a.billingcycle, a.pricing
       FROM addons a JOIN addon_products ap ON ap.addonid = a.id WHERE ap.pid = ? ORDER BY a.id`,
    ).all(pid) as { id: number; name: string; description: string; billingcycle: string; pricing: string }[];
    const addons = rows.map((row) => ({ ...row, pricing: JSON.parse(row.pricing) as unknown }));
    return { json: { result: 'success', pid, totalresults: addons.length, ...nest('addons', 'addon', addons) } };
  },
};

export const getProductConfigoptions: Operation = {
  name: 'get-product-configoptions',
  host: 'base',
  handle(ctx, params) {
    const pid = knownProduct(ctx.db, params);
    const options = sql(ctx.db, 'SELECT id, name, type FROM configoptions WHERE pid = ? ORDER BY id').all(pid) as {
      id: number;
      name: string;
      type: string;
    }[];
    const choices = sql(ctx.db, 'SELECT id, name, pricing FROM configoption_choices WHERE configid = ? ORDER BY id');
    const configoptions = options.map((option) => ({
      ...option,
      options: {
        option: (choices.all(option.id) as { id: number; name: string; pricing: string }[]).map((choice) => ({ ...choice, pricing: JSON.parse(choice.pricing) as unknown })),
      },
    }));
    return {
      json: { result: 'success', pid, totalresults: configoptions.length, ...nest('configoptions', 'configoption', configoptions) },
    };
  },
};
