/**
 * add-order's TLD-specific fields (domainfields[i], base64 of a PHP-serialized array) and affid, over real HTTP:
 * the sandbox asks for the fields registries require (shared/domain-fields.ts) as a provider does, naming each
 * domain and each missing or malformed field, placing nothing; fields given are stored with the domain.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64, ok, op, openSession, rejection, type Session } from './ops.js';
import type { Fields } from './http.js';

let s: Session;
beforeAll(async () => {
  s = await openSession();
});
afterAll(() => s.sb.stop());

const db = () => s.sb.db;
const addOrder = (fields: Fields) => op(s, 'add-order', { paymentmethod: 'mailin', ...fields });
const count = (table: string) => (db().prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
const storedFields = (domainid: number | string) =>
  Object.fromEntries((db().prepare('SELECT name, value FROM domain_fields WHERE domainid = ? ORDER BY name').all(Number(domainid)) as { name: string; value: string }[]).map((r) => [r.name, r.value]));

/** PHP serialize() of a string-keyed array, as a PHP client builds it. */
function phpMap(entries: Record<string, string>): string {
  const str = (v: string) => `s:${Buffer.byteLength(v)}:"${v}";`;
  return `a:${Object.keys(entries).length}:{${Object.entries(entries).map(([k, v]) => str(k) + str(v)).join('')}}`;
}
function phpList(values: string[]): string {
  return `a:${values.length}:{${values.map((v, i) => `i:${i};s:${Buffer.byteLength(v)}:"${v}";`).join('')}}`;
}

const IT_OK = {
  'Legal Type': 'Italian and foreign natural persons',
  'Tax ID': 'RSSMRA80A01H501U',
  'Publish Personal Data': '',
  'Accept Section 3 of .IT registrar contract': 'on',
  'Accept Section 5 of .IT registrar contract': 'on',
  'Accept Section 6 of .IT registrar contract': 'on',
  'Accept Section 7 of .IT registrar contract': 'on',
};

describe('add-order: TLD-specific fields', () => {
  it('refuses a .it registration without its fields, naming the domain and each field, and writes nothing', async () => {
    const tables = ['orders', 'domains', 'invoices', 'order_lineitems', 'domain_fields'];
    const before = tables.map(count);
    const message = await rejection(addOrder({ domain: ['zq-fields-one.it'], domaintype: ['register'] }));
    expect(message).toMatch(/^Required Domain Fields Missing or Invalid: zq-fields-one\.it: /);
    expect(message).toContain('"Tax ID" is required');
    for (const n of [3, 5, 6, 7]) expect(message).toContain(`"Accept Section ${n} of .IT registrar contract" must be ticked`);
    // Legal Type left out: it is required too.
    expect(message).toContain('"Legal Type" is required');
    expect(tables.map(count)).toEqual(before);
  });

  it('says what is wrong with a bad value, for every domain of the order at once', async () => {
    const badTax = { ...IT_OK, 'Tax ID': 'RSSMRA80A01H501X' };
    const message = await rejection(addOrder({
      domain: ['zq-fields-two.it', 'zq-fields-two.us', 'zq-fields-two.co.uk'],
      domaintype: ['register', 'register', 'register'],
      domainfields: [base64(phpMap(badTax)), base64(phpMap({ 'Nexus Category': 'C99', 'Application Purpose': 'P1' })), base64(phpMap({ 'Legal Type': 'UK Limited Company', 'Registrant Name': 'Acme Ltd' }))],
    }));
    expect(message).toContain('zq-fields-two.it: "Tax ID" is not a valid codice fiscale (its check character does not match)');
    expect(message).toContain('zq-fields-two.us: "Nexus Category" must be one of C11 / C12 / C21 / C31 / C32');
    expect(message).toContain('zq-fields-two.co.uk: "Company ID Number" is required');
    // An organisation's tax id is an 11-digit VAT number with its check digit; it must consent to publication.
    const org = await rejection(addOrder({
      domain: ['zq-fields-org.it'], domaintype: ['register'],
      domainfields: [base64(phpMap({ ...IT_OK, 'Legal Type': 'Companies/one man companies', 'Tax ID': '07643520568' }))],
    }));
    expect(org).toContain('"Tax ID" is not a valid VAT number (its check digit does not match)');
    expect(org).toContain('"Publish Personal Data" must be ticked');
    // C31/C32 need the nexus country.
    expect(await rejection(addOrder({
      domain: ['zq-fields-c31.us'], domaintype: ['register'], domainfields: [base64(phpMap({ 'Nexus Category': 'C31', 'Application Purpose': 'P2' }))],
    }))).toBe('Required Domain Fields Missing or Invalid: zq-fields-c31.us: "Nexus Country" is required');
  });

  it('places a .it registration with its fields (keyed by name) and stores them with the domain', async () => {
    const reply = await ok(addOrder({ domain: ['zq-fields-ok.it'], domaintype: ['register'], domainfields: [base64(phpMap(IT_OK))] }));
    const { 'Publish Personal Data': _empty, ...stored } = IT_OK;
    expect(storedFields(reply.domainids)).toEqual(stored);
  });

  it('reads a list in the registry\'s field order, as upstream\'s positional form', async () => {
    const reply = await ok(addOrder({
      domain: ['zq-fields-list.us'], domaintype: ['register'], domainfields: [base64(phpList(['C12', '', 'P3']))],
    }));
    expect(storedFields(reply.domainids)).toEqual({ 'Application Purpose': 'P3', 'Nexus Category': 'C12' });
  });

  it('asks a transfer for fields only where the registry does (.it yes, .co.uk no); other TLDs ask nothing', async () => {
    db().prepare("UPDATE domains SET domainname = 'zq-held-elsewhere.it' WHERE id = (SELECT id FROM domains WHERE userid = ? ORDER BY id LIMIT 1)").run(s.otherId);
    db().prepare("UPDATE domains SET domainname = 'zq-held-elsewhere.co.uk' WHERE id = (SELECT id FROM domains WHERE userid = ? ORDER BY id LIMIT 1 OFFSET 1)").run(s.otherId);
    expect(await rejection(addOrder({ domain: ['zq-held-elsewhere.it'], domaintype: ['transfer'], eppcode: ['abc'] })))
      .toMatch(/^Required Domain Fields Missing or Invalid: zq-held-elsewhere\.it: /);
    await ok(addOrder({ domain: ['zq-held-elsewhere.co.uk'], domaintype: ['transfer'], eppcode: ['abc'] }));
    const com = await ok(addOrder({ domain: ['zq-fields-none.com'], domaintype: ['register'], domainfields: [base64(phpMap({ Note: 'kept' }))] }));
    expect(storedFields(com.domainids)).toEqual({ Note: 'kept' });
  });

  it('checks .de and .eu too', async () => {
    const de = await rejection(addOrder({ domain: ['zq-fields.de'], domaintype: ['register'] }));
    expect(de).toBe('Required Domain Fields Missing or Invalid: zq-fields.de: "Address Confirmation" must be ticked, "Agree to DE Terms" must be ticked');
    const eu = await rejection(addOrder({ domain: ['zq-fields.eu'], domaintype: ['register'], domainfields: [base64(phpMap({ 'Entity Type': 'Individual', 'EU Country of Citizenship': 'US' }))] }));
    expect(eu).toBe('Required Domain Fields Missing or Invalid: zq-fields.eu: "EU Country of Citizenship" must be one of ' + 'AT / BE / BG / HR / CY / CZ / DK / EE / FI / FR / DE / GR / HU / IE / IT / LV / LT / LU / MT / NL / PL / PT / RO / SK / SI / ES / SE');
    await ok(addOrder({ domain: ['zq-fields.eu'], domaintype: ['register'], domainfields: [base64(phpMap({ 'Entity Type': 'Company' }))] }));
  });
});

describe('add-order: affid', () => {
  const affidOf = (orderid: number) => (db().prepare('SELECT affid FROM orders WHERE id = ?').get(orderid) as { affid: number }).affid;
  const tableExists = () => db().prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'affiliates'").get() !== undefined;
  const anAffiliate = () => (tableExists() ? (db().prepare('SELECT id FROM affiliates ORDER BY id LIMIT 1').get() as { id: number } | undefined)?.id : undefined);

  it('stores a positive affiliate id on the order and refuses anything else in words', async () => {
    const known = anAffiliate();
    const affid = known ?? 42;
    const reply = await ok(addOrder({ domain: ['zq-affiliate.com'], domaintype: ['register'], affid }));
    expect(affidOf(reply.orderid)).toBe(affid);
    const none = await ok(addOrder({ domain: ['zq-affiliate-none.com'], domaintype: ['register'] }));
    expect(affidOf(none.orderid)).toBe(0);
    expect(await rejection(addOrder({ domain: ['zq-affiliate-2.com'], domaintype: ['register'], affid: 0 }))).toBe('Invalid Affiliate ID: 0 (expected a positive whole number)');
    expect(await rejection(addOrder({ domain: ['zq-affiliate-2.com'], domaintype: ['register'], affid: 'abc' }))).toBe('Invalid Affiliate ID: abc (expected a positive whole number)');
    // Not part of the order's reply (the spec's Order has no affid).
    const listed = await ok(op(s, 'get-orders', { id: reply.orderid }));
    expect(Object.keys(listed).some((k) => k.endsWith('[affid]'))).toBe(false);
  });

  it('where the sandbox keeps affiliates, an unknown one is refused', async () => {
    if (!tableExists()) {
      db().exec('CREATE TABLE affiliates (id INTEGER PRIMARY KEY)');
      db().prepare('INSERT INTO affiliates (id) VALUES (7)').run();
    }
    const known = anAffiliate();
    if (known === undefined) return; // a table of another shape, empty: nothing to check against
    const unknown = (db().prepare('SELECT MAX(id) AS id FROM affiliates').get() as { id: number }).id + 1000;
    expect(await rejection(addOrder({ domain: ['zq-affiliate-3.com'], domaintype: ['register'], affid: unknown }))).toBe(`Invalid Affiliate ID: ${unknown} (no such affiliate)`);
    expect(affidOf((await ok(addOrder({ domain: ['zq-affiliate-3.com'], domaintype: ['register'], affid: known }))).orderid)).toBe(known);
  });
});
