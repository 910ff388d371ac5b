/**
 * get-clients-domains: the caller's domains as flattened `domains[domain][<n>][<field>]` keys, in id order.
 * Echoes clientid and the searched domainid ('' when not given, as in the upstream example). The `domain`
 * filter matches the whole name, case-insensitively.
 */
import { optionalInt, optionalString } from '../params.js';
import { listOperation } from './list-operation.js';
import { Conditions } from './sql.js';

const COLUMNS = `id, userid, orderid, regtype, domainname, registrar, regperiod, firstpaymentamount, recurringamount,
  paymentmethod, paymentmethodname, regdate, expirydate, nextduedate, status, subscriptionid, promoid, dnsmanagement,
  emailforwarding, idprotection, donotrenew, notes`;

export const getClientsDomains = listOperation({
  name: 'get-clients-domains',
  host: 'base',
  own: true,
  select: { columns: COLUMNS, from: 'domains', orderBy: 'id' },
  filter(ctx, params) {
    const domainid = optionalInt(params, 'domainid');
    return {
      conditions: new Conditions()
        .add('userid = ?', ctx.userid)
        .addIf(domainid, 'id = ?')
        .addIf(optionalString(params, 'domain')?.trim().toLowerCase(), 'domainname = ?'),
      echo: { clientid: String(ctx.userid), domainid: domainid === undefined ? '' : String(domainid) },
    };
  },
  shape: { flattened: 'domains[domain]' },
});
