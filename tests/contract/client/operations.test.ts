/**
 * Every ResellerClient method against the sandbox provider over real HTTP: the happy path, and that what the
 * client encodes is what the provider stores (read back through the API or the sandbox's database).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResellerClient } from '../../../electron/core/api/client.js';
import { REFRESH_TOKEN_SECRET } from '../../../electron/core/api/session.js';
import { OutboxValidationError } from '../../../shared/outbox/schemas.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { ACCOUNT, connect, start, type Connected } from './harness.js';

let sb: RunningSandbox;
let conn: Connected;
let client: ResellerClient;

beforeAll(async () => {
  sb = await start();
  conn = await connect(sb);
  client = conn.client;
});

afterAll(async () => {
  await sb?.stop();
});

describe('token endpoint', () => {
  it('password grant at sign-in stored a refresh token; the refresh grant rotates it', async () => {
    const stored = await conn.vault.get(ACCOUNT, REFRESH_TOKEN_SECRET);
    expect(stored).toEqual(expect.any(String));
    const token = await client.refresh(stored!);
    expect(token).toMatchObject({ tokenType: 'Bearer', expiresIn: 3600, accessToken: expect.any(String) });
    expect(token.refreshToken).not.toBe(stored);
    await expect(client.refresh(stored!)).rejects.toMatchObject({ kind: 'auth', code: 'invalid_grant' });
  });

  it('password grant directly', async () => {
    expect((await client.token()).accessToken).toEqual(expect.any(String));
  });
});

describe('account and catalogue', () => {
  it('get-clients-details with stats; teaches the client its own id', async () => {
    const { client: me, stats } = await client.getClientsDetails({ stats: true });
    expect(me.userId).toBe(sb.accounts[0]!.userid);
    expect(me.email).toBe(sb.username);
    expect(stats).not.toBeNull();
    expect(stats!.numDomains).toBeGreaterThan(0);
    expect(stats!.unpaidInvoicesAmount.amount).toMatch(/^-?\d+\.\d{2}$/);
    expect(client.clientAccountId).toBe(me.userId);
    expect((await client.getClientsDetails()).stats).toBeNull();
  });

  it('get-products, get-filtered-products, get-product-addons, get-product-configoptions', async () => {
    const all = await client.getProducts();
    expect(all.items.length).toBe(all.total);
    const gid = all.items[0]!.gid!;
    const filtered = await client.getFilteredProducts({ gid });
    expect(filtered.items.length).toBeGreaterThan(0);
    expect(filtered.items.every((p) => p.gid === gid)).toBe(true);
    let addons = 0;
    let options = 0;
    for (const product of all.items) {
      addons += (await client.getProductAddons({ pid: product.pid })).items.length;
      const configs = (await client.getProductConfigoptions({ pid: product.pid })).items;
      options += configs.length;
      for (const option of configs) expect(option.choices.length).toBeGreaterThan(0);
    }
    expect(addons).toBeGreaterThan(0);
    expect(options).toBeGreaterThan(0);
    // eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- wrong input on purpose, to see the client refuse it
    await expect(client.getFilteredProducts({} as never)).rejects.toMatchObject({ kind: 'rejected', operation: 'get-filtered-products' });
  });

  it('the own client id is really sent: a wrong one is refused by the provider', async () => {
    const wrong = new ResellerClient(
      { account: ACCOUNT, baseUrl: sb.baseUrl, altBaseUrl: sb.altBaseUrl, clientId: sb.clientId, username: sb.username, ownClientId: 999_999 },
      conn.vault,
    );
    await expect(wrong.getClientsProducts()).rejects.toMatchObject({ kind: 'rejected', message: 'Client ID Not Found' });
    await expect(wrong.getOrders()).resolves.toMatchObject({ total: expect.any(Number) });
  });
});

describe('lists', () => {
  it('get-clients-products, with a serviceid filter', async () => {
    const page = await client.getClientsProducts({ limitnum: 5 });
    expect(page.items.length).toBe(Math.min(5, page.total));
    const one = await client.getClientsProducts({ serviceid: page.items[1]!.id });
    expect(one.items.map((s) => s.id)).toEqual([page.items[1]!.id]);
  });

  it('get-clients-domains (flattened), get-orders (flattened, line items), get-transactions (alt)', async () => {
    const domains = await client.getClientsDomains({ limitstart: 2, limitnum: 3 });
    expect(domains).toMatchObject({ start: 2, returned: 3 });
    const orders = await client.getOrders({ limitnum: 3 });
    expect(orders.items.every((o) => o.lineItems.length > 0)).toBe(true);
    // Upstream (the strict sandbox) ignores paging on get-transactions: every row, whatever limitnum says.
    const transactions = await client.getTransactions({ limitnum: 4 });
    expect(transactions.items.length).toBe(transactions.total);
    expect(transactions.items.length).toBeGreaterThan(4);
    const byInvoice = await client.getTransactions({ invoiceid: transactions.items[0]!.invoiceId! });
    expect(byInvoice.items.every((t) => t.invoiceId === transactions.items[0]!.invoiceId)).toBe(true);
  });

  it('get-announcements, get-support-departments (alt), get-tickets (alt)', async () => {
    expect((await client.getAnnouncements()).items.length).toBeGreaterThan(0);
    const departments = await client.getSupportDepartments();
    expect(departments.items.length).toBe(departments.total);
    const tickets = await client.getTickets({ status: 'All Active Tickets' });
    expect(tickets.items.every((t) => t.status !== 'Closed')).toBe(true);
  });
});

describe('domains', () => {
  it('whois: taken and free names with prices', async () => {
    const taken = await client.whois({ domain: 'google.com' });
    expect(taken).toMatchObject({ domain: 'google.com', available: false });
    const free = await client.whois({ domain: 'reseller-desk-contract-free-name.com' });
    expect(free.available).toBe(true);
    expect(free.prices?.register.annually).toMatch(/^\d+\.\d{2}$/);
  });

  it('whois-info: registry text parsed; unregistered names not found', async () => {
    const [mine] = (await client.getClientsDomains({ limitnum: 1 })).items;
    const info = await client.whoisInfo({ domain: mine!.domainName });
    expect(info.found).toBe(true);
    expect(info.expiresOn).toBe(mine!.expiryDate);
    expect(info.nameservers.length).toBeGreaterThan(0);
    expect((await client.whoisInfo({ domain: 'reseller-desk-contract-free-name.com' })).found).toBe(false);
  });

  it('domain-request-epp: a code the registrar returns unencoded is decoded as PHP does (no entity without its semicolon), the raw code kept', async () => {
    const userid = sb.accounts[0]!.userid;
    const { id } = sb.db
      .prepare('SELECT id FROM domains WHERE userid = ? AND id % 3 = 0 AND eppcode IS NOT NULL AND registrar_error IS NULL LIMIT 1')
      .get(userid) as { id: number };
    sb.db.prepare('UPDATE domains SET eppcode = ? WHERE id = ?').run('pass&copy2&lt;x', id);
    expect(await client.domainRequestEpp({ domainid: id })).toEqual({ delivery: 'returned', eppCode: 'pass&copy2<x', eppCodeRaw: 'pass&copy2&lt;x' });
  });

  it('domain-request-epp: returned (entities decoded), e-mailed, and registrar error', async () => {
    const userid = sb.accounts[0]!.userid;
    const row = (sql: string) => sb.db.prepare(sql).get(userid) as { id: number; eppcode: string | null; registrar_error: string | null };
    const withCode = row(
      `SELECT id, eppcode FROM domains WHERE userid = ? AND eppcode IS NOT NULL AND registrar_error IS NULL
       ORDER BY (eppcode GLOB '*[&<>"'']*') DESC, id LIMIT 1`,
    );
    expect(await client.domainRequestEpp({ domainid: withCode.id })).toMatchObject({ delivery: 'returned', eppCode: withCode.eppcode });
    const emailed = row('SELECT id FROM domains WHERE userid = ? AND eppcode IS NULL AND registrar_error IS NULL LIMIT 1');
    expect(await client.domainRequestEpp({ domainid: emailed.id })).toEqual({ delivery: 'emailed', eppCode: null, eppCodeRaw: null });
    const failing = row('SELECT id, registrar_error FROM domains WHERE userid = ? AND registrar_error IS NOT NULL LIMIT 1');
    await expect(client.domainRequestEpp({ domainid: failing.id })).rejects.toMatchObject({ kind: 'rejected', message: failing.registrar_error });
  });
});

describe('writes', () => {
  it('add-order with config options, add-ons, a domain registration and a renewal', async () => {
    const userid = sb.accounts[0]!.userid;
    const product = sb.db
      .prepare(
        `SELECT p.pid FROM products p
         WHERE EXISTS (SELECT 1 FROM configoptions c WHERE c.pid = p.pid)
           AND EXISTS (SELECT 1 FROM addon_products a WHERE a.pid = p.pid)
           AND json_extract(p.pricing, '$.USD.monthly') != '-1.00' LIMIT 1`,
      )
      .get() as { pid: number };
    const [option] = (await client.getProductConfigoptions({ pid: product.pid })).items.filter((o) => o.type === 'dropdown' || o.type === 'radio');
    expect(option).toBeDefined();
    const [addon] = (await client.getProductAddons({ pid: product.pid })).items;
    const renewable = (await client.getClientsDomains({ limitnum: 50 })).items.find((d) => d.status === 'Active')!;

    // Index 0: the product (and its domain); index 1: a domain registration of its own ('' = no domaintype).
    const created = await client.addOrder({
      pid: [product.pid],
      domain: ['contract-order.example.com', 'reseller-desk-new-name.com'],
      billingcycle: ['monthly'],
      domaintype: ['', 'register'],
      regperiod: [0, 2],
      configoptions: [{ [option!.id]: option!.choices[0]!.id }],
      addons: [[addon!.id]],
      domainrenewals: { [renewable.domainName]: 1 },
      paymentmethod: 'mailin',
    });
    expect(created.serviceIds).toHaveLength(1);
    expect(created.addonIds).toHaveLength(1);
    expect(created.domainIds).toHaveLength(1);
    expect(created.invoiceId).toEqual(expect.any(Number));

    const [service] = (await client.getClientsProducts({ serviceid: created.serviceIds[0]! })).items;
    expect(service!.configOptions).toContainEqual(expect.objectContaining({ id: option!.id, value: option!.choices[0]!.name }));
    const [order] = (await client.getOrders({ id: created.orderId })).items;
    expect(order!.paymentMethod).toBe('mailin');
    expect(order!.lineItems.map((l) => l.type)).toEqual(expect.arrayContaining(['product', 'addon', 'domain']));
    const [registered] = (await client.getClientsDomains({ domainid: created.domainIds[0]! })).items;
    expect(registered).toMatchObject({ domainName: 'reseller-desk-new-name.com', regPeriod: 2, regType: 'Register' });
    const invoice = sb.db.prepare('SELECT userid FROM invoices WHERE id = ?').get(created.invoiceId) as { userid: number };
    expect(invoice.userid).toBe(userid);
  });

  it('add-order custom fields arrive decoded: the provider names the field id it read from them', async () => {
    const [product] = (await client.getProducts()).items;
    await expect(
      client.addOrder({ pid: [product!.pid], billingcycle: ['annually'], customfields: [{ 987654: 'x' }], paymentmethod: 'mailin' }),
    ).rejects.toMatchObject({ kind: 'rejected', message: `Invalid Custom Field ID: 987654 for product ${product!.pid}` });
  });

  it('add-contact → update-contact (alt) → get-contacts → delete-contact', async () => {
    const email = `contract-${Date.now()}@example.com`;
    const { contactId } = await client.addContact({ firstname: 'Con', lastname: 'Tract', email, country: 'DE', generalemails: true, invoiceemails: false });
    await client.updateContact({ contactid: contactId, city: 'Köln', invoiceemails: true });
    const [found] = (await client.getContacts({ email })).items;
    expect(found).toMatchObject({ id: contactId, city: 'Köln', generalEmails: true, invoiceEmails: true, country: 'DE' });
    expect(await client.deleteContact({ contactid: contactId })).toEqual({ contactId });
    expect((await client.getContacts({ email })).items).toEqual([]);
    await expect(client.deleteContact({ contactid: contactId })).rejects.toMatchObject({ kind: 'rejected' });
  });

  it('open-ticket with attachments and priority; add-ticket-reply with an attachment', async () => {
    const [department] = (await client.getSupportDepartments()).items;
    const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 255]);
    const opened = await client.openTicket({
      deptid: department!.id,
      subject: 'Contract ticket',
      message: 'Hello from the contract test',
      priority: 'High',
      markdown: true,
      attachments: [{ name: 'shot.png', data: png }],
    });
    expect(opened.id).toEqual(expect.any(Number));
    const [ticket] = (await client.getTickets({ subject: 'Contract ticket' })).items;
    expect(ticket).toMatchObject({ id: opened.id, priority: 'High', deptId: department!.id });

    await client.addTicketReply({ ticketid: opened.id!, message: 'A **reply**', useMarkdown: true, attachments: [{ name: 'notes.txt', data: Buffer.from('n1') }] });
    const files = sb.db.prepare('SELECT filename, data, replyid FROM ticket_attachments WHERE ticketid = ? ORDER BY id').all(opened.id) as Array<{
      filename: string;
      data: Buffer;
      replyid: number | null;
    }>;
    expect(files.map((f) => [f.filename, [...f.data], f.replyid === null])).toEqual([
      ['shot.png', [...png], true],
      ['notes.txt', [...Buffer.from('n1')], false],
    ]);
  });

  it('create-invoice with numbered line items', async () => {
    const created = await client.createInvoice({
      duedate: '2026-12-22',
      items: [
        { description: 'Migration', amount: '49.5', taxed: false },
        { description: 'Support hours', amount: 30 },
      ],
    });
    expect(created.status).toBe('Unpaid');
    const items = sb.db.prepare('SELECT description, amount FROM invoice_items WHERE invoiceid = ? ORDER BY id').all(created.invoiceId);
    expect(items).toEqual([
      { description: 'Migration', amount: '49.50' },
      { description: 'Support hours', amount: '30.00' },
    ]);
    expect((await client.createInvoice({ draft: true, items: [{ description: 'x', amount: 1 }] })).status).toBe('Draft');
  });

  it('create-invoice with an amount of more than two decimals: a validation error on that field, nothing sent', async () => {
    conn.requests.reset();
    const error = await client
      .createInvoice({ items: [{ description: 'ok', amount: '1.50' }, { description: 'too precise', amount: '12.955' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboxValidationError);
    expect((error as OutboxValidationError).issues).toEqual([{ field: 'items[1].amount', message: expect.stringMatching(/two decimals/) }]);
    expect(conn.requests.count('create-invoice')).toBe(0);
  });
});

describe('writes from a client that has not read the account yet (a replay before the first pull)', () => {
  let fresh: Connected;
  beforeAll(async () => {
    fresh = await connect(sb, { learnOwnId: true });
  });

  it('learns the client id once and sends it with each write that upstream requires it on', async () => {
    const { contactId } = await fresh.client.addContact({ firstname: 'Fresh', lastname: 'Client', email: `fresh-${Date.now()}@example.com` });
    const departments = await fresh.client.getSupportDepartments();
    const opened = await fresh.client.openTicket({ deptid: departments.items[0]!.id, subject: 'First thing', message: 'Hello' });
    await fresh.client.addTicketReply({ ticketid: opened.id!, message: 'And more' });
    await fresh.client.createInvoice({ items: [{ description: 'x', amount: '1.00' }] });
    await fresh.client.deleteContact({ contactid: contactId });
    expect(fresh.requests.count('get-clients-details')).toBe(1);
    expect(fresh.client.clientAccountId).toBe(sb.accounts[0]!.userid);
  });

  it('a ticket in someone else\'s name goes without the client id', async () => {
    const departments = await fresh.client.getSupportDepartments();
    const opened = await fresh.client.openTicket({
      deptid: departments.items[0]!.id, subject: 'For a friend', message: 'Hello', name: 'Someone Else', email: 'else@example.com',
    });
    expect(sb.db.prepare('SELECT userid FROM tickets WHERE id = ?').get(opened.id)).toEqual({ userid: 0 });
  });

  it('add-order without a payment method is paid with the account\'s default gateway', async () => {
    const created = await fresh.client.addOrder({ domain: [`fresh-order-${Date.now()}.com`], domaintype: ['register'] });
    const gateway = sb.db.prepare('SELECT defaultgateway FROM clients WHERE id = ?').get(sb.accounts[0]!.userid) as { defaultgateway: string };
    expect(sb.db.prepare('SELECT paymentmethod FROM orders WHERE id = ?').get(created.orderId)).toEqual({ paymentmethod: gateway.defaultgateway });
  });

  it('add-order with a payment method the user chose sends that one', async () => {
    const created = await fresh.client.addOrder({ domain: [`chosen-gateway-${Date.now()}.com`], domaintype: ['register'], paymentmethod: 'banktransfer' });
    expect(sb.db.prepare('SELECT paymentmethod FROM orders WHERE id = ?').get(created.orderId)).toEqual({ paymentmethod: 'banktransfer' });
  });
});
