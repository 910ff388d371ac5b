/**
 * The upstream system takes some parameters as base64 of a PHP-serialized array (customfields, domainfields,
 * configoptions). These helpers decode them into plain string maps, rejecting anything malformed with a message
 * that names the parameter.
 */
import { serialize, unserialize } from 'php-serialize';
import { Rejection, type FormValue } from './operation.js';

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** Bytes of a base64 (standard or URL-safe) string; undefined when it is not base64. */
export function decodeBase64(text: string): Buffer | undefined {
  const compact = text.replace(/\s+/g, '');
  if (compact.length === 0 || !BASE64.test(compact)) return undefined;
  return Buffer.from(compact, compact.includes('-') || compact.includes('_') ? 'base64url' : 'base64');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A decoded array's values as strings: PHP arrays hold scalars here (ints, strings, booleans). */
function toStringMap(name: string, value: unknown): Map<string, string> | undefined {
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : isPlainObject(value) ? Object.entries(value) : undefined;
  if (!entries) return undefined;
  const map = new Map<string, string>();
  for (const [key, item] of entries) {
    if (typeof item === 'string' || typeof item === 'number') map.set(key, String(item));
    else if (typeof item === 'boolean') map.set(key, item ? '1' : '0');
    else throw new Rejection(`Invalid ${name}: values must be scalars`);
  }
  return map;
}

function tryUnserialize(text: string): unknown {
  try {
    return unserialize(text, {}, { strict: true });
  } catch {
    return undefined;
  }
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** base64 of a PHP-serialized array → its entries. */
export function decodeSerializedArray(name: string, base64: string): Map<string, string> {
  const bytes = decodeBase64(base64);
  const map = bytes && toStringMap(name, tryUnserialize(bytes.toString('utf8')));
  if (!map) throw new Rejection(`Invalid ${name}: expected a base64-encoded serialized array`);
  return map;
}

/**
 * A map parameter sent any of the ways the upstream accepts: as form fields (`configoptions[0][12]=34`, already
 * folded into an object), or as base64 of a PHP-serialized array, or as base64 of a JSON object.
 */
export function decodeArrayParam(name: string, value: FormValue): Map<string, string> {
  if (typeof value !== 'string') {
    const map = toStringMap(name, value);
    if (!map) throw new Rejection(`Invalid ${name}: expected an array`);
    return map;
  }
  const bytes = decodeBase64(value);
  const text = bytes?.toString('utf8');
  const decoded = text === undefined ? undefined : (tryUnserialize(text) ?? tryJson(text));
  const map = toStringMap(name, decoded);
  if (!map) throw new Rejection(`Invalid ${name}: expected a base64-encoded serialized array or JSON object`);
  return map;
}

/** PHP serialize() of a string map, as the upstream stores order data. */
export function serializeMap(map: ReadonlyMap<string, string>): string {
  return serialize(Object.fromEntries(map));
}
