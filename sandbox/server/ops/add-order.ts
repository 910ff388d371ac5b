/**
 * add-order: places an order for the caller. The whole request is validated and priced first; then one
 * transaction writes the order, its services (with custom fields, configurable options and add-ons), domains,
 * add-on-only purchases, renewals, line items and an Unpaid invoice whose total is the order amount.
 *
 * Request reading (decisions where the spec leaves room):
 * - pid[i] goes with domain[i], billingcycle[i], configoptions[i], customfields[i], addons[i], hostname[i],
 *   ns1prefix[i], ns2prefix[i], rootpw[i]. domain[i] with domaintype[i] (register|transfer) also orders that
 *   domain, with regperiod[i] (default 1), eppcode[i], idprotection[i], emailforwarding[i], domainfields[i];
 *   dnsmanagement may be one flag for all domains or a list. A domain[i] past the products needs a domaintype.
 * - configoptions[i] and customfields[i]: base64 of a PHP-serialized array (or, for configoptions, of a JSON
 *   object), or form fields; keys are catalogue ids.
 * - domainfields[i]: base64 of a PHP-serialized array, keyed by field name or a list in the registry's field order
 *   (shared/domain-fields.ts). A registration in a TLD whose registry asks for fields (.it, .uk, .us, .eu, .de;
 *   a transfer where the registry asks too: .it, .us) needs them: one missing or malformed fails the order, naming
 *   each domain and each field ("Required Domain Fields Missing or Invalid: a.it: "Tax ID" is required, …"),
 *   nothing placed. The fields given are stored with the domain (domain_fields), by name.
 * - A transfer needs an eppcode and a registered name that is not already the caller's; a registration needs
 *   an available name. Premium names cost the premium price (see domain-names.ts).
 * - domainrenewals[<domain>]=<years> renews one of the caller's domains (Active, Expired, Grace or Redemption).
 * - addonid+serviceid and addonids[]+serviceids[] buy add-ons for existing services of the caller.
 * - paymentmethod defaults to the client's default gateway (strict: required, as upstream); an unknown one is
 *   "Invalid Payment Method. Valid options include …".
 * - promocode: the sandbox has no promotions, so any code is "Promotion Code Not Found".
 * - affid: a positive integer, stored on the order (orders.affid); where the sandbox keeps affiliate accounts, one
 *   of theirs. Anything else is "Invalid Affiliate ID: <id> (…why)".
 * - nameserver1..5 apply to every domain of the order (default: the provider's nameservers).
 * - An order with nothing in it is rejected as upstream does: "No items added to cart so order cannot proceed".
 *
 * Reply: orderid and invoiceid as JSON numbers (the spec types them integer); the ids of created services,
 * add-ons and domains as comma-separated strings. The spec's table names the service ids `productids` while
 * the upstream sample reply says `serviceids`: both keys are sent, with the same value.
 */
import { Rejection, type OpContext, type Operation, type Params } from '../operation.js';
import { optionalInt, optionalString } from '../params.js';
import { callerClient, requireClientId } from './caller.js';
import { isHostname } from './domain-names.js';
import { gatewayCodes, gatewayName } from './gateways.js';
import { readOrderPlan } from './order-plan.js';
import { writeOrder } from './order-writer.js';
import { requireOwn } from './ownership.js';
import { sql } from './sql.js';

/** nameserver1..5, in order, each a valid host name. */
function readNameservers(params: Params): string[] {
  return [1, 2, 3, 4, 5].flatMap((n) => {
    const ns = optionalString(params, `nameserver${n}`)?.trim().toLowerCase();
    if (ns !== undefined && !isHostname(ns)) throw new Rejection(`Invalid nameserver${n}: ${ns}`);
    return ns === undefined ? [] : [ns];
  });
}

/** Upstream requires paymentmethod; the lenient sandbox defaults it to the client's default gateway. */
function readPaymentMethod(params: Params, defaultGateway: string | undefined): { code: string; name: string } {
  const code = optionalString(params, 'paymentmethod')?.trim() ?? defaultGateway ?? '';
  const name = gatewayName(code);
  if (name === undefined) throw new Rejection(`Invalid Payment Method. Valid options include ${gatewayCodes().join(',')}`);
  return { code, name };
}

/**
 * affid: a positive integer; 0 when not given. Where the sandbox keeps affiliate accounts (an `affiliates` table
 * with rows), it must be one of them, as upstream credits only an existing affiliate.
 */
function readAffiliate(ctx: OpContext, params: Params): number {
  const raw = optionalString(params, 'affid')?.trim();
  if (raw === undefined || raw === '') return 0;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) throw new Rejection(`Invalid Affiliate ID: ${raw} (expected a positive whole number)`);
  const affid = Number(raw);
  const kept = sql(ctx.db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'affiliates'").get() !== undefined
    && sql(ctx.db, 'SELECT 1 FROM affiliates LIMIT 1').get() !== undefined;
  if (kept && !sql(ctx.db, 'SELECT 1 FROM affiliates WHERE id = ?').get(affid)) throw new Rejection(`Invalid Affiliate ID: ${affid} (no such affiliate)`);
  return affid;
}

export const addOrder: Operation = {
  name: 'add-order',
  host: 'base',
  handle(ctx, params) {
    requireClientId(ctx, params);
    const client = callerClient(ctx);
    const payment = readPaymentMethod(params, ctx.options.strict ? undefined : client.defaultgateway);
    const contactid = optionalInt(params, 'contactid');
    if (contactid !== undefined) requireOwn(ctx, 'contacts', contactid);
    if (optionalString(params, 'promocode') !== undefined) throw new Rejection('Promotion Code Not Found');
    const affid = readAffiliate(ctx, params);
    const nameservers = readNameservers(params);
    const plan = readOrderPlan(ctx, params, client.currency_code);
    const order = writeOrder(ctx, plan, { payment, contactid: contactid ?? 0, nameservers, affid });
    const serviceids = order.serviceids.join(',');
    return {
      json: {
        result: 'success',
        orderid: order.orderid,
        productids: serviceids,
        serviceids,
        addonids: order.addonids.join(','),
        domainids: order.domainids.join(','),
        invoiceid: order.invoiceid,
      },
    };
  },
};
