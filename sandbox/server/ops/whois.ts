/**
 * whois: availability and prices of a domain name. whois-info: the registry's whois text (text/plain).
 *
 * Decisions: `tld` carries its leading dot ('.com'), so sld + tld is the domain. `whois` holds the registry
 * text, the same text whois-info returns. Prices for 1–5 years come from the TLD price list; years the list
 * does not offer are left out of `price`. Premium names (see domain-names.ts) show premium: true and premium
 * prices.
 */
import type { Operation, OpContext, Params } from '../operation.js';
import { requiredString } from '../params.js';
import { nowDateTime } from './caller.js';
import { isPremium, isRegistered, parseDomainName, priceFor, tldPrices } from './domain-names.js';
import { registryWhoisText } from './registry-whois.js';

const PERIOD_KEYS = ['annually', 'biennially', 'triennially', 'quadriennially', 'quinquennially'] as const;

function requestedDomain(params: Params) {
  return parseDomainName(requiredString(params, 'domain', 'Domain Name Required'));
}

function pricesByPeriod(table: Record<string, string>, premium: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  PERIOD_KEYS.forEach((key, i) => {
    const price = priceFor(table, i + 1, premium);
    if (price !== undefined) out[key] = price;
  });
  return out;
}

export const whois: Operation = {
  name: 'whois',
  host: 'base',
  handle(ctx: OpContext, params: Params) {
    const name = requestedDomain(params);
    const prices = tldPrices(ctx.db, name.tld);
    const premium = isPremium(name);
    return {
      json: {
        result: 'success',
        status: isRegistered(ctx.db, name) ? 'unavailable' : 'available',
        domain: name.domain,
        tld: name.tld,
        sld: name.sld,
        whois: registryWhoisText(ctx.db, name, nowDateTime(ctx)),
        premium: { premium },
        price: {
          register: pricesByPeriod(prices.register, premium),
          transfer: pricesByPeriod(prices.transfer, premium),
          renew: pricesByPeriod(prices.renew, premium),
        },
      },
    };
  },
};

export const whoisInfo: Operation = {
  name: 'whois-info',
  host: 'base',
  handle(ctx: OpContext, params: Params) {
    const name = requestedDomain(params);
    tldPrices(ctx.db, name.tld); // rejects a TLD the provider does not serve
    return { text: registryWhoisText(ctx.db, name, nowDateTime(ctx)) };
  },
};
