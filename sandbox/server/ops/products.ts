/**
 * get-clients-products: the caller's services, nested as products.product[], each with its custom fields and
 * configurable options. Filters are exact matches; rows come in id order. The searched values are echoed
 * (null when not given), as upstream does.
 */
import type { Operation, OpContext } from '../operation.js';
import { optionalInt, optionalString } from '../params.js';
import { COUNTERS, nest, pageCounters, readPage, stringifyNumbers } from '../reply.js';
import { checkClientId } from './caller.js';
import { Conditions, selectPage, sql } from './sql.js';

const SERVICE_COLUMNS = `id, userid AS clientid, orderid, pid, regdate, name, name AS translated_name, groupname,
  groupname AS translated_groupname, domain, dedicatedip, serverid, servername, serverip, serverhostname,
  suspensionreason, firstpaymentamount, recurringamount, paymentmethod, paymentmethodname, billingcycle,
  nextduedate, status, username, password, subscriptionid, promoid, overideautosuspend, overidesuspenduntil, ns1,
  ns2, assignedips, notes, diskusage, disklimit, bwusage, bwlimit, lastupdate`;

type ServiceRow = Record<string, string | number> & { id: number };

function customFields(ctx: OpContext, serviceid: number) {
  const rows = sql(ctx.db, 'SELECT id, name, value FROM service_customfields WHERE serviceid = ? ORDER BY id').all(serviceid);
  return (rows as Record<string, string | number>[]).map(stringifyNumbers);
}

function configOptions(ctx: OpContext, serviceid: number) {
  const rows = sql(ctx.db, 'SELECT id, option, type, value FROM service_configoptions WHERE serviceid = ? ORDER BY id').all(serviceid);
  return (rows as Record<string, string | number>[]).map(stringifyNumbers);
}

export const getClientsProducts: Operation = {
  name: 'get-clients-products',
  host: 'base',
  handle(ctx, params) {
    checkClientId(ctx, params);
    const page = readPage(params, ctx.options);
    const serviceid = optionalInt(params, 'serviceid');
    const pid = optionalInt(params, 'pid');
    const domain = optionalString(params, 'domain');
    const username = optionalString(params, 'username2');
    const conditions = new Conditions()
      .add('userid = ?', ctx.userid)
      .addIf(serviceid, 'id = ?')
      .addIf(pid, 'pid = ?')
      .addIf(domain, 'domain = ? COLLATE NOCASE')
      .addIf(username, 'username = ?');
    const { total, rows } = selectPage<ServiceRow>(ctx.db, {
      columns: SERVICE_COLUMNS, from: 'services', conditions, orderBy: 'id', page,
    });
    const products = rows.map((row) => ({
      ...stringifyNumbers(row),
      customfields: { customfield: customFields(ctx, row.id) },
      configoptions: { configoption: configOptions(ctx, row.id) },
    }));
    return {
      json: {
        result: 'success',
        clientid: String(ctx.userid),
        serviceid: serviceid === undefined ? null : String(serviceid),
        pid: pid === undefined ? null : String(pid),
        domain: domain ?? null,
        ...pageCounters(COUNTERS['get-clients-products'], total, page, products.length),
        ...nest('products', 'product', products),
      },
    };
  },
};
