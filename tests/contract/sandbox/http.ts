/**
 * Raw HTTP helpers for the sandbox's contract tests: they speak the wire protocol directly (fetch, FormData),
 * so the sandbox is checked against the spec, not against our own client.
 */
import { startSandbox, type SandboxOverrides } from '../../../sandbox/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';

export type Fields = Record<string, string | number | boolean | Array<string | number | boolean>>;

/** Starts a sandbox on free ports (demo preset, seed 1 unless overridden). */
export function start(options: SandboxOverrides = {}): Promise<RunningSandbox> {
  return startSandbox({ port: 0, altPort: 0, controlPort: 0, today: '2026-11-22', strict: true, ...options });
}

export async function passwordGrant(sb: RunningSandbox, account = sb.accounts[0]!) {
  const body = new URLSearchParams({
    grant_type: 'password',
    client_id: account.clientId,
    client_secret: account.clientSecret,
    username: account.username,
    password: account.password,
  });
  const res = await fetch(`${sb.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export async function token(sb: RunningSandbox, account = sb.accounts[0]!): Promise<string> {
  const { status, body } = await passwordGrant(sb, account);
  if (status !== 200) throw new Error(`token: ${status} ${JSON.stringify(body)}`);
  return body.access_token as string;
}

/** Builds multipart form data; arrays become repeated `name[]` fields. */
export function formData(fields: Fields): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (Array.isArray(v)) for (const item of v) fd.append(`${k}[]`, String(item));
    else fd.append(k, String(v));
  }
  return fd;
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body when it is JSON, else undefined. */
  json: any;
}

/** POSTs one operation as multipart/form-data on the base or alt base URL. */
export async function call(
  sb: RunningSandbox,
  accessToken: string | null,
  operation: string,
  fields: Fields = {},
  opts: { alt?: boolean; urlencoded?: boolean; method?: string } = {},
): Promise<CallResult> {
  const base = opts.alt ? sb.altBaseUrl : sb.baseUrl;
  const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' };
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  let body: FormData | URLSearchParams | undefined;
  if (opts.method === undefined || opts.method === 'POST') {
    if (opts.urlencoded) {
      const p = new URLSearchParams();
      for (const [k, v] of Object.entries(fields)) {
        if (Array.isArray(v)) v.forEach((item, i) => p.append(`${k}[${i}]`, String(item)));
        else p.append(k, String(v));
      }
      body = p;
    } else body = formData(fields);
  }
  const res = await fetch(`${base}/api/v2/${sb.options.service}/${operation}`, {
    method: opts.method ?? 'POST',
    headers,
    body,
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** POSTs form fields to an OAuth endpoint on the base URL: x-www-form-urlencoded, or multipart when asked. */
export async function oauthPost(
  sb: RunningSandbox,
  path: '/oauth/token' | '/oauth/revoke',
  fields: Record<string, string>,
  opts: { multipart?: boolean } = {},
): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const res = await fetch(`${sb.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    body: opts.multipart ? formData(fields) : new URLSearchParams(fields),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

/** The password grant's fields for an account (demo account by default). */
export function passwordFields(sb: RunningSandbox, account = sb.accounts[0]!): Record<string, string> {
  return {
    grant_type: 'password',
    client_id: account.clientId,
    client_secret: account.clientSecret,
    username: account.username,
    password: account.password,
  };
}

/** A JSON request to the control endpoint. */
export async function control(sb: RunningSandbox, method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await fetch(`${sb.controlUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
