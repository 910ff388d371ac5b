/** Helpers for the operation contract tests: sessions on both accounts, reading reply shapes back, PHP arrays. */
import { expect } from 'vitest';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { call, type CallResult, type Fields, start, token } from './http.js';
import type { SandboxOverrides } from '../../../sandbox/index.js';

/** A started sandbox with a token for each of its two accounts. */
export interface Session {
  sb: RunningSandbox;
  /** Token of account 1 (the demo account). */
  demo: string;
  /** Token of account 2. */
  other: string;
  /** userid of each account. */
  demoId: number;
  otherId: number;
}

export async function openSession(options: SandboxOverrides = {}): Promise<Session> {
  const sb = await start(options);
  const [a, b] = sb.accounts;
  return { sb, demo: await token(sb, a), other: await token(sb, b), demoId: a!.userid, otherId: b!.userid };
}

/** Operations published on the alt base URL (spec, Common rules 2). */
const ALT = new Set(['get-transactions', 'get-support-departments', 'update-contact', 'get-tickets']);

/** The writes that carry the caller's own id, as upstream requires in strict mode (unless the author is named). */
const OWN_ID: Record<string, 'clientid' | 'userid'> = {
  'add-contact': 'clientid',
  'delete-contact': 'clientid',
  'add-order': 'clientid',
  'open-ticket': 'clientid',
  'add-ticket-reply': 'clientid',
  'create-invoice': 'userid',
};

/** Calls an operation on the listener that publishes it; a write carries the caller's own id unless `ownId: false` or given. */
export function op(
  s: Session,
  operation: string,
  fields: Fields = {},
  opts: { as?: 'demo' | 'other'; urlencoded?: boolean; ownId?: boolean } = {},
): Promise<CallResult> {
  const accessToken = opts.as === 'other' ? s.other : s.demo;
  const param = OWN_ID[operation];
  const namedAuthor = 'name' in fields && 'email' in fields;
  const withOwnId =
    param === undefined || opts.ownId === false || param in fields || namedAuthor
      ? fields
      : { ...fields, [param]: opts.as === 'other' ? s.otherId : s.demoId };
  return call(s.sb, accessToken, operation, withOwnId, { alt: ALT.has(operation), urlencoded: opts.urlencoded });
}

/** The JSON body of a successful reply (fails the test with the reply's message otherwise). */
export async function ok(reply: Promise<CallResult>): Promise<any> {
  const res = await reply;
  expect(res.status, res.text).toBe(200);
  expect(res.json?.result, res.text).toBe('success');
  return res.json;
}

/** The message of a rejected request: HTTP 200 with result 'error'. */
export async function rejection(reply: Promise<CallResult>): Promise<string> {
  const res = await reply;
  expect(res.status, res.text).toBe(200);
  expect(res.json?.result, res.text).toBe('error');
  expect(typeof res.json.message).toBe('string');
  return res.json.message as string;
}

/** `a[b][0][c]` → ['a', 'b', '0', 'c']. */
function keyPath(key: string): string[] {
  const open = key.indexOf('[');
  if (open < 0) return [key];
  return [key.slice(0, open), ...[...key.slice(open).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!)];
}

function arraysFromIndexes(node: unknown): unknown {
  if (typeof node !== 'object' || node === null) return node;
  const entries = Object.entries(node as Record<string, unknown>).map(([k, v]) => [k, arraysFromIndexes(v)] as const);
  const indexed = entries.length > 0 && entries.every(([k], i) => k === String(i));
  return indexed ? entries.map(([, v]) => v) : Object.fromEntries(entries);
}

/**
 * Regroups flattened bracket keys: unflatten(json, 'domains[domain]') gives the rows `domains[domain][<n>][...]`
 * spelled, with nested keys (line items) regrouped too. No matching key gives [].
 */
export function unflatten(json: Record<string, unknown>, prefix: string): any[] {
  const prefixPath = keyPath(prefix);
  const root: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(json)) {
    const path = keyPath(key);
    if (path.length <= prefixPath.length || !prefixPath.every((p, i) => path[i] === p)) continue;
    let node = root;
    const rest = path.slice(prefixPath.length);
    rest.slice(0, -1).forEach((segment) => {
      node = (node[segment] ??= {}) as Record<string, unknown>;
    });
    node[rest[rest.length - 1]!] = value;
  }
  const rows = arraysFromIndexes(root);
  return Array.isArray(rows) ? rows : Object.keys(root).length === 0 ? [] : [rows];
}

/** Every listed field is present and a JSON string, and the record has exactly these fields. */
export function expectStringRecord(record: Record<string, unknown>, fields: readonly string[]): void {
  expect(Object.keys(record).sort()).toEqual([...fields].sort());
  for (const field of fields) expect(typeof record[field], `${field} = ${JSON.stringify(record[field])}`).toBe('string');
}

export const DATE = /^(\d{4}-\d{2}-\d{2}|0000-00-00)$/;
export const DATETIME = /^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}|0000-00-00 00:00:00)$/;
export const AMOUNT = /^-?\d+\.\d{2}$/;
export const FLAG = /^[01]$/;

function phpValue(value: string | number): string {
  return typeof value === 'number' ? `i:${value};` : `s:${Buffer.byteLength(value)}:"${value}";`;
}

/** PHP serialize() of an array with integer keys, as a PHP client would build it. */
export function phpArray(entries: Record<number, string | number>): string {
  const body = Object.entries(entries).map(([k, v]) => `i:${k};${phpValue(v)}`).join('');
  return `a:${Object.keys(entries).length}:{${body}}`;
}

export const base64 = (text: string | Buffer) => Buffer.from(text).toString('base64');

/** The ids of rows, as strings. */
export function ids(rows: readonly { id: unknown }[]): string[] {
  return rows.map((r) => String(r.id));
}
