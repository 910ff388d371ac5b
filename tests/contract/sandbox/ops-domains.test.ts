/** Domain look-ups over real HTTP: whois (availability and prices), whois-info (registry text), domain-request-epp. */
import { decodeHTML } from 'entities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, op, openSession, rejection, type Session } from './ops.js';

let s: Session;
beforeAll(async () => {
  s = await openSession();
});
afterAll(() => s.sb.stop());

const FREE_NAME = 'zq-sandbox-free-name.com';

function tldPrices(tld: string): { register: Record<string, string>; transfer: Record<string, string>; renew: Record<string, string> } {
  const row = s.sb.db.prepare('SELECT register, transfer, renew FROM tld_pricing WHERE tld = ?').get(tld) as any;
  return { register: JSON.parse(row.register), transfer: JSON.parse(row.transfer), renew: JSON.parse(row.renew) };
}

function demoDomain(where: string): { id: number; domainname: string; [k: string]: any } {
  return s.sb.db.prepare(`SELECT * FROM domains WHERE userid = ? AND ${where} ORDER BY id LIMIT 1`).get(s.demoId) as any;
}

describe('whois', () => {
  it('reports a free name as available with its split, registry text and prices by period', async () => {
    const json = await ok(op(s, 'whois', { domain: FREE_NAME }));
    expect(json).toMatchObject({ status: 'available', domain: FREE_NAME, sld: 'zq-sandbox-free-name', tld: '.com', premium: { premium: false } });
    expect(json.whois).toContain('No match for domain "ZQ-SANDBOX-FREE-NAME.COM"');
    const prices = tldPrices('.com');
    expect(json.price.register).toEqual({
      annually: prices.register['1'], biennially: prices.register['2'], triennially: prices.register['3'],
      quadriennially: prices.register['4'], quinquennially: prices.register['5'],
    });
    expect(json.price.transfer.annually).toBe(prices.transfer['1']);
    expect(json.price.renew.triennially).toBe(prices.renew['3']);
  });

  it('reports names held by any account, and well-known names, as unavailable', async () => {
    const foreign = s.sb.db.prepare("SELECT domainname FROM domains WHERE userid = ? AND domainname NOT LIKE '%.%.%' LIMIT 1").get(s.otherId) as any;
    const held = await ok(op(s, 'whois', { domain: foreign.domainname }));
    expect(held.status).toBe('unavailable');
    expect(held.whois).toContain(`Domain Name: ${foreign.domainname.toUpperCase()}`);
    expect((await ok(op(s, 'whois', { domain: 'example.com' }))).status).toBe('unavailable');
    expect((await ok(op(s, 'whois', { domain: 'Google.COM' }))).domain).toBe('google.com');
  });

  it('marks short names premium, at premium prices', async () => {
    const json = await ok(op(s, 'whois', { domain: 'qz7.net' }));
    expect(json.premium).toEqual({ premium: true });
    const base = Number(tldPrices('.net').register['1']);
    expect(Number(json.price.register.annually)).toBeCloseTo(base * 20, 2);
    expect(json.price.register.annually).toMatch(/^\d+\.\d{2}$/);
  });

  it('leaves out periods the TLD does not offer', async () => {
    s.sb.db.prepare(`UPDATE tld_pricing SET register = '{"1":"9.00","2":"18.00","3":"-1.00"}' WHERE tld = '.ch'`).run();
    const json = await ok(op(s, 'whois', { domain: 'zq-free.ch' }));
    expect(json.price.register).toEqual({ annually: '9.00', biennially: '18.00' });
  });

  it('accepts IDNs as Unicode or punycode', async () => {
    const json = await ok(op(s, 'whois', { domain: 'xn--mller-zq-sandbox-jzb.de' }));
    expect(json.domain).toBe('müller-zq-sandbox.de');
    expect(json.tld).toBe('.de');
    expect((await ok(op(s, 'whois', { domain: 'müller-zq-sandbox.de' }))).status).toBe('available');
  });

  it('rejects a missing or invalid name and an unsupported TLD, each with its own message', async () => {
    expect(await rejection(op(s, 'whois'))).toBe('Domain Name Required');
    expect(await rejection(op(s, 'whois', { domain: 'bad_name.com' }))).toBe('Invalid Domain Name: bad_name.com');
    expect(await rejection(op(s, 'whois', { domain: '-dash.com' }))).toMatch(/^Invalid Domain Name/);
    expect(await rejection(op(s, 'whois', { domain: 'nodot' }))).toMatch(/^Invalid Domain Name/);
    expect(await rejection(op(s, 'whois', { domain: 'fine.notarealtld' }))).toBe('TLD Not Supported: .notarealtld');
  });
});

describe('whois-info', () => {
  it('answers text/plain registry output for one of the caller\'s domains', async () => {
    const d = demoDomain("status = 'Active' AND idprotection = 0 AND expirydate != '0000-00-00' AND nameservers != ''");
    const client = s.sb.db.prepare('SELECT firstname, lastname, email FROM clients WHERE id = ?').get(s.demoId) as any;
    const res = await op(s, 'whois-info', { domain: d.domainname });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.json).toBeUndefined();
    const ascii = new URL(`http://${d.domainname}`).hostname.toUpperCase();
    expect(res.text).toContain(`Domain Name: ${ascii}`);
    expect(res.text).toMatch(/Registry Domain ID: \S+/);
    expect(res.text).toMatch(/Registrar: \S+/);
    expect(res.text).toMatch(/Updated Date: \d{4}-\d{2}-\d{2}T00:00:00Z/);
    expect(res.text).toContain(`Creation Date: ${d.regdate}T00:00:00Z`);
    expect(res.text).toContain(`Registry Expiry Date: ${d.expirydate}T00:00:00Z`);
    expect(res.text).toContain('Domain Status: clientTransferProhibited');
    expect(res.text).toContain(`Registrant Name: ${client.firstname} ${client.lastname}`);
    expect(res.text).toContain(`Registrant Email: ${client.email}`);
    expect(res.text).toMatch(/Admin Name: .+/);
    expect(res.text).toMatch(/Tech Email: .+/);
    for (const ns of d.nameservers.split(',')) expect(res.text).toContain(`Name Server: ${ns.toUpperCase()}`);
    expect(res.text).toMatch(/>>> Last update of whois database: \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z <<</);
    expect(res.text).toContain('NOTICE:');
  });

  it('redacts the registrant of a domain with ID protection', async () => {
    const d = demoDomain('idprotection = 1');
    const res = await op(s, 'whois-info', { domain: d.domainname });
    expect(res.text).toContain('Registrant Name: REDACTED FOR PRIVACY');
  });

  it('says "No match" for a name nobody holds', async () => {
    const res = await op(s, 'whois-info', { domain: FREE_NAME });
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/^No match for domain "ZQ-SANDBOX-FREE-NAME\.COM"\./);
    expect(res.text).toContain('>>> Last update of whois database:');
  });

  it('rejects an invalid name with a JSON error', async () => {
    expect(await rejection(op(s, 'whois-info', { domain: 'no spaces.com' }))).toMatch(/^Invalid Domain Name/);
    expect(await rejection(op(s, 'whois-info'))).toBe('Domain Name Required');
  });
});

describe('domain-request-epp', () => {
  const RAW = `Ab&<>"'9`;

  it('returns the code HTML-encoded, named entities for even ids and numeric ones for odd ids', async () => {
    const even = demoDomain('id % 2 = 0 AND registrar_error IS NULL');
    const odd = demoDomain('id % 2 = 1 AND registrar_error IS NULL');
    const update = s.sb.db.prepare('UPDATE domains SET eppcode = ? WHERE id = ?');
    update.run(RAW, even.id);
    update.run(RAW, odd.id);
    const named = await ok(op(s, 'domain-request-epp', { domainid: even.id }));
    expect(named.eppcode).toBe('Ab&amp;&lt;&gt;&quot;&#039;9');
    const numeric = await ok(op(s, 'domain-request-epp', { domainid: odd.id }));
    expect(numeric.eppcode).toBe('Ab&#38;&#60;&#62;&#34;&#39;9');
    expect(decodeHTML(named.eppcode)).toBe(RAW);
    expect(decodeHTML(numeric.eppcode)).toBe(RAW);
  });

  it('finds the domain by name as well as by id', async () => {
    const d = demoDomain("eppcode IS NOT NULL AND registrar_error IS NULL AND eppcode NOT GLOB '*[&<>\"'']*'");
    const json = await ok(op(s, 'domain-request-epp', { domainname: d.domainname }));
    expect(json).toEqual({ result: 'success', eppcode: d.eppcode });
  });

  it('answers success without a code when the registrar e-mails it', async () => {
    const d = demoDomain('eppcode IS NULL AND registrar_error IS NULL');
    expect(await ok(op(s, 'domain-request-epp', { domainid: d.id }))).toEqual({ result: 'success' });
  });

  it('passes on a registrar error', async () => {
    const d = demoDomain('registrar_error IS NOT NULL');
    expect(await rejection(op(s, 'domain-request-epp', { domainid: d.id }))).toBe(d.registrar_error);
    expect(d.registrar_error).toMatch(/^Registrar Error: /);
  });

  it('needs an id or a name of one of the caller\'s domains', async () => {
    expect(await rejection(op(s, 'domain-request-epp'))).toBe('Domain ID or Domain Name Required');
    expect(await rejection(op(s, 'domain-request-epp', { domainid: 999999 }))).toBe('Domain ID Not Found');
    const foreign = s.sb.db.prepare('SELECT id, domainname FROM domains WHERE userid = ? LIMIT 1').get(s.otherId) as any;
    expect(await rejection(op(s, 'domain-request-epp', { domainid: foreign.id }))).toBe('Domain ID Not Found');
    expect(await rejection(op(s, 'domain-request-epp', { domainname: foreign.domainname }))).toBe('Domain ID Not Found');
  });
});
