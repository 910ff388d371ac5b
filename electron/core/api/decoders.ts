/**
 * Per-operation decoders: reply body (either shape) → typed record(s) of shared/models.ts.
 * Every list operation accepts both list shapes through wire-shape.ts; protocol errors name the operation and
 * the wire path of the first bad value. The paged lists' decoders are list-decoders.ts's, exported here too.
 */
import { decodeHTMLStrict } from 'entities';
import { z } from 'zod';
import type {
  ClientDetailsResult,
  ContactRef,
  DomainPrices,
  EppResult,
  InvoiceCreated,
  OrderCreated,
  RegistrationTerm,
  TicketOpened,
  Token,
  WhoisResult,
} from '../../../shared/models.js';
import { normalizeMoney } from '../../../shared/money.js';
import { protocolError } from './errors.js';
import { isNotFoundText } from './whois-info.js';
import { fromZod, parseOrThrow, record } from './decoding.js';
import * as records from './record-decoders.js';
import { isWireObject, unflatten, type WireObject, type WireValue } from './wire-shape.js';
import { flag, id, idList, optId, optInt, optText, text } from './wire-values.js';

export * from './list-decoders.js';

export function decodeClientDetails(body: WireObject): ClientDetailsResult {
  const folded = unflatten(body);
  const raw = parseOrThrow('get-clients-details', 'client', records.clientDetails, objectAt(folded, 'client', 'get-clients-details'));
  const client = { ...raw, userId: raw.userId ?? raw.id };
  const rawStats = folded.stats;
  const stats =
    rawStats === undefined || rawStats === null || rawStats === '' ? null : parseOrThrow('get-clients-details', 'stats', records.clientStats, rawStats);
  return { client, stats };
}

function objectAt(body: WireObject, key: string, operation: string): WireObject {
  const value = body[key];
  if (!isWireObject(value)) throw protocolError(operation, key, 'missing or not an object');
  return value;
}

const tokenReply = record({
  accessToken: ['access_token', fromZod(z.string().min(1))],
  refreshToken: ['refresh_token', fromZod(z.string().min(1).nullish())],
  tokenType: ['token_type', fromZod(z.string().optional())],
  expiresIn: ['expires_in', optInt],
});

/**
 * The lifetime taken for a token whose expires_in is missing, zero or negative: kept that short, the token is
 * used for a while and renewed, rather than taken as expired already, which sent the password again before
 * every request.
 */
const FALLBACK_TOKEN_LIFETIME_S = 300;

export function decodeToken(operation: string, body: WireObject): Token {
  const reply = parseOrThrow(operation, '', tokenReply, body);
  const expiresIn = reply.expiresIn !== null && reply.expiresIn > 0 ? reply.expiresIn : FALLBACK_TOKEN_LIFETIME_S;
  return { ...reply, expiresIn, refreshToken: reply.refreshToken ?? null, tokenType: reply.tokenType ?? 'Bearer' };
}

const orderCreated = record({
  orderId: ['orderid', id],
  invoiceId: ['invoiceid', optId],
  productIds: ['productids', idList],
  serviceIds: ['serviceids', idList],
  addonIds: ['addonids', idList],
  domainIds: ['domainids', idList],
});

/** The spec names the services `productids`; the upstream reply says `serviceids`. Either is read. */
export function decodeOrderCreated(body: WireObject): OrderCreated {
  const reply = parseOrThrow('add-order', '', orderCreated, body);
  return {
    orderId: reply.orderId,
    invoiceId: reply.invoiceId,
    serviceIds: reply.productIds.length > 0 ? reply.productIds : reply.serviceIds,
    addonIds: reply.addonIds,
    domainIds: reply.domainIds,
  };
}

const contactRef = record({ contactId: ['contactid', id] });

export const decodeContactRef = (operation: 'add-contact' | 'update-contact' | 'delete-contact', body: WireObject): ContactRef =>
  parseOrThrow(operation, '', contactRef, body);

const invoiceCreated = record({ invoiceId: ['invoiceid', id], status: ['status', text] });

export const decodeInvoiceCreated = (body: WireObject): InvoiceCreated =>
  parseOrThrow('create-invoice', '', invoiceCreated, body);

const ticketOpened = record({ id: ['id', optId], tid: ['tid', optText], c: ['c', optText] });

export const decodeTicketOpened = (body: WireObject): TicketOpened => parseOrThrow('open-ticket', '', ticketOpened, body);

const eppReply = record({ eppcode: ['eppcode', optText] });

/**
 * No eppcode and no error means the registrar e-mails the code to the client. The provider encodes a code
 * with PHP's htmlspecialchars/htmlentities, which html_entity_decode reverses: a named entity without its
 * semicolon (`&copy2`) is text there, so the strict decoder, not the browser's lenient one.
 */
export function decodeEpp(body: WireObject): EppResult {
  const { eppcode } = parseOrThrow('domain-request-epp', '', eppReply, body);
  return eppcode === null
    ? { delivery: 'emailed', eppCode: null, eppCodeRaw: null }
    : { delivery: 'returned', eppCode: decodeHTMLStrict(eppcode), eppCodeRaw: eppcode };
}

const TERMS: readonly RegistrationTerm[] = ['annually', 'biennially', 'triennially', 'quadriennially', 'quinquennially'];

/** premium and price come in several shapes, read by readPremium and readPrice. */
const whoisReply = record({
  domain: ['domain', text],
  sld: ['sld', text],
  tld: ['tld', text],
  status: ['status', optText],
  whois: ['whois', text],
});

export function decodeWhois(body: WireObject): WhoisResult {
  const folded = unflatten(body);
  const reply = parseOrThrow('whois', '', whoisReply, folded);
  const { prices, flatPrice } = readPrice(folded.price);
  return {
    domain: reply.domain || `${reply.sld}${reply.tld.startsWith('.') || reply.tld === '' ? '' : '.'}${reply.tld}`,
    sld: reply.sld,
    tld: reply.tld,
    available: availability(reply.status, reply.whois),
    whois: reply.whois,
    premium: readPremium(folded.premium),
    prices,
    flatPrice,
  };
}

/** premium arrives as `{premium: bool}` (sample reply) or as a plain boolean / 0/1 (the spec's typed form). */
function readPremium(value: unknown): boolean {
  const inner = isWireObject(value) ? value.premium : value;
  try {
    return flag(inner);
  } catch {
    throw protocolError('whois', 'premium', `expected a boolean, got ${JSON.stringify(inner)}`);
  }
}

/** price arrives as `{register|transfer|renew: {annually: "9.95", ...}}` or as one plain number. */
function readPrice(value: unknown): { prices: DomainPrices | null; flatPrice: string | null } {
  if (value === undefined || value === null || value === '') return { prices: null, flatPrice: null };
  if (typeof value === 'number' || typeof value === 'string') return { prices: null, flatPrice: moneyAt('price', value) };
  if (!isWireObject(value)) throw protocolError('whois', 'price', 'expected an object or a number');
  const prices: DomainPrices = { register: {}, transfer: {}, renew: {} };
  for (const action of ['register', 'transfer', 'renew'] as const) {
    const byTerm = value[action];
    if (byTerm === undefined || byTerm === null || byTerm === '' || (Array.isArray(byTerm) && byTerm.length === 0)) continue;
    if (!isWireObject(byTerm)) throw protocolError('whois', `price.${action}`, 'expected an object of terms');
    for (const term of TERMS) {
      const amount = byTerm[term];
      if (amount !== undefined && amount !== null && amount !== '') prices[action][term] = moneyAt(`price.${action}.${term}`, amount);
    }
  }
  return { prices, flatPrice: null };
}

function moneyAt(field: string, value: WireValue): string {
  try {
    return normalizeMoney(typeof value === 'number' || typeof value === 'string' ? value : String(value));
  } catch {
    throw protocolError('whois', field, `expected a decimal amount, got ${JSON.stringify(value)}`);
  }
}

/**
 * An explicit status ("available" / "unavailable") wins. Otherwise the text is read: a registry's "no match"
 * means free, a registry record (a "Domain Name:" line) means taken, and a short availability sentence is
 * taken at its word. Anything else: unknown.
 */
function availability(status: string | null, whoisText: string): boolean | null {
  const explicit = status?.trim().toLowerCase();
  if (explicit === 'available') return true;
  if (explicit === 'unavailable' || explicit === 'registered') return false;
  const said = whoisText.trim().toLowerCase();
  if (isNotFoundText(said)) return true;
  if (/\bunavailable\b|\bnot available\b|\balready registered\b|\btaken\b/.test(said)) return false;
  if (/^\s*domain name:/m.test(said)) return false;
  if (/\bavailable\b/.test(said)) return true;
  return null;
}
