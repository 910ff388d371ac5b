/**
 * The cart as data: each line's charges and the total as the catalogue prices them, and the ONE add-order that
 * places it, checked against the outbox's own add-order schema (what the engine would accept).
 */
import { describe, expect, it } from 'vitest';
import type { DomainPrices } from '../../../shared/models';
import { keptPart } from '../../../shared/outbox/drafts';
import { PARAM_SCHEMAS } from '../../../shared/outbox/schemas';
import { addonPrice, domainCents, domainYears, optionCents, productCycles } from '../../../renderer/src/components/shop/catalogue-prices';
import { cartTotal, emptyCart, lineCharges, noDomain, orderParams, type Cart, type DomainLine, type ProductLine } from '../../../renderer/src/components/shop/cart';

const PRICES: DomainPrices = { register: { annually: '10.00', biennially: '19.50' }, transfer: { annually: '8.00' }, renew: { annually: '11.00' } };

const hosting = (over: Partial<ProductLine> = {}): ProductLine => ({
  kind: 'product',
  key: 'p1',
  pid: 4,
  name: 'Shared Hosting Pro',
  billingcycle: 'annually',
  cycleCents: 12000,
  setupCents: 500,
  configoptions: { 7: 21 },
  optionLines: [{ name: 'Data Center', choice: 'Amsterdam', cents: 0 }],
  addons: [{ id: 3, name: 'Daily backups', cents: 1200 }],
  customfields: { 41: 'yes, from old host' },
  domain: { ...noDomain(), mode: 'register', name: 'newshop-31.com', regperiod: 2, idprotection: true, prices: PRICES },
  hostname: '',
  ns1prefix: '',
  ns2prefix: '',
  ...over,
});
const transfer = (over: Partial<DomainLine['domain']> = {}): DomainLine => ({
  kind: 'domain',
  key: 'd1',
  domain: { ...noDomain(), mode: 'transfer', name: 'moved.net', prices: PRICES, ...over },
});
const cartOf = (lines: Cart['lines'], over: Partial<Cart> = {}): Cart => ({ ...emptyCart(), lines, ...over });

describe('prices as the catalogue gives them', () => {
  it('offers only the cycles the product prices, in its first currency, with their setup fees', () => {
    const cycles = productCycles({ USD: { monthly: '5.00', msetupfee: '1.00', quarterly: '-1.00', annually: '50.00', asetupfee: '0.00' }, EUR: { monthly: '4.00' } });
    expect(cycles.map((c) => [c.cycle, c.cents, c.setupCents])).toEqual([['monthly', 500, 100], ['annually', 5000, 0]]);
  });

  it('prices an add-on at the product’s cycle when it offers it, else at its own; never a monthly price in an annual order', () => {
    const backups = { billingCycle: 'Monthly', pricing: { USD: { monthly: '2.50', annually: '25.50', quarterly: '-1.00' } } };
    expect(addonPrice(backups, 'annually')).toEqual({ cycle: 'annually', cents: 2550 });
    expect(addonPrice(backups, 'quarterly')).toEqual({ cycle: 'monthly', cents: 250 });
    expect(addonPrice({ billingCycle: 'Annually', pricing: { USD: { annually: '9.95', asetupfee: '1.00' } } }, 'monthly')).toEqual({ cycle: 'annually', cents: 1095 });
  });

  it('prices a choice at the cycle’s own price (upstream’s pricing per cycle), a quantity by its count, a yes/no when yes', () => {
    const per = (monthly: string, annually: string) => ({ USD: { monthly, quarterly: '-1.00', annually, asetupfee: '0.00' } });
    const ram = { id: 1, name: 'RAM', type: 'quantity', choices: [{ id: 9, name: 'GB', price: null, pricing: per('2.50', '25.50') }] };
    expect(optionCents(ram, 3, 'annually')).toBe(3 * 2550);
    expect(optionCents(ram, 3, 'quarterly')).toBe(0);
    const backups = { id: 2, name: 'Backups', type: 'yesno', choices: [{ id: 10, name: 'Enable', price: null, pricing: per('3.00', '30.60') }] };
    expect([optionCents(backups, 0, 'annually'), optionCents(backups, 1, 'annually')]).toEqual([0, 3060]);
    const os = { id: 3, name: 'OS', type: 'dropdown', choices: [{ id: 11, name: 'Linux', price: null, pricing: {} }, { id: 12, name: 'Windows', price: null, pricing: per('15.00', '153.00') }] };
    expect([optionCents(os, 11, 'monthly'), optionCents(os, 12, 'annually')]).toEqual([null, 15300]);
    // A provider that sends one flat (monthly) price: that times the cycle's months.
    const flat = { id: 4, name: 'IP', type: 'dropdown', choices: [{ id: 13, name: 'One', price: '2.00', pricing: {} }] };
    expect(optionCents(flat, 13, 'quarterly')).toBe(600);
  });

  it('a domain costs its term from the whois prices; not known offline is null, and 1–10 years are offered', () => {
    expect(domainCents(PRICES, 'register', 2)).toBe(1950);
    expect(domainCents(PRICES, 'transfer', 2)).toBeNull();
    expect(domainCents(null, 'register', 1)).toBeNull();
    expect(domainYears(PRICES, 'register')).toEqual([1, 2]);
    expect(domainYears(null, 'register')).toHaveLength(10);
  });
});

describe('the review', () => {
  it('lists each charge of a line and totals them', () => {
    const line = hosting();
    expect(lineCharges(line).map((c) => [c.label, c.cents])).toEqual([['cycle', 12000], ['setup', 500], ['addon', 1200], ['domain', 1950]]);
    expect(cartTotal([line, transfer()])).toEqual({ cents: 12000 + 500 + 1200 + 1950 + 800, unknown: false });
  });

  it('says when a price is not known offline, and totals what is known', () => {
    expect(cartTotal([hosting(), transfer({ prices: null })])).toEqual({ cents: 12000 + 500 + 1200 + 1950, unknown: true });
  });
});

describe('the cart as one add-order', () => {
  it('puts products first and domains after, every list at the same index, order-wide settings once', () => {
    const cart = cartOf([transfer(), hosting()], {
      nameservers: ['ns1.example.net', 'NS2.example.net', '', '', ''],
      promocode: ' SPRING ',
      paymentmethod: 'paypal',
      eppcode: { d1: 'EPP-123' },
      contactid: 12,
    });
    const params = orderParams(cart);
    expect(params).toEqual({
      pid: [4],
      billingcycle: ['annually'],
      configoptions: [{ 7: 21 }],
      customfields: [{ 41: 'yes, from old host' }],
      addons: [[3]],
      domain: ['newshop-31.com', 'moved.net'],
      domaintype: ['register', 'transfer'],
      regperiod: [2, 1],
      eppcode: ['', 'EPP-123'],
      idprotection: [true, false],
      nameserver1: 'ns1.example.net',
      nameserver2: 'ns2.example.net',
      contactid: 12,
      promocode: 'SPRING',
      paymentmethod: 'paypal',
      shownprice: '164.50',
    });
    expect(PARAM_SCHEMAS['add-order'].safeParse(params).success).toBe(true);
  });

  it('hosts a product on a domain already held without ordering it, and sends a server its hostname and root password', () => {
    const held = hosting({ domain: { ...noDomain(), mode: 'held', name: 'mine.org' }, addons: [], configoptions: {}, customfields: {} });
    const server = hosting({ key: 'p2', pid: 9, domain: noDomain(), hostname: 'vps1.mine.org', ns1prefix: 'ns1', ns2prefix: 'ns2', addons: [], configoptions: {}, customfields: {} });
    const params = orderParams(cartOf([held, server], { rootpw: { p2: 's3cret!' } }));
    expect(params).toMatchObject({
      pid: [4, 9],
      domain: ['mine.org', ''],
      domaintype: ['', ''],
      hostname: ['', 'vps1.mine.org'],
      ns1prefix: ['', 'ns1'],
      rootpw: ['', 's3cret!'],
    });
    expect(params).not.toHaveProperty('regperiod');
    expect(params).not.toHaveProperty('nameserver1');
    expect(PARAM_SCHEMAS['add-order'].safeParse(params).success).toBe(true);
  });

  it('leaves the shown price out when a price is not known, and asks DNS management for the order when any domain does', () => {
    const params = orderParams(cartOf([transfer({ prices: null, dnsmanagement: true })], { eppcode: { d1: 'x' } }));
    expect(params).not.toHaveProperty('shownprice');
    expect(params.dnsmanagement).toBe(true);
  });

  it('an empty cart orders nothing, and the schema says so', () => {
    expect(PARAM_SCHEMAS['add-order'].safeParse(orderParams(emptyCart())).success).toBe(false);
  });
});

describe('the cart’s draft', () => {
  it('keeps its lines and choices, never its EPP codes or root passwords', () => {
    const cart = cartOf([transfer(), hosting()], { eppcode: { d1: 'EPP-123' }, rootpw: { p1: 's3cret!' }, promocode: 'X' });
    const kept = keptPart('add-order:cart', cart);
    expect(kept).not.toHaveProperty('eppcode');
    expect(kept).not.toHaveProperty('rootpw');
    expect(JSON.stringify(kept)).not.toMatch(/EPP-123|s3cret/);
    expect(kept).toMatchObject({ lines: cart.lines, promocode: 'X' });
  });
});
