/**
 * get-clients-products: the caller's services, nested as products.product[], each with its custom fields and
 * configurable options. Filters are exact matches; rows come in id order. The searched values are echoed
 * (null when not given), as upstream does.
 */
import type { OpContext } from '../operation.js';
import { optionalInt, optionalString } from '../params.js';
import { stringifyNumbers } from '../reply.js';
import { listOperation } from './list-operation.js';
import { Conditions, sql } from './sql.js';

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

export const getClientsProducts = listOperation<ServiceRow>({
  name: 'get-clients-products',
  host: 'base',
  own: true,
  select: { columns: SERVICE_COLUMNS, from: 'services', orderBy: 'id' },
  filter(ctx, params) {
    const serviceid = optionalInt(params, 'serviceid');
    const pid = optionalInt(params, 'pid');
    const domain = optionalString(params, 'domain');
    const username = optionalString(params, 'username2');
    return {
      conditions: new Conditions()
        .add('userid = ?', ctx.userid)
        .addIf(serviceid, 'id = ?')
        .addIf(pid, 'pid = ?')
        .addIf(domain, 'domain = ? COLLATE NOCASE')
        .addIf(username, 'username = ?'),
      echo: {
        clientid: String(ctx.userid),
        serviceid: serviceid === undefined ? null : String(serviceid),
        pid: pid === undefined ? null : String(pid),
        domain: domain ?? null,
      },
    };
  },
  wire: (ctx, rows) =>
    rows.map((row) => ({
      ...stringifyNumbers(row),
      customfields: { customfield: customFields(ctx, row.id) },
      configoptions: { configoption: configOptions(ctx, row.id) },
    })),
  shape: { nested: ['products', 'product'] },
});
