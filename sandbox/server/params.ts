/**
 * Typed accessors over a parsed request body. Every bad value is a Rejection that names the parameter, so a
 * client learns which field it got wrong.
 *
 * Conventions (decisions where the spec leaves room):
 * - An absent parameter and an empty string are the same: "not given". HTML forms send empty fields.
 * - Integers are plain decimal digits with an optional leading '-'; '1.0', '1e3', ' 1' are rejected.
 * - Booleans accept true/false, 1/0, on/off and yes/no, case-insensitively ('on' is what a checkbox sends).
 * - List parameters accept a single value (`pid=1`) as a one-item list, or an array (`pid[]=1`, `pid[0]=1`).
 * - A string parameter given as an array, an object or an uploaded file is rejected.
 */
import { Rejection, type FileValue, type FormValue, type Params } from './operation.js';

const INTEGER = /^-?\d+$/;
const TRUE_WORDS = new Set(['true', '1', 'on', 'yes']);
const FALSE_WORDS = new Set(['false', '0', 'off', 'no']);

export function isFile(value: FormValue | undefined): value is FileValue {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Buffer.isBuffer((value as FileValue).data);
}

function scalar(params: Params, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new Rejection(`Invalid ${name}: expected a single value`);
  return value === '' ? undefined : value;
}

export function optionalString(params: Params, name: string): string | undefined {
  return scalar(params, name);
}

export function requiredString(params: Params, name: string, missingMessage: string): string {
  const value = scalar(params, name);
  if (value === undefined || value.trim() === '') throw new Rejection(missingMessage);
  return value;
}

export function parseInteger(name: string, raw: string): number {
  const trimmed = raw.trim();
  if (!INTEGER.test(trimmed) || !Number.isSafeInteger(Number(trimmed))) {
    throw new Rejection(`Invalid ${name}: expected an integer, got "${raw}"`);
  }
  return Number(trimmed);
}

export function optionalInt(params: Params, name: string): number | undefined {
  const raw = scalar(params, name);
  return raw === undefined ? undefined : parseInteger(name, raw);
}

export function requiredInt(params: Params, name: string, missingMessage: string): number {
  const raw = scalar(params, name);
  if (raw === undefined) throw new Rejection(missingMessage);
  return parseInteger(name, raw);
}

export function parseBoolean(name: string, raw: string): boolean {
  const word = raw.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  throw new Rejection(`Invalid ${name}: expected a boolean (true/false, 1/0), got "${raw}"`);
}

export function optionalBool(params: Params, name: string): boolean | undefined {
  const raw = scalar(params, name);
  return raw === undefined ? undefined : parseBoolean(name, raw);
}

/** A decimal number such as a tax rate: digits with an optional fraction, optionally signed. */
export function optionalDecimal(params: Params, name: string): number | undefined {
  const raw = scalar(params, name);
  if (raw === undefined) return undefined;
  if (!/^-?\d+(\.\d+)?$/.test(raw.trim())) throw new Rejection(`Invalid ${name}: expected a number, got "${raw}"`);
  return Number(raw.trim());
}

/** The raw items of a list parameter: a single value becomes a one-item list; absent gives []. */
export function listValues(params: Params, name: string): FormValue[] {
  const value = params[name];
  if (value === undefined) return [];
  if (Array.isArray(value)) return value;
  if (typeof value === 'string' || isFile(value)) return [value];
  throw new Rejection(`Invalid ${name}: expected a list`);
}

/** A list of strings; empty items stay in place (as '') so parallel lists keep their positions. */
export function stringList(params: Params, name: string): string[] {
  return listValues(params, name).map((item, i) => {
    if (typeof item !== 'string') throw new Rejection(`Invalid ${name}[${i}]: expected a single value`);
    return item;
  });
}

export function intList(params: Params, name: string): number[] {
  return stringList(params, name).map((item, i) => parseInteger(`${name}[${i}]`, item));
}

/**
 * A per-item boolean that may be sent once for all items (`dnsmanagement=1`) or per item
 * (`idprotection[]=1&idprotection[]=0`). Returns a lookup by item index; a missing item is false.
 */
export function perItemBool(params: Params, name: string): (index: number) => boolean {
  const value = params[name];
  if (value === undefined) return () => false;
  if (typeof value === 'string') {
    const all = value === '' ? false : parseBoolean(name, value);
    return () => all;
  }
  const flags = stringList(params, name).map((item, i) => (item === '' ? false : parseBoolean(`${name}[${i}]`, item)));
  return (index) => flags[index] ?? false;
}

/** An object parameter such as `domainrenewals[example.com]=2`, as string values by key. */
export function stringMap(params: Params, name: string): Map<string, string> {
  const value = params[name];
  const map = new Map<string, string>();
  if (value === undefined) return map;
  if (typeof value !== 'object' || Array.isArray(value) || isFile(value)) {
    throw new Rejection(`Invalid ${name}: expected ${name}[<key>]=<value> fields`);
  }
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== 'string') throw new Rejection(`Invalid ${name}[${key}]: expected a single value`);
    map.set(key, item);
  }
  return map;
}
