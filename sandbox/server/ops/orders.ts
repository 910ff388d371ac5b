/**
 * get-orders: the caller's orders as flattened `orders[order][<n>][<field>]` keys with their line items under
 * `orders[order][<n>][lineitems][lineitem][<m>][<field>]`, in id order.
 *
 * Derived fields: `name` is the client's full name; currencyprefix/currencysuffix come from the client's
 * currency; `paymentstatus` is the status of the order's invoice ('' when the order has none); a line item's
 * amount is formatted with the currency text ("$12.95 USD"). The `status` filter is an exact,
 * case-insensitive match.
 */
import { optionalInt, optionalString } from '../params.js';
import { parseCents as cents } from '../../store/money.js';
import { formatCurrency, stringifyNumbers } from '../reply.js';
import { callerClient } from './caller.js';
import { currencyOf } from './currencies.js';
import { listOperation } from './list-operation.js';
import { Conditions, sql } from './sql.js';

const COLUMNS = `o.id, o.ordernum, o.userid, o.contactid, o.date, o.nameservers, o.transfersecret, o.renewals, o.promocode,
  o.promotype, o.promovalue, o.orderdata, o.amount, o.paymentmethod, o.invoiceid, o.status, o.ipaddress, o.fraudmodule,
  o.fraudoutput, o.notes, o.paymentmethodname, COALESCE(i.status, '') AS paymentstatus, o.frauddata`;

type OrderRow = Record<string, string | number> & { id: number };

type LineItemRow = {
  type: string;
  relid: number;
  producttype: string;
  product: string;
  domain: string;
  billingcycle: string;
  amount: string;
  status: string;
};

export const getOrders = listOperation<OrderRow>({
  name: 'get-orders',
  host: 'base',
  own: true,
  select: { columns: COLUMNS, from: 'orders o LEFT JOIN invoices i ON i.id = o.invoiceid', orderBy: 'o.id' },
  filter: (ctx, params) => ({
    conditions: new Conditions()
      .add('o.userid = ?', ctx.userid)
      .addIf(optionalInt(params, 'id'), 'o.id = ?')
      .addIf(optionalString(params, 'status'), 'o.status = ? COLLATE NOCASE'),
  }),
  wire(ctx, rows) {
    const client = callerClient(ctx);
    const currency = currencyOf(client.currency_code);
    const lineItems = sql(
      ctx.db,
      'SELECT type, relid, producttype, product, domain, billingcycle, amount, status FROM order_lineitems WHERE orderid = ? ORDER BY seq',
    );
    return rows.map((row) => ({
      ...stringifyNumbers(row),
      name: `${client.firstname} ${client.lastname}`,
      currencyprefix: currency.prefix,
      currencysuffix: currency.suffix,
      lineitems: {
        lineitem: (lineItems.all(row.id) as LineItemRow[]).map((item) => ({
          ...stringifyNumbers(item),
          amount: formatCurrency(cents(item.amount), currency),
        })),
      },
    }));
  },
  shape: { flattened: 'orders[order]' },
});
