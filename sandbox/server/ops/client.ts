/**
 * get-clients-details: the caller's client record as flattened `client[<field>]` keys and, when `stats` is
 * true, statistics as `stats[<field>]`.
 *
 * Decisions:
 * - Value types follow the upstream example, not the all-strings rule of the lists: ids, currency and groupid
 *   are numbers, the yes/no settings are booleans, allowSingleSignOn is 1. The spec's field list includes
 *   `result` among client fields; it is sent once, at the top level, not as client[result].
 * - countryname is the English name, phonecc the calling code; phonenumberformatted is `+<cc>.<digits>` unless
 *   the stored number already carries its own '+' prefix.
 * - lastlogin is the stored text ("Date: dd/mm/YYYY HH:MM<br>IP Address: ...<br>Host: ..."), or "No Login
 *   Logged" for an account that never logged in.
 * - Stats: money as currency text ("$1,234.50 USD"), counts as numbers, incredit/isAffiliate as booleans.
 *   "Due" invoices are the Unpaid ones, "overdue" the Unpaid ones past their due date; income is payments
 *   in less fees and refunds out. Products count by catalogue type (hostingaccount → hosting,
 *   reselleraccount → reseller, server → servers, anything else → other); active means status Active.
 *   Quotes are the account's quotes, accepted ones those at stage Accepted; isAffiliate says the account has
 *   an affiliate record, numaffiliatesignups counts the sign-ups it referred (sandbox/store/sales.ts).
 */
import type { OpContext, Operation } from '../operation.js';
import { optionalBool } from '../params.js';
import { parseCents as cents } from '../../store/money.js';
import { flattenRecord, formatCurrency } from '../reply.js';
import { type ClientRow, callerClient, checkClientId, today } from './caller.js';
import { callingCode, countryName } from './countries.js';
import { type Currency, currencyOf } from './currencies.js';
import { sql } from './sql.js';
import { ACTIVE_SQL } from './ticket-status.js';

function clientFields(client: ClientRow, currency: Currency) {
  const phonecc = callingCode(client.country);
  const digits = client.phonenumber.replace(/\D/g, '');
  return {
    userid: client.id,
    id: client.id,
    uuid: client.uuid,
    firstname: client.firstname,
    lastname: client.lastname,
    fullname: `${client.firstname} ${client.lastname}`,
    companyname: client.companyname,
    email: client.email,
    address1: client.address1,
    address2: client.address2,
    city: client.city,
    fullstate: client.state,
    state: client.state,
    postcode: client.postcode,
    countrycode: client.country,
    country: client.country,
    phonenumber: client.phonenumber,
    password: client.password_hash,
    statecode: client.state,
    countryname: countryName(client.country),
    phonecc,
    phonenumberformatted: client.phonenumber.startsWith('+') || digits === '' ? client.phonenumber : `+${phonecc}.${digits}`,
    billingcid: 0,
    notes: client.notes,
    twofaenabled: false,
    currency: currency.id,
    defaultgateway: client.defaultgateway,
    cctype: '',
    cclastfour: '',
    securityqid: 0,
    securityqans: '',
    groupid: client.groupid,
    status: client.status,
    credit: client.credit,
    taxexempt: client.taxexempt === 1,
    latefeeoveride: false,
    overideduenotices: false,
    separateinvoices: false,
    disableautocc: false,
    emailoptout: false,
    marketing_emails_opt_in: true,
    overrideautoclose: false,
    allowSingleSignOn: 1,
    language: client.language,
    lastlogin: client.lastlogin === '' ? 'No Login Logged' : client.lastlogin,
    currency_code: currency.code,
  };
}

/** Count and total (cents) of invoices per status, and of Unpaid ones past due. */
function invoiceTotals(ctx: OpContext) {
  const rows = sql(ctx.db, 'SELECT status, duedate, total FROM invoices WHERE userid = ?').all(ctx.userid) as {
    status: string;
    duedate: string;
    total: string;
  }[];
  const byStatus = new Map<string, { count: number; cents: number }>();
  const overdue = { count: 0, cents: 0 };
  for (const row of rows) {
    const entry = byStatus.get(row.status) ?? { count: 0, cents: 0 };
    entry.count++;
    entry.cents += cents(row.total);
    byStatus.set(row.status, entry);
    if (row.status === 'Unpaid' && row.duedate < today(ctx)) {
      overdue.count++;
      overdue.cents += cents(row.total);
    }
  }
  return { of: (status: string) => byStatus.get(status) ?? { count: 0, cents: 0 }, overdue };
}

function incomeCents(ctx: OpContext): number {
  const rows = sql(ctx.db, 'SELECT amountin, fees, amountout FROM transactions WHERE userid = ?').all(ctx.userid) as {
    amountin: string;
    fees: string;
    amountout: string;
  }[];
  return rows.reduce((sum, r) => sum + cents(r.amountin) - cents(r.fees) - cents(r.amountout), 0);
}

function productCounts(ctx: OpContext) {
  const rows = sql(
    ctx.db,
    `SELECT CASE p.type WHEN 'hostingaccount' THEN 'hosting' WHEN 'reselleraccount' THEN 'reseller'
              WHEN 'server' THEN 'servers' ELSE 'other' END AS kind,
            COUNT(*) AS total, COUNT(*) FILTER (WHERE s.status = 'Active') AS active
     FROM services s LEFT JOIN products p ON p.pid = s.pid WHERE s.userid = ? GROUP BY kind`,
  ).all(ctx.userid) as { kind: string; total: number; active: number }[];
  const of = (kind: string) => rows.find((r) => r.kind === kind) ?? { total: 0, active: 0 };
  return {
    productsnumactivehosting: of('hosting').active,
    productsnumhosting: of('hosting').total,
    productsnumactivereseller: of('reseller').active,
    productsnumreseller: of('reseller').total,
    productsnumactiveservers: of('servers').active,
    productsnumservers: of('servers').total,
    productsnumactiveother: of('other').active,
    productsnumother: of('other').total,
    productsnumactive: rows.reduce((n, r) => n + r.active, 0),
    productsnumtotal: rows.reduce((n, r) => n + r.total, 0),
  };
}

function countOf(ctx: OpContext, query: string): number {
  return (sql(ctx.db, query).get(ctx.userid) as { n: number }).n;
}

function stats(ctx: OpContext, client: ClientRow, currency: Currency) {
  const money = (value: number) => formatCurrency(value, currency);
  const invoices = invoiceTotals(ctx);
  const credit = cents(client.credit);
  const byStatus = (countKey: string, amountKey: string, status: string) => ({
    [countKey]: invoices.of(status).count,
    [amountKey]: money(invoices.of(status).cents),
  });
  return {
    numdueinvoices: invoices.of('Unpaid').count,
    dueinvoicesbalance: money(invoices.of('Unpaid').cents),
    income: money(incomeCents(ctx)),
    incredit: credit > 0,
    creditbalance: money(credit),
    numoverdueinvoices: invoices.overdue.count,
    overdueinvoicesbalance: money(invoices.overdue.cents),
    ...byStatus('numDraftInvoices', 'draftInvoicesBalance', 'Draft'),
    ...byStatus('numpaidinvoices', 'paidinvoicesamount', 'Paid'),
    ...byStatus('numunpaidinvoices', 'unpaidinvoicesamount', 'Unpaid'),
    ...byStatus('numcancelledinvoices', 'cancelledinvoicesamount', 'Cancelled'),
    ...byStatus('numrefundedinvoices', 'refundedinvoicesamount', 'Refunded'),
    ...byStatus('numcollectionsinvoices', 'collectionsinvoicesamount', 'Collections'),
    ...productCounts(ctx),
    numactivedomains: countOf(ctx, "SELECT COUNT(*) AS n FROM domains WHERE userid = ? AND status = 'Active'"),
    numdomains: countOf(ctx, 'SELECT COUNT(*) AS n FROM domains WHERE userid = ?'),
    numacceptedquotes: countOf(ctx, "SELECT COUNT(*) AS n FROM quotes WHERE userid = ? AND stage = 'Accepted'"),
    numquotes: countOf(ctx, 'SELECT COUNT(*) AS n FROM quotes WHERE userid = ?'),
    numtickets: countOf(ctx, 'SELECT COUNT(*) AS n FROM tickets WHERE owner_userid = ?'),
    numactivetickets: countOf(ctx, `SELECT COUNT(*) AS n FROM tickets WHERE owner_userid = ? AND ${ACTIVE_SQL}`),
    numaffiliatesignups: countOf(ctx, 'SELECT COUNT(*) AS n FROM affiliate_signups s JOIN affiliates a ON a.id = s.affiliateid WHERE a.clientid = ?'),
    isAffiliate: countOf(ctx, 'SELECT COUNT(*) AS n FROM affiliates WHERE clientid = ?') > 0,
  };
}

export const getClientsDetails: Operation = {
  name: 'get-clients-details',
  host: 'base',
  handle(ctx, params) {
    checkClientId(ctx, params);
    const client = callerClient(ctx);
    const currency = currencyOf(client.currency_code);
    const withStats = optionalBool(params, 'stats') ?? false;
    return {
      json: {
        result: 'success',
        ...flattenRecord('client', clientFields(client, currency)),
        ...(withStats ? flattenRecord('stats', stats(ctx, client, currency)) : {}),
      },
    };
  },
};
