/** Generators of small realistic values: identifiers, hashes, addresses, codes. */
import { SECONDS_PER_DAY } from './calendar.js';
import type { Gateway } from './model.js';
import { ALPHANUMERIC, DIGITS, LOWER, type Rng } from './rng.js';
import type { Locale } from './vocabulary.js';

const BCRYPT_ALPHABET = './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';

/** A string shaped like a PHP bcrypt hash ('$2y$10$' + 53 chars); it hashes nothing. */
export function bcryptLikeHash(rng: Rng): string {
  return `$2y$10$${rng.chars(BCRYPT_ALPHABET, 53)}`;
}

/** A version-4-shaped UUID. */
export function uuid(rng: Rng): string {
  const hex = rng.chars(HEX, 32);
  const variant = HEX[8 + rng.int(0, 3)] as string;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/** A client IP address from the documentation ranges (RFC 5737 / RFC 3849). */
export function clientIp(rng: Rng): string {
  if (rng.chance(0.1)) return `2001:db8:${rng.int(1, 0xffff).toString(16)}::${rng.int(1, 0xffff).toString(16)}`;
  const prefix = rng.pick(['192.0.2', '198.51.100', '203.0.113']);
  return `${prefix}.${rng.int(1, 254)}`;
}

export function phoneNumber(rng: Rng, locale: Locale): string {
  return `${locale.phonePrefix}.${rng.int(1, 9)}${rng.chars(DIGITS, rng.int(7, 9))}`;
}

/** A random moment (unix seconds) during `day`, in office-ish hours. */
export function momentOn(rng: Rng, day: number): number {
  return day * SECONDS_PER_DAY + rng.int(6 * 3600, 22 * 3600);
}

/** A gateway's transaction id, in the style each gateway uses. */
export function gatewayTransactionId(rng: Rng, gateway: Gateway, refund = false): string {
  switch (gateway.code) {
    case 'stripe': return `${refund ? 're' : 'ch'}_3${rng.chars(ALPHANUMERIC, 23)}`;
    case 'paypal': return rng.chars('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 17);
    default: return `BANK-${rng.chars(DIGITS, 8)}`;
  }
}

/** Gateway fee in cents: card and PayPal take 2.9 % + 30 cents, bank transfers nothing. */
export function gatewayFeeCents(gateway: Gateway, amountCents: number): number {
  return gateway.code === 'mailin' || amountCents === 0 ? 0 : Math.round(amountCents * 0.029) + 30;
}

/**
 * An EPP code, stored decoded. Registries allow punctuation, and codes with characters that HTML escapes
 * (& < > " ') reach the client as entities, so some codes have them on purpose.
 */
export function eppCode(rng: Rng, withEscapedCharacters: boolean): string {
  const base = rng.chars(ALPHANUMERIC, rng.int(10, 14));
  if (!withEscapedCharacters) return base;
  const special = rng.pick(['&', '<', '>', '"', '\'', '&<', '">']);
  const at = rng.int(1, base.length - 1);
  return `${base.slice(0, at)}${special}${base.slice(at)}`;
}

/** An 8-letter control-panel username derived from a domain ('example.com' → 'examplec'). */
export function usernameFor(rng: Rng, domain: string, attempt: number): string {
  const letters = domain.normalize('NFD').toLowerCase().replace(/[^a-z]/g, '');
  const stem = attempt === 0 ? letters.slice(0, 8) : letters.slice(0, 8 - Math.min(4, attempt));
  return (stem + rng.chars(LOWER, 8)).slice(0, 8);
}

/** A service password as the panel generates them. */
export function servicePassword(rng: Rng): string {
  return rng.chars(`${ALPHANUMERIC}!#%+-=?@`, 14);
}
