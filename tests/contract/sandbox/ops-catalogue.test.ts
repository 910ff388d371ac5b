/** The catalogue operations over real HTTP: get-products, get-filtered-products, get-product-addons, get-product-configoptions. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMOUNT, ok, op, openSession, rejection, type Session } from './ops.js';

let s: Session;
beforeAll(async () => {
  s = await openSession();
});
afterAll(() => s.sb.stop());

const PRODUCT_FIELDS = ['pid', 'gid', 'type', 'name', 'description', 'paytype', 'pricing', 'customfields'];

function storedPids(where = '', ...args: unknown[]): number[] {
  return (s.sb.db.prepare(`SELECT pid FROM products ${where} ORDER BY pid`).all(...args) as { pid: number }[]).map((r) => r.pid);
}

describe('get-products', () => {
  it('lists the whole catalogue nested as products.product[], with numeric pid/gid and pricing by currency', async () => {
    const json = await ok(op(s, 'get-products'));
    const products = json.products.product as any[];
    expect(json.totalresults).toBe(products.length);
    expect(products.map((p) => p.pid)).toEqual(storedPids());
    for (const p of products) {
      expect(Object.keys(p).sort()).toEqual([...PRODUCT_FIELDS].sort());
      expect(Number.isInteger(p.pid)).toBe(true);
      expect(Number.isInteger(p.gid)).toBe(true);
      expect(typeof p.name).toBe('string');
      expect(typeof p.description).toBe('string');
      expect(p.pricing.USD.prefix).toBe('$');
      expect(p.pricing.USD.monthly).toMatch(AMOUNT);
      expect(p.customfields.customfield).toEqual(s.sb.db.prepare('SELECT id, name FROM product_customfields WHERE pid = ? ORDER BY id').all(p.pid));
    }
    expect(products.some((p) => p.customfields.customfield.length > 0)).toBe(true);
    expect(products.some((p) => p.description === '')).toBe(true);
  });

  it('filters by pid (one or a comma-separated list) and by gid', async () => {
    const one = await ok(op(s, 'get-products', { pid: 3 }));
    expect(one.products.product.map((p: any) => p.pid)).toEqual([3]);
    const several = await ok(op(s, 'get-products', { pid: '2,5,7' }));
    expect(several.products.product.map((p: any) => p.pid)).toEqual([2, 5, 7]);
    const group = await ok(op(s, 'get-products', { gid: 1 }));
    expect(group.products.product.map((p: any) => p.pid)).toEqual(storedPids('WHERE gid = ?', 1));
    expect(group.products.product.every((p: any) => p.gid === 1)).toBe(true);
    const none = await ok(op(s, 'get-products', { pid: 9999 }));
    expect(none.products.product).toEqual([]);
    expect(none.totalresults).toBe(0);
  });

  it('rejects a malformed pid list', async () => {
    expect(await rejection(op(s, 'get-products', { pid: '1,x' }))).toMatch(/pid/);
  });
});

describe('get-filtered-products', () => {
  it('needs pid or gid', async () => {
    expect(await rejection(op(s, 'get-filtered-products'))).toBe('Product ID or Group ID Required');
    // Sent empty is not given.
    expect(await rejection(op(s, 'get-filtered-products', { pid: '', gid: '' }))).toBe('Product ID or Group ID Required');
  });

  it('refuses a pid or gid that is not a whole number, naming it', async () => {
    expect(await rejection(op(s, 'get-filtered-products', { gid: 'two' }))).toMatch(/gid/);
    expect(await rejection(op(s, 'get-filtered-products', { pid: '4,x' }))).toMatch(/pid/);
  });

  it("lists a group's products as the provider holds them now", async () => {
    const gid = (s.sb.db.prepare('SELECT gid FROM products GROUP BY gid HAVING COUNT(*) > 1 LIMIT 1').get() as { gid: number }).gid;
    const listed = async () => (await ok(op(s, 'get-filtered-products', { gid }))).products.product as { pid: number; pricing: any }[];
    expect((await listed()).map((p) => p.pid)).toEqual(storedPids('WHERE gid = ?', gid));
    const pid = storedPids('WHERE gid = ?', gid)[0]!;
    const pricing = JSON.parse((s.sb.db.prepare('SELECT pricing FROM products WHERE pid = ?').get(pid) as { pricing: string }).pricing);
    s.sb.db.prepare('UPDATE products SET pricing = ? WHERE pid = ?').run(JSON.stringify({ USD: { ...pricing.USD, monthly: '77.70' } }), pid);
    expect((await listed()).find((p) => p.pid === pid)!.pricing.USD.monthly).toBe('77.70');
  });

  it('answers like get-products for the same filter', async () => {
    for (const fields of [{ pid: 4 }, { gid: 3 }] as Record<string, number>[]) {
      const filtered = await ok(op(s, 'get-filtered-products', fields));
      const plain = await ok(op(s, 'get-products', fields));
      expect(filtered).toEqual(plain);
      expect(filtered.products.product.length).toBeGreaterThan(0);
    }
  });
});

describe('get-product-addons', () => {
  it('lists the add-ons that apply to the product, nested as addons.addon[]', async () => {
    const pid = (s.sb.db.prepare('SELECT pid FROM addon_products GROUP BY pid ORDER BY COUNT(*) DESC LIMIT 1').get() as { pid: number }).pid;
    const json = await ok(op(s, 'get-product-addons', { pid }));
    const expected = (s.sb.db.prepare('SELECT addonid FROM addon_products WHERE pid = ? ORDER BY addonid').all(pid) as any[]).map((r) => r.addonid);
    expect(json.pid).toBe(pid);
    expect(json.totalresults).toBe(expected.length);
    const addons = json.addons.addon as any[];
    expect(addons.map((a) => a.id)).toEqual(expected);
    for (const a of addons) {
      expect(Object.keys(a).sort()).toEqual(['billingcycle', 'description', 'id', 'name', 'pricing']);
      expect(typeof a.billingcycle).toBe('string');
      expect(Object.values(a.pricing.USD).length).toBeGreaterThan(2);
    }
  });

  it('gives an empty list for a product without add-ons', async () => {
    const pid = (s.sb.db.prepare('SELECT pid FROM products WHERE pid NOT IN (SELECT pid FROM addon_products) LIMIT 1').get() as { pid: number }).pid;
    const json = await ok(op(s, 'get-product-addons', { pid }));
    expect(json.addons.addon).toEqual([]);
    expect(json.totalresults).toBe(0);
  });

  it('needs a known pid', async () => {
    expect(await rejection(op(s, 'get-product-addons'))).toBe('Product ID Required');
    expect(await rejection(op(s, 'get-product-addons', { pid: 9999 }))).toBe('Product ID Not Found');
    expect(await rejection(op(s, 'get-product-addons', { pid: 'one' }))).toMatch(/pid/);
  });
});

describe('get-product-configoptions', () => {
  it('lists the options with their choices as configoptions.configoption[].options.option[]', async () => {
    const pid = (s.sb.db.prepare('SELECT pid FROM configoptions GROUP BY pid ORDER BY COUNT(*) DESC LIMIT 1').get() as { pid: number }).pid;
    const json = await ok(op(s, 'get-product-configoptions', { pid }));
    const stored = s.sb.db.prepare('SELECT id, name, type FROM configoptions WHERE pid = ? ORDER BY id').all(pid) as any[];
    expect(json.pid).toBe(pid);
    expect(json.totalresults).toBe(stored.length);
    const options = json.configoptions.configoption as any[];
    expect(options.map(({ id, name, type }) => ({ id, name, type }))).toEqual(stored);
    for (const option of options) {
      const choices = s.sb.db.prepare('SELECT id, name, pricing FROM configoption_choices WHERE configid = ? ORDER BY id').all(option.id) as any[];
      expect(option.options.option).toEqual(choices.map((c) => ({ ...c, pricing: JSON.parse(c.pricing) })));
      expect(option.options.option.length).toBeGreaterThan(0);
      // Priced per cycle, as upstream: each cycle's price and setup fee, by currency.
      for (const choice of option.options.option) {
        for (const key of ['monthly', 'quarterly', 'semiannually', 'annually', 'biennially', 'triennially', 'msetupfee', 'asetupfee']) expect(choice.pricing.USD[key]).toMatch(AMOUNT);
      }
    }
  });

  it('needs a known pid', async () => {
    expect(await rejection(op(s, 'get-product-configoptions'))).toBe('Product ID Required');
    expect(await rejection(op(s, 'get-product-configoptions', { pid: 424242 }))).toBe('Product ID Not Found');
  });
});
