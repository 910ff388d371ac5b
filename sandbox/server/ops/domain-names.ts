/**
 * Domain names as the provider sees them: validation, the sld/tld split, TLD prices, and whether a name is
 * already registered.
 *
 * Decisions:
 * - Names are compared and stored lowercase in Unicode form (IDNs like müller-bau.de as typed, punycode input
 *   such as xn--mller-bau-q9a.de is turned into Unicode). Each label must be valid LDH in its ASCII form.
 * - The TLD is everything after the first label ('.co.uk' for example.co.uk), with the leading dot, as the
 *   TLD price list keys it; a TLD missing from the price list is unsupported.
 * - A name is registered when any account has it in its domains, or when its sld is one of a fixed list of
 *   well-known words (WELL_KNOWN_SLDS), so availability is deterministic and predictable.
 * - Premium names: slds of at most 3 characters; they cost PREMIUM_FACTOR times the TLD price.
 */
import { domainToASCII, domainToUnicode } from 'node:url';
import type { Database } from 'better-sqlite3';
import { Rejection } from '../operation.js';
import { formatCents, parseCents as cents } from '../../store/money.js';
import { sql } from './sql.js';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const PREMIUM_MAX_SLD_LENGTH = 3;
const PREMIUM_FACTOR = 20;

/** Names the registry already holds though no sandbox account has them. */
export const WELL_KNOWN_SLDS: ReadonlySet<string> = new Set([
  'google', 'example', 'facebook', 'amazon', 'apple', 'microsoft', 'wikipedia', 'youtube', 'twitter', 'github',
  'netflix', 'yahoo', 'paypal', 'ebay', 'linkedin', 'instagram', 'reddit', 'mozilla', 'cloudflare', 'wordpress',
  'test', 'shop', 'mail', 'web', 'hosting', 'domain', 'cloud', 'news', 'bank', 'store', 'online', 'business',
]);

export interface DomainName {
  /** Lowercase Unicode form, e.g. 'müller-bau.de'. */
  domain: string;
  /** The first label, e.g. 'müller-bau'. */
  sld: string;
  /** Everything after the first label, with the dot: '.de', '.co.uk'. */
  tld: string;
}

/** True for a host name of at least two labels, each valid LDH in ASCII (IDN) form. */
export function isHostname(text: string): boolean {
  const ascii = domainToASCII(text.trim().toLowerCase());
  const labels = ascii.split('.');
  return ascii !== '' && ascii.length <= 253 && labels.length >= 2 && labels.every((l) => LABEL.test(l));
}

/** Parses and validates a domain name; Rejection 'Invalid Domain Name: ...' when it is not one. */
export function parseDomainName(raw: string): DomainName {
  if (!isHostname(raw)) throw new Rejection(`Invalid Domain Name: ${raw}`);
  const domain = domainToUnicode(domainToASCII(raw.trim().toLowerCase()));
  const dot = domain.indexOf('.');
  return { domain, sld: domain.slice(0, dot), tld: domain.slice(dot) };
}

/** Prices by registration years ('1' → '9.95') for registering, transferring and renewing under one TLD. */
export interface TldPrices {
  register: Record<string, string>;
  transfer: Record<string, string>;
  renew: Record<string, string>;
}

/** The TLD's prices; Rejection when the provider does not sell the TLD. */
export function tldPrices(db: Database, tld: string): TldPrices {
  const row = sql(db, 'SELECT register, transfer, renew FROM tld_pricing WHERE tld = ?').get(tld) as
    | { register: string; transfer: string; renew: string }
    | undefined;
  if (!row) throw new Rejection(`TLD Not Supported: ${tld}`);
  return {
    register: JSON.parse(row.register) as Record<string, string>,
    transfer: JSON.parse(row.transfer) as Record<string, string>,
    renew: JSON.parse(row.renew) as Record<string, string>,
  };
}

export function isPremium(name: DomainName): boolean {
  return [...name.sld].length <= PREMIUM_MAX_SLD_LENGTH;
}

/**
 * The price of `years` from a price table, premium-adjusted; undefined when the table has no price for that
 * many years (missing or the '-1.00' "not offered" marker).
 */
export function priceFor(table: Record<string, string>, years: number, premium: boolean): string | undefined {
  const listed = table[String(years)];
  if (listed === undefined || cents(listed) < 0) return undefined;
  return formatCents(cents(listed) * (premium ? PREMIUM_FACTOR : 1));
}

/** The newest domains row holding the name in any account, or undefined. */
export function registeredDomainId(db: Database, domain: string): number | undefined {
  const row = sql(db, 'SELECT id FROM domains WHERE domainname = ? ORDER BY id DESC LIMIT 1').get(domain) as { id: number } | undefined;
  return row?.id;
}

export function isRegistered(db: Database, name: DomainName): boolean {
  return WELL_KNOWN_SLDS.has(name.sld) || registeredDomainId(db, name.domain) !== undefined;
}
