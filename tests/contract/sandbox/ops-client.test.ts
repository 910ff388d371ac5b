/** get-clients-details over real HTTP: client[field] keys, and stats[field] keys on request. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, op, openSession, rejection, type Session } from './ops.js';

let s: Session;
beforeAll(async () => {
  s = await openSession();
});
afterAll(() => s.sb.stop());

const CLIENT_FIELDS = [
  'userid', 'id', 'uuid', 'firstname', 'lastname', 'fullname', 'companyname', 'email', 'address1', 'address2', 'city',
  'fullstate', 'state', 'postcode', 'countrycode', 'country', 'phonenumber', 'password', 'statecode', 'countryname',
  'phonecc', 'phonenumberformatted', 'billingcid', 'notes', 'twofaenabled', 'currency', 'defaultgateway', 'cctype',
  'cclastfour', 'securityqid', 'securityqans', 'groupid', 'status', 'credit', 'taxexempt', 'latefeeoveride',
  'overideduenotices', 'separateinvoices', 'disableautocc', 'emailoptout', 'marketing_emails_opt_in',
  'overrideautoclose', 'allowSingleSignOn', 'language', 'lastlogin', 'currency_code',
];
const STATS_FIELDS = [
  'numdueinvoices', 'dueinvoicesbalance', 'income', 'incredit', 'creditbalance', 'numoverdueinvoices',
  'overdueinvoicesbalance', 'numDraftInvoices', 'draftInvoicesBalance', 'numpaidinvoices', 'paidinvoicesamount',
  'numunpaidinvoices', 'unpaidinvoicesamount', 'numcancelledinvoices', 'cancelledinvoicesamount',
  'numrefundedinvoices', 'refundedinvoicesamount', 'numcollectionsinvoices', 'collectionsinvoicesamount',
  'productsnumactivehosting', 'productsnumhosting', 'productsnumactivereseller', 'productsnumreseller',
  'productsnumactiveservers', 'productsnumservers', 'productsnumactiveother', 'productsnumother', 'productsnumactive',
  'productsnumtotal', 'numactivedomains', 'numdomains', 'numacceptedquotes', 'numquotes', 'numtickets',
  'numactivetickets', 'numaffiliatesignups', 'isAffiliate',
];
const MONEY = /^\$\d{1,3}(,\d{3})*\.\d{2} USD$/;

function bracketed(json: Record<string, unknown>, prefix: string): Record<string, any> {
  return Object.fromEntries(
    Object.entries(json).flatMap(([k, v]) => (k.startsWith(`${prefix}[`) ? [[k.slice(prefix.length + 1, -1), v]] : [])),
  );
}

const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} USD`;
const sumCents = (rows: { total: string }[]) => rows.reduce((sum, r) => sum + Math.round(Number(r.total) * 100), 0);

describe('get-clients-details', () => {
  it('flattens the client record into client[field] keys with the upstream value types', async () => {
    const json = await ok(op(s, 'get-clients-details'));
    expect(Object.keys(json).filter((k) => k.startsWith('stats['))).toEqual([]);
    const client = bracketed(json, 'client');
    expect(Object.keys(client).sort()).toEqual([...CLIENT_FIELDS].sort());
    const row = s.sb.db.prepare('SELECT * FROM clients WHERE id = ?').get(s.demoId) as any;
    expect(client).toMatchObject({
      userid: s.demoId, id: s.demoId, uuid: row.uuid, firstname: row.firstname, lastname: row.lastname,
      fullname: `${row.firstname} ${row.lastname}`, email: row.email, countrycode: row.country, country: row.country,
      password: row.password_hash, currency: 1, currency_code: 'USD', defaultgateway: row.defaultgateway, credit: row.credit,
      taxexempt: false, allowSingleSignOn: 1, twofaenabled: false, lastlogin: row.lastlogin,
    });
    expect(client.countryname).toBe(new Intl.DisplayNames(['en'], { type: 'region' }).of(row.country));
    expect(client.phonecc).toMatch(/^\d{1,3}$/);
    expect(client.phonenumberformatted).toMatch(/^\+\d{1,3}\.\d+$/);
    expect(client.lastlogin).toMatch(/^Date: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}<br>IP Address: \S+<br>Host: .*$/);
    for (const flag of ['latefeeoveride', 'overideduenotices', 'separateinvoices', 'disableautocc', 'emailoptout', 'marketing_emails_opt_in', 'overrideautoclose']) {
      expect(typeof client[flag], flag).toBe('boolean');
    }
    expect(client.password).not.toBe(s.sb.accounts[0]!.password);
  });

  it('adds stats[field] keys when stats is true, counted from the account\'s records', async () => {
    const json = await ok(op(s, 'get-clients-details', { stats: 'true' }));
    const stats = bracketed(json, 'stats');
    expect(Object.keys(stats).sort()).toEqual([...STATS_FIELDS].sort());
    const db = s.sb.db;
    const invoices = (status: string) => db.prepare('SELECT total FROM invoices WHERE userid = ? AND status = ?').all(s.demoId, status) as { total: string }[];
    const unpaid = invoices('Unpaid');
    const overdue = db.prepare("SELECT total FROM invoices WHERE userid = ? AND status = 'Unpaid' AND duedate < '2026-11-22'").all(s.demoId) as { total: string }[];
    const paid = invoices('Paid');
    expect(stats.numdueinvoices).toBe(unpaid.length);
    expect(stats.dueinvoicesbalance).toBe(usd(sumCents(unpaid)));
    expect(stats.numunpaidinvoices).toBe(unpaid.length);
    expect(stats.numoverdueinvoices).toBe(overdue.length);
    expect(stats.overdueinvoicesbalance).toBe(usd(sumCents(overdue)));
    expect(stats.numpaidinvoices).toBe(paid.length);
    expect(stats.paidinvoicesamount).toBe(usd(sumCents(paid)));
    expect(stats.numDraftInvoices).toBe(invoices('Draft').length);
    const income = db.prepare('SELECT amountin, fees, amountout FROM transactions WHERE userid = ?').all(s.demoId) as any[];
    expect(stats.income).toBe(usd(income.reduce((n, t) => n + Math.round((Number(t.amountin) - Number(t.fees) - Number(t.amountout)) * 100), 0)));
    const credit = (db.prepare('SELECT credit FROM clients WHERE id = ?').get(s.demoId) as any).credit;
    expect(stats.creditbalance).toBe(usd(Math.round(Number(credit) * 100)));
    expect(stats.incredit).toBe(Number(credit) > 0);
    const services = (db.prepare('SELECT COUNT(*) AS n FROM services WHERE userid = ?').get(s.demoId) as any).n;
    expect(stats.productsnumtotal).toBe(services);
    expect(stats.productsnumhosting + stats.productsnumreseller + stats.productsnumservers + stats.productsnumother).toBe(services);
    const active = (db.prepare("SELECT COUNT(*) AS n FROM services WHERE userid = ? AND status = 'Active'").get(s.demoId) as any).n;
    expect(stats.productsnumactive).toBe(active);
    expect(stats.numdomains).toBe((db.prepare('SELECT COUNT(*) AS n FROM domains WHERE userid = ?').get(s.demoId) as any).n);
    expect(stats.numactivedomains).toBe((db.prepare("SELECT COUNT(*) AS n FROM domains WHERE userid = ? AND status = 'Active'").get(s.demoId) as any).n);
    expect(stats.numtickets).toBe((db.prepare('SELECT COUNT(*) AS n FROM tickets WHERE owner_userid = ?').get(s.demoId) as any).n);
    expect(stats.numactivetickets).toBe((db.prepare("SELECT COUNT(*) AS n FROM tickets WHERE owner_userid = ? AND status != 'Closed'").get(s.demoId) as any).n);
    const count = (query: string) => (db.prepare(query).get(s.demoId) as { n: number }).n;
    expect(stats.numquotes).toBe(count('SELECT COUNT(*) AS n FROM quotes WHERE userid = ?'));
    expect(stats.numacceptedquotes).toBe(count("SELECT COUNT(*) AS n FROM quotes WHERE userid = ? AND stage = 'Accepted'"));
    // The demo account has quotes, some accepted, and is an affiliate with sign-ups: none of these is a constant.
    expect(stats.numacceptedquotes).toBeGreaterThan(0);
    expect(stats.numquotes).toBeGreaterThan(stats.numacceptedquotes);
    expect(stats.isAffiliate).toBe(true);
    expect(stats.numaffiliatesignups).toBe(count('SELECT COUNT(*) AS n FROM affiliate_signups s JOIN affiliates a ON a.id = s.affiliateid WHERE a.clientid = ?'));
    expect(stats.numaffiliatesignups).toBeGreaterThan(0);
    for (const field of STATS_FIELDS.filter((f) => /balance|amount|income/i.test(f))) expect(stats[field], field).toMatch(MONEY);
  });

  it('counts a new invoice in the stats', async () => {
    const before = bracketed(await ok(op(s, 'get-clients-details', { stats: 1 })), 'stats');
    await ok(op(s, 'create-invoice', { itemdescription1: 'Stats', itemamount1: '1000.50', duedate: '2026-01-01', date: '2026-01-01' }));
    await ok(op(s, 'create-invoice', { itemdescription1: 'Due today', itemamount1: '0.00' }));
    const after = bracketed(await ok(op(s, 'get-clients-details', { stats: 1 })), 'stats');
    expect(after.numunpaidinvoices).toBe(before.numunpaidinvoices + 2);
    expect(after.numoverdueinvoices).toBe(before.numoverdueinvoices + 1);
    const cents = (money: string) => Math.round(Number(money.replace(/[$,]|USD/g, '')) * 100);
    expect(cents(after.unpaidinvoicesamount) - cents(before.unpaidinvoicesamount)).toBe(100050);
  });

  it('counts a quote accepted and an affiliate sign-up made on the provider', async () => {
    const before = bracketed(await ok(op(s, 'get-clients-details', { stats: 1 })), 'stats');
    const db = s.sb.db;
    db.prepare("UPDATE quotes SET stage = 'Accepted' WHERE id = (SELECT id FROM quotes WHERE userid = ? AND stage != 'Accepted' LIMIT 1)").run(s.demoId);
    db.prepare("INSERT INTO affiliate_signups (affiliateid, date) SELECT id, '2026-11-20' FROM affiliates WHERE clientid = ?").run(s.demoId);
    const after = bracketed(await ok(op(s, 'get-clients-details', { stats: 1 })), 'stats');
    expect(after.numacceptedquotes).toBe(before.numacceptedquotes + 1);
    expect(after.numquotes).toBe(before.numquotes);
    expect(after.numaffiliatesignups).toBe(before.numaffiliatesignups + 1);
  });

  it('answers each account with its own record and refuses another client id', async () => {
    const other = bracketed(await ok(op(s, 'get-clients-details', {}, { as: 'other' })), 'client');
    expect(other.id).toBe(s.otherId);
    expect(other.email).toBe(s.sb.accounts[1]!.username);
    expect(await rejection(op(s, 'get-clients-details', { clientid: s.otherId }))).toBe('Client ID Not Found');
    expect(bracketed(await ok(op(s, 'get-clients-details', { clientid: s.demoId })), 'client').id).toBe(s.demoId);
    expect(await rejection(op(s, 'get-clients-details', { stats: 'sure' }))).toMatch(/stats/);
  });
});
