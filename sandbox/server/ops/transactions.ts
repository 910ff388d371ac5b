/**
 * get-transactions (alt host): the caller's payment transactions, nested as transactions.transaction[], in id
 * order. The spec lists no paging parameters, but its reply carries the paging counters (Common rules 6), so
 * limitstart/limitnum apply as for every other list; in strict mode they are ignored as upstream does: every
 * row, startnumber 0.
 */
import { optionalInt, optionalString } from '../params.js';
import { readPage } from '../reply.js';
import { listOperation } from './list-operation.js';
import { Conditions } from './sql.js';

const COLUMNS = 'id, userid, currency, gateway, date, description, amountin, fees, amountout, rate, transid, invoiceid, refundid';

export const getTransactions = listOperation({
  name: 'get-transactions',
  host: 'alt',
  own: true,
  page: (ctx, params) => (ctx.options.strict ? { start: 0, limit: -1 } : readPage(params, ctx.options)),
  select: { columns: COLUMNS, from: 'transactions', orderBy: 'id' },
  filter: (ctx, params) => ({
    conditions: new Conditions()
      .add('userid = ?', ctx.userid)
      .addIf(optionalInt(params, 'invoiceid'), 'invoiceid = ?')
      .addIf(optionalString(params, 'transid'), 'transid = ?'),
  }),
  shape: { nested: ['transactions', 'transaction'] },
});
