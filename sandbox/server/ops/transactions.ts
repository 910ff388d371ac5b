/**
 * get-transactions (alt host): the caller's payment transactions, nested as transactions.transaction[], in id
 * order. The spec lists no paging parameters, but its reply carries the paging counters (Common rules 6), so
 * limitstart/limitnum apply as for every other list; in strict mode they are ignored as upstream does: every
 * row, startnumber 0.
 */
import type { Operation } from '../operation.js';
import { optionalInt, optionalString } from '../params.js';
import { COUNTERS, nest, pageCounters, readPage, stringifyNumbers } from '../reply.js';
import { checkClientId } from './caller.js';
import { Conditions, selectPage } from './sql.js';

const COLUMNS = 'id, userid, currency, gateway, date, description, amountin, fees, amountout, rate, transid, invoiceid, refundid';

export const getTransactions: Operation = {
  name: 'get-transactions',
  host: 'alt',
  handle(ctx, params) {
    checkClientId(ctx, params);
    const page = ctx.options.strict ? { start: 0, limit: -1 } : readPage(params, ctx.options);
    const conditions = new Conditions()
      .add('userid = ?', ctx.userid)
      .addIf(optionalInt(params, 'invoiceid'), 'invoiceid = ?')
      .addIf(optionalString(params, 'transid'), 'transid = ?');
    const { total, rows } = selectPage<Record<string, string | number>>(ctx.db, {
      columns: COLUMNS, from: 'transactions', conditions, orderBy: 'id', page,
    });
    const transactions = rows.map(stringifyNumbers);
    return {
      json: {
        result: 'success',
        ...pageCounters(COUNTERS['get-transactions'], total, page, transactions.length),
        ...nest('transactions', 'transaction', transactions),
      },
    };
  },
};
