/** Orders over real HTTP: get-orders (flattened, with line items) and add-order with everything it creates. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AMOUNT, base64, DATETIME, expectStringRecord, ok, op, openSession, phpArray, rejection, type Session, unflatten,
} from './ops.js';
import type { Fields } from './http.js';

let s: Session;
beforeAll(async () => {
  s = await openSession();
});
afterAll(() => s.sb.stop());

const ORDER_FIELDS = [
  'id', 'ordernum', 'userid', 'contactid', 'date', 'nameservers', 'transfersecret', 'renewals', 'promocode', 'promotype',
  'promovalue', 'orderdata', 'amount', 'paymentmethod', 'invoiceid', 'status', 'ipaddress', 'fraudmodule',
  'fraudoutput', 'notes', 'paymentmethodname', 'paymentstatus', 'name', 'currencyprefix', 'currencysuffix', 'frauddata',
];
const LINE_ITEM_FIELDS = ['type', 'relid', 'producttype', 'product', 'domain', 'billingcycle', 'amount', 'status'];

const cents = (amount: string) => Math.round(Number(amount.replace(/[^\d.-]/g, '')) * 100);
const usd = (c: number) => `$${(c / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} USD`;
const db = () => s.sb.db;

async function orderById(id: number | string, as: 'demo' | 'other' = 'demo') {
  const json = await ok(op(s, 'get-orders', { id }, { as }));
  return unflatten(json, 'orders[order]')[0];
}

function tldPrice(tld: string, kind: 'register' | 'transfer' | 'renew', years: number): string {
  const row = db().prepare(`SELECT ${kind} AS p FROM tld_pricing WHERE tld = ?`).get(tld) as { p: string };
  return JSON.parse(row.p)[String(years)];
}

function count(table: string): number {
  return (db().prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
}

describe('get-orders', () => {
  it('flattens orders and their line items with string values, the client name and currency text', async () => {
    const json = await ok(op(s, 'get-orders', { limitnum: 100 }));
    const client = db().prepare('SELECT firstname, lastname FROM clients WHERE id = ?').get(s.demoId) as any;
    const orders = unflatten(json, 'orders[order]');
    expect(orders.length).toBe(json.totalresults);
    expect(json['orders[order][0][lineitems][lineitem][0][type]']).toEqual(expect.any(String));
    for (const order of orders) {
      const { lineitems, ...fields } = order;
      expectStringRecord(fields, ORDER_FIELDS);
      expect(fields.userid).toBe(String(s.demoId));
      expect(fields.ordernum).toMatch(/^\d{10}$/);
      expect(fields.date).toMatch(DATETIME);
      expect(fields.amount).toMatch(AMOUNT);
      expect(fields.name).toBe(`${client.firstname} ${client.lastname}`);
      expect(fields.currencyprefix).toBe('$');
      expect(fields.currencysuffix).toBe(' USD');
      const invoice = db().prepare('SELECT status FROM invoices WHERE id = ?').get(Number(fields.invoiceid)) as any;
      expect(fields.paymentstatus).toBe(invoice?.status ?? '');
      const items = lineitems?.lineitem ?? [];
      for (const item of items) {
        expectStringRecord(item, LINE_ITEM_FIELDS);
        expect(item.amount).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2} USD$/);
      }
      expect(items.reduce((sum: number, i: any) => sum + cents(i.amount), 0)).toBe(cents(fields.amount));
    }
    expect(orders.some((o) => (o.lineitems?.lineitem ?? []).length > 1)).toBe(true);
  });

  it('filters by id and by status', async () => {
    const pending = db().prepare("SELECT id FROM orders WHERE userid = ? AND status = 'Active' ORDER BY id LIMIT 1 OFFSET 2").get(s.demoId) as any;
    expect((await orderById(pending.id)).id).toBe(String(pending.id));
    const active = await ok(op(s, 'get-orders', { status: 'active', limitnum: 100 }));
    const expected = db().prepare("SELECT id FROM orders WHERE userid = ? AND status = 'Active' ORDER BY id").all(s.demoId) as any[];
    expect(unflatten(active, 'orders[order]').map((o) => o.id)).toEqual(expected.map((o) => String(o.id)));
    expect(active.totalresults).toBe(expected.length);
  });

  it('does not show another account\'s orders', async () => {
    const foreign = db().prepare('SELECT id FROM orders WHERE userid = ? LIMIT 1').get(s.otherId) as any;
    const json = await ok(op(s, 'get-orders', { id: foreign.id }));
    expect(json.totalresults).toBe(0);
    expect(unflatten(json, 'orders[order]')).toEqual([]);
    expect(await rejection(op(s, 'get-orders', { clientid: s.otherId }))).toBe('Client ID Not Found');
  });
});

/** A server product with configurable options, add-ons and custom fields (the demo catalogue's first VPS). */
function serverProduct() {
  const pid = (db().prepare(
    `SELECT p.pid FROM products p WHERE p.type = 'server'
       AND EXISTS (SELECT 1 FROM configoptions c WHERE c.pid = p.pid AND c.type = 'quantity')
       AND (SELECT COUNT(*) FROM addon_products a WHERE a.pid = p.pid) >= 2 ORDER BY p.pid LIMIT 1`,
  ).get() as { pid: number }).pid;
  const customField = db().prepare('SELECT id, name FROM product_customfields WHERE pid = ? ORDER BY id LIMIT 1').get(pid) as { id: number; name: string };
  const options = db().prepare('SELECT id, type FROM configoptions WHERE pid = ? ORDER BY id').all(pid) as { id: number; type: string }[];
  const choices = (configid: number) =>
    db().prepare('SELECT id, name, pricing FROM configoption_choices WHERE configid = ? ORDER BY id').all(configid) as any[];
  const addons = (db().prepare('SELECT addonid FROM addon_products WHERE pid = ? ORDER BY addonid LIMIT 2').all(pid) as any[]).map((a) => a.addonid as number);
  const pricing = JSON.parse((db().prepare('SELECT pricing FROM products WHERE pid = ?').get(pid) as any).pricing).USD;
  return { pid, options, choices, addons, pricing, customField };
}

/** A configurable option choice's price over a cycle ('quarterly'), as its own pricing gives it. */
const choiceCents = (choice: { pricing: string }, cycle: string) => cents(JSON.parse(choice.pricing).USD[cycle]);

/** An add-on's price ordered with a product on `cycle`: that cycle's when the add-on offers it, else its own cycle's. */
function addonCentsOn(id: number, cycle: string): number {
  const addon = db().prepare('SELECT billingcycle, pricing FROM addons WHERE id = ?').get(id) as any;
  const prices = JSON.parse(addon.pricing).USD;
  return cents(prices[cycle]) >= 0 ? cents(prices[cycle]) : cents(prices[addon.billingcycle.toLowerCase().replace(/[^a-z]/g, '')]);
}

/** add-order as upstream wants it: with a paymentmethod (mailin unless the fields name one). */
const addOrder = (fields: Fields, opts?: Parameters<typeof op>[3]) => op(s, 'add-order', { paymentmethod: 'mailin', ...fields }, opts);

describe('add-order', () => {
  it('creates the service, add-ons, domain, order and unpaid invoice, all visible in the lists', async () => {
    const p = serverProduct();
    const chosen: Record<number, number> = {};
    const expectedValues: Record<string, string> = {};
    let quarterlyOptions = 0;
    for (const option of p.options) {
      const [first, second] = p.choices(option.id);
      if (option.type === 'quantity') {
        chosen[option.id] = 3;
        expectedValues[option.id] = '3';
        quarterlyOptions += 3 * choiceCents(first, 'quarterly');
      } else if (option.type === 'yesno') {
        chosen[option.id] = 1;
        expectedValues[option.id] = '1';
        quarterlyOptions += choiceCents(first, 'quarterly');
      } else {
        const pick = second ?? first;
        chosen[option.id] = pick.id;
        expectedValues[option.id] = pick.name;
        quarterlyOptions += choiceCents(pick, 'quarterly');
      }
    }
    const reply = await ok(addOrder({
      pid: [p.pid], domain: ['zq-order-one.com'], billingcycle: ['quarterly'], domaintype: ['register'], regperiod: [2],
      configoptions: [base64(phpArray(chosen))], customfields: [base64(phpArray({ [p.customField.id]: 'vps.zq-order-one.com' }))],
      addons: [p.addons.join(',')], nameserver1: 'ns1.zq-dns.net', nameserver2: 'ns2.zq-dns.net', dnsmanagement: 1,
      idprotection: [true],
    }));
    expect(Object.keys(reply).sort()).toEqual(['addonids', 'domainids', 'invoiceid', 'orderid', 'productids', 'result', 'serviceids']);
    expect(typeof reply.orderid).toBe('number');
    expect(typeof reply.invoiceid).toBe('number');
    expect(reply.serviceids).toMatch(/^\d+$/);
    expect(reply.productids).toBe(reply.serviceids);
    expect(reply.addonids.split(',')).toHaveLength(2);
    expect(reply.domainids).toMatch(/^\d+$/);

    const recurring = cents(p.pricing.quarterly) + quarterlyOptions;
    const first = recurring + cents(p.pricing.qsetupfee);
    const addonCents = p.addons.map((id) => addonCentsOn(id, 'quarterly'));
    const domainCents = cents(tldPrice('.com', 'register', 2));
    const total = first + addonCents.reduce((a, b) => a + b, 0) + domainCents;

    const order = await orderById(reply.orderid);
    expect(order).toMatchObject({ status: 'Pending', paymentstatus: 'Unpaid', invoiceid: String(reply.invoiceid), nameservers: 'ns1.zq-dns.net,ns2.zq-dns.net' });
    expect(cents(order.amount)).toBe(total);
    const items = order.lineitems.lineitem as any[];
    expect(items.map((i) => i.type)).toEqual(['product', 'addon', 'addon', 'domain']);
    expect(items[0]).toMatchObject({ relid: reply.serviceids, billingcycle: 'Quarterly', amount: usd(first), status: 'Pending', producttype: 'Dedicated/VPS Server' });
    expect(items[3]).toMatchObject({ relid: reply.domainids, product: 'Register', domain: 'zq-order-one.com', billingcycle: '2', amount: usd(domainCents) });

    const service = (await ok(op(s, 'get-clients-products', { serviceid: reply.serviceids }))).products.product[0];
    expect(service).toMatchObject({ status: 'Pending', billingcycle: 'Quarterly', orderid: String(reply.orderid), pid: String(p.pid), domain: 'zq-order-one.com' });
    expect(cents(service.recurringamount)).toBe(recurring);
    expect(cents(service.firstpaymentamount)).toBe(first);
    expect(Object.fromEntries(service.configoptions.configoption.map((o: any) => [o.id, o.value]))).toEqual(expectedValues);
    expect(service.customfields.customfield).toEqual([{ id: String(p.customField.id), name: p.customField.name, value: 'vps.zq-order-one.com' }]);

    const domainJson = await ok(op(s, 'get-clients-domains', { domainid: reply.domainids }));
    const domain = unflatten(domainJson, 'domains[domain]')[0];
    expect(domain).toMatchObject({ status: 'Pending', regtype: 'Register', regperiod: '2', dnsmanagement: '1', idprotection: '1', emailforwarding: '0' });
    expect(domain.firstpaymentamount).toBe(tldPrice('.com', 'register', 2));
    expect(domain.recurringamount).toBe(tldPrice('.com', 'renew', 2));
    expect((db().prepare('SELECT nameservers FROM domains WHERE id = ?').get(Number(reply.domainids)) as any).nameservers).toBe('ns1.zq-dns.net,ns2.zq-dns.net');

    const invoice = db().prepare('SELECT status, total, subtotal, userid FROM invoices WHERE id = ?').get(reply.invoiceid) as any;
    expect(invoice).toMatchObject({ status: 'Unpaid', userid: s.demoId });
    expect(cents(invoice.total)).toBe(total);
    const invoiceItems = db().prepare('SELECT type, relid, amount FROM invoice_items WHERE invoiceid = ? ORDER BY id').all(reply.invoiceid) as any[];
    expect(invoiceItems.map((i) => i.type)).toEqual(['Hosting', 'Addon', 'Addon', 'Domain']);
    expect(invoiceItems.reduce((sum, i) => sum + cents(i.amount), 0)).toBe(total);
    const addonRows = db().prepare('SELECT serviceid, addonid, status FROM service_addons WHERE orderid = ? ORDER BY id').all(reply.orderid);
    expect(addonRows).toEqual(p.addons.map((addonid) => ({ serviceid: Number(reply.serviceids), addonid, status: 'Pending' })));

    expect((await ok(op(s, 'whois', { domain: 'zq-order-one.com' }))).status).toBe('unavailable');
  });

  it('prices options and add-ons per cycle, as upstream: for every cycle offered, the invoice is the cycle’s prices, never a monthly one', async () => {
    const p = serverProduct();
    const cycles = ['monthly', 'quarterly', 'semiannually', 'annually', 'biennially', 'triennially'].filter((c) => cents(p.pricing[c]) >= 0);
    expect(cycles.length).toBeGreaterThan(2);
    let discounted = 0;
    for (const cycle of cycles) {
      const chosen: Record<number, number> = {};
      let optionCents = 0;
      for (const option of p.options) {
        const choices = p.choices(option.id);
        const priced = choices.filter((c) => choiceCents(c, 'monthly') > 0).at(-1) ?? choices[0];
        chosen[option.id] = option.type === 'quantity' ? 2 : option.type === 'yesno' ? 1 : priced.id;
        optionCents += (option.type === 'quantity' ? 2 : 1) * choiceCents(option.type === 'quantity' || option.type === 'yesno' ? choices[0] : priced, cycle);
        const months = { monthly: 1, quarterly: 3, semiannually: 6, annually: 12, biennially: 24, triennially: 36 }[cycle]!;
        if (choiceCents(priced, cycle) < choiceCents(priced, 'monthly') * months) discounted++;
      }
      const reply = await ok(addOrder({ pid: [p.pid], billingcycle: [cycle], configoptions: [base64(phpArray(chosen))], addons: [p.addons.join(',')] }));
      const addons = p.addons.map((id) => addonCentsOn(id, cycle));
      const product = cents(p.pricing[cycle]) + cents(p.pricing[`${cycle[0]}setupfee`]) + optionCents;
      const invoice = db().prepare('SELECT total FROM invoices WHERE id = ?').get(reply.invoiceid) as any;
      expect(cents(invoice.total), cycle).toBe(product + addons.reduce((a, b) => a + b, 0));
      const items = (await orderById(reply.orderid)).lineitems.lineitem as any[];
      expect(items.map((i) => cents(i.amount.replace(/[^\d.]/g, ''))), cycle).toEqual([product, ...addons]);
      // An add-on that offers the product's cycle is billed for it.
      const cycleName = items[0].billingcycle;
      for (const [i, id] of p.addons.entries()) {
        const offered = cents(JSON.parse((db().prepare('SELECT pricing FROM addons WHERE id = ?').get(id) as any).pricing).USD[cycle]) >= 0;
        if (offered) expect(items[i + 1].billingcycle, `${cycle}: add-on ${id}`).toBe(cycleName);
      }
    }
    // Long cycles price the options below their months at the monthly price: a monthly price times months is not the bill.
    expect(discounted).toBeGreaterThan(0);
  });

  it('transfers a domain held elsewhere, sent urlencoded with indexed array names', async () => {
    const foreign = db().prepare("SELECT domainname FROM domains WHERE userid = ? AND domainname LIKE '%.com' LIMIT 1").get(s.otherId) as any;
    const reply = await ok(addOrder({ domain: [foreign.domainname], domaintype: ['transfer'], eppcode: ['X&y-123'], paymentmethod: 'paypal' }, { urlencoded: true }));
    expect(reply.serviceids).toBe('');
    const order = await orderById(reply.orderid);
    expect(order.paymentmethod).toBe('paypal');
    expect(order.paymentmethodname).toBe('PayPal');
    expect(order.lineitems.lineitem[0]).toMatchObject({ product: 'Transfer', amount: usd(cents(tldPrice('.com', 'transfer', 1))) });
    const domain = unflatten(await ok(op(s, 'get-clients-domains', { domainid: reply.domainids })), 'domains[domain]')[0];
    expect(domain).toMatchObject({ status: 'Pending Transfer', regtype: 'Transfer', domainname: foreign.domainname, paymentmethod: 'paypal' });
  });

  it('orders a free product on the gateway it names', async () => {
    const free = db().prepare("SELECT pid FROM products WHERE paytype = 'free' LIMIT 1").get() as { pid: number };
    const client = db().prepare('SELECT defaultgateway FROM clients WHERE id = ?').get(s.demoId) as any;
    const reply = await ok(addOrder({ pid: [free.pid], domain: ['zq-free-dns.org'], paymentmethod: client.defaultgateway }));
    const service = (await ok(op(s, 'get-clients-products', { serviceid: reply.serviceids }))).products.product[0];
    expect(service).toMatchObject({ billingcycle: 'Free Account', recurringamount: '0.00', paymentmethod: client.defaultgateway, nextduedate: '0000-00-00' });
    expect((await orderById(reply.orderid)).amount).toBe('0.00');
  });

  it('applies hostname, nameserver prefixes and root password to a server', async () => {
    const p = serverProduct();
    const reply = await ok(addOrder({
      pid: [p.pid], domain: ['zq-ns.com'], hostname: ['vps1.zq-ns.com'], ns1prefix: ['ns1'], ns2prefix: ['dns2'], rootpw: ['R00t!pw'],
    }));
    const service = (await ok(op(s, 'get-clients-products', { serviceid: reply.serviceids }))).products.product[0];
    expect(service).toMatchObject({ domain: 'vps1.zq-ns.com', ns1: 'ns1.zq-ns.com', ns2: 'dns2.zq-ns.com', password: 'R00t!pw' });
    expect(service.username).toMatch(/^[a-z]{8}$/);
    expect(reply.domainids).toBe('');
    expect(await rejection(addOrder({ pid: [p.pid], hostname: ['bad host'] }))).toBe('Invalid hostname[0]: bad host');
  });

  it('charges the setup fee with the first payment only', async () => {
    const row = db().prepare(`SELECT pid, pricing FROM products WHERE json_extract(pricing, '$.USD.msetupfee') != '0.00'
      AND json_extract(pricing, '$.USD.monthly') != '-1.00' LIMIT 1`).get() as { pid: number; pricing: string };
    const usdPrices = JSON.parse(row.pricing).USD;
    const reply = await ok(addOrder({ pid: [row.pid], billingcycle: ['Monthly'] }));
    const service = (await ok(op(s, 'get-clients-products', { serviceid: reply.serviceids }))).products.product[0];
    expect(service.recurringamount).toBe(usdPrices.monthly);
    expect(cents(service.firstpaymentamount)).toBe(cents(usdPrices.monthly) + cents(usdPrices.msetupfee));
    expect(cents(usdPrices.msetupfee)).toBeGreaterThan(0);
    expect((await orderById(reply.orderid)).amount).toBe(service.firstpaymentamount);
  });

  it('buys add-ons for an existing service and renews a domain', async () => {
    const target = db().prepare(
      `SELECT s.id, a.addonid FROM services s JOIN addon_products a ON a.pid = s.pid WHERE s.userid = ? ORDER BY s.id LIMIT 1`,
    ).get(s.demoId) as { id: number; addonid: number };
    const renewable = db().prepare("SELECT id, domainname FROM domains WHERE userid = ? AND status = 'Active' AND domainname LIKE '%.com' LIMIT 1").get(s.demoId) as any;
    const reply = await ok(addOrder({
      addonid: target.addonid, serviceid: target.id, addonids: [target.addonid], serviceids: [target.id],
      [`domainrenewals[${renewable.domainname}]`]: 2,
    }));
    expect(reply.addonids.split(',')).toHaveLength(2);
    expect(reply.domainids).toBe('');
    const order = await orderById(reply.orderid);
    expect(order.renewals).toBe(`${renewable.id}=2`);
    const items = order.lineitems.lineitem as any[];
    expect(items.map((i) => i.type)).toEqual(['addon', 'addon', 'domain']);
    expect(items[2]).toMatchObject({ product: 'Renewal', relid: String(renewable.id), billingcycle: '2', amount: usd(cents(tldPrice('.com', 'renew', 2))) });
    const rows = db().prepare('SELECT serviceid FROM service_addons WHERE orderid = ?').all(reply.orderid) as any[];
    expect(rows.map((r) => r.serviceid)).toEqual([target.id, target.id]);
  });

  it('accepts configoptions as base64 of JSON and a single-valued pid', async () => {
    const p = serverProduct();
    const dropdown = p.options.find((o) => o.type === 'dropdown')!;
    const choice = p.choices(dropdown.id)[0];
    const reply = await ok(addOrder({ pid: p.pid, configoptions: base64(JSON.stringify({ [dropdown.id]: choice.id })) }));
    const service = (await ok(op(s, 'get-clients-products', { serviceid: reply.serviceids }))).products.product[0];
    expect(service.configoptions.configoption).toEqual([expect.objectContaining({ id: String(dropdown.id), value: choice.name })]);
    expect(service.billingcycle).toBe('Monthly');
  });

  it('rejects a bad request with a specific message and writes nothing', async () => {
    const p = serverProduct();
    const taken = db().prepare('SELECT domainname FROM domains WHERE userid = ? LIMIT 1').get(s.otherId) as any;
    const foreignService = db().prepare('SELECT s.id, a.addonid FROM services s JOIN addon_products a ON a.pid = s.pid WHERE s.userid = ? LIMIT 1').get(s.otherId) as any;
    const foreignContact = db().prepare('SELECT id FROM contacts WHERE userid = ? LIMIT 1').get(s.otherId) as any;
    const unrelatedAddon = (db().prepare('SELECT id FROM addons WHERE id NOT IN (SELECT addonid FROM addon_products WHERE pid = ?) LIMIT 1').get(p.pid) as any).id;
    const tables = ['orders', 'services', 'domains', 'invoices', 'service_addons', 'order_lineitems'];
    const before = tables.map(count);
    const cases: [Record<string, any>, string | RegExp][] = [
      [{}, 'No items added to cart so order cannot proceed'],
      [{ pid: [999999] }, 'Invalid Product ID: 999999'],
      [{ pid: [p.pid], billingcycle: ['fortnightly'] }, 'Invalid Billing Cycle: fortnightly'],
      [{ pid: [p.pid], billingcycle: ['triennially'] }, `Invalid Billing Cycle: Triennially is not offered for product ${p.pid}`],
      [{ pid: [p.pid], addons: [String(unrelatedAddon)] }, `Invalid Addon ID: ${unrelatedAddon} for product ${p.pid}`],
      [{ pid: [p.pid], configoptions: [base64(phpArray({ 999999: 1 }))] }, /^Invalid Configurable Option ID: 999999/],
      [{ pid: [p.pid], configoptions: ['not base64 at all!'] }, /^Invalid configoptions\[0\]/],
      [{ pid: [p.pid], customfields: [base64(phpArray({ 999999: 'x' }))] }, /^Invalid Custom Field ID: 999999/],
      [{ domain: [taken.domainname], domaintype: ['register'] }, `Domain Already Registered: ${taken.domainname}`],
      [{ domain: ['example.com'], domaintype: ['register'] }, 'Domain Already Registered: example.com'],
      [{ domain: ['zq-nobody-has-this.com'], domaintype: ['transfer'], eppcode: ['abc'] }, 'Domain Not Registered: zq-nobody-has-this.com cannot be transferred'],
      [{ domain: [taken.domainname], domaintype: ['transfer'] }, `EPP Code Required for Transfer: ${taken.domainname}`],
      [{ domain: ['bad_name.com'], domaintype: ['register'] }, 'Invalid Domain Name: bad_name.com'],
      [{ domain: ['zq-ok.com'], domaintype: ['park'] }, 'Invalid domaintype: park (expected register or transfer)'],
      [{ domain: ['zq-ok.com'], domaintype: ['register'], regperiod: [11] }, 'Invalid Registration Period: 11 Years is not offered for .com'],
      [{ domain: ['zq-ok.com'] }, /^domaintype\[0\] is required/],
      [{ domain: ['zq-ok.com', 'zq-ok.com'], domaintype: ['register', 'register'] }, 'Domain ordered twice: zq-ok.com'],
      [{ addonid: foreignService.addonid, serviceid: foreignService.id }, 'Service ID Not Found'],
      [{ addonid: 1 }, 'addonid and serviceid must be given together'],
      [{ addonids: [1, 2], serviceids: [1] }, 'addonids and serviceids must have the same number of items'],
      [{ pid: [p.pid], contactid: foreignContact.id }, 'Contact ID Not Found'],
      [{ pid: [p.pid], paymentmethod: 'bitcoin' }, /^Invalid Payment Method\. Valid options include /],
      [{ pid: [p.pid], promocode: 'SAVE10' }, 'Promotion Code Not Found'],
      [{ pid: [p.pid], nameserver1: 'not a host' }, 'Invalid nameserver1: not a host'],
      [{ pid: [p.pid], clientid: s.otherId }, 'Client ID Not Found'],
      [{ 'domainrenewals[zq-nobody-has-this.com]': 1 }, 'Domain Not Found: zq-nobody-has-this.com'],
      // A valid product first, then a bad domain: nothing of the order may be written.
      [{ pid: [p.pid, p.pid], domain: ['', 'zq-second.com'], domaintype: ['', 'register'], regperiod: ['', 'x'] }, /regperiod\[1\]/],
    ];
    for (const [fields, message] of cases) {
      const got = await rejection(addOrder(fields));
      if (typeof message === 'string') expect(got, JSON.stringify(fields)).toBe(message);
      else expect(got, JSON.stringify(fields)).toMatch(message);
    }
    expect(tables.map(count)).toEqual(before);
  });

  it('keeps orders per account', async () => {
    const reply = await ok(addOrder({ domain: ['zq-other-account.net'], domaintype: ['register'] }, { as: 'other' }));
    expect(await orderById(reply.orderid, 'demo')).toBeUndefined();
    expect((await orderById(reply.orderid, 'other')).userid).toBe(String(s.otherId));
  });
});
