/**
 * get-clients-domains: the caller's domains as flattened `domains[domain][<n>][<field>]` keys, in id order.
 * Echoes clientid and the searched domainid ('' when not given, as in the upstream example). The `domain`
 * filter matches the whole name, case-insensitively.
 */
import type { Operation } from '../operation.js';
import { optionalInt, optionalString } from '../params.js';
import { COUNTERS, flatten, pageCounters, readPage, stringifyNumbers } from '../reply.js';
import { checkClientId } from './caller.js';
import { Conditions, selectPage } from './sql.js';

const COLUMNS = `id, userid, orderid, regtype, domainname, registrar, regperiod, firstpaymentamount, recurringamount,
  paymentmethod, paymentmethodname, regdate, expirydate, nextduedate, status, subscriptionid, promoid, dnsmanagement,
  emailforwarding, idprotection, donotrenew, notes`;

export const getClientsDomains: Operation = {
  name: 'get-clients-domains',
  host: 'base',
  handle(ctx, params) {
    checkClientId(ctx, params);
    const page = readPage(params, ctx.options);
    const domainid = optionalInt(params, 'domainid');
    const conditions = new Conditions()
      .add('userid = ?', ctx.userid)
      .addIf(domainid, 'id = ?')
      .addIf(optionalString(params, 'domain')?.trim().toLowerCase(), 'domainname = ?');
    const { total, rows } = selectPage<Record<string, string | number>>(ctx.db, {
      columns: COLUMNS, from: 'domains', conditions, orderBy: 'id', page,
    });
    return {
      json: {
        result: 'success',
        clientid: String(ctx.userid),
        domainid: domainid === undefined ? '' : String(domainid),
        ...pageCounters(COUNTERS['get-clients-domains'], total, page, rows.length),
        ...flatten('domains[domain]', rows.map(stringifyNumbers)),
      },
    };
  },
};
