/** What the user types to connect a provider account; validated the same way in every process. */
import { z } from 'zod';
import { redactUrls } from './redact-url.js';

/** One message per problem; the address the API's paths start from (the app adds /api/v2/…). Empty when `optional`. */
const httpUrl = (optional = false) =>
  z
    .string()
    .trim()
    .transform((text, ctx) => {
      if (optional && text === '') return '';
      const problem = urlProblem(text);
      if (problem === null) return text.replace(/\/+$/, '');
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    });

function urlProblem(text: string): string | null {
  if (!URL.canParse(text)) return 'must be a URL such as https://api.example.com';
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must start with http:// or https://';
  // Never echoed: the message shows the address without them.
  if (url.username || url.password) return `must not hold a user name or password (they would be sent as they are): give ${redactUrls(text)}`;
  const apiPath = /\/(api|oauth)(\/|$)/i.exec(url.pathname);
  const path = (apiPath ? url.pathname.slice(0, apiPath.index) : url.pathname).replace(/\/+$/, '');
  if (apiPath) return `must not include the API's own path (${url.pathname.slice(apiPath.index)}): give ${url.origin}${path}`;
  if (url.search || url.hash) return `must not carry a query or fragment: give ${url.origin}${path}`;
  return null;
}

export const AccountNameSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(64, 'is at most 64 characters')
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u, 'may hold letters, digits, spaces, dots, dashes and underscores');

/** The provider's own name in operation paths (the spec's `svc`). */
const ServiceSegmentSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]+$/, 'is one path segment: letters, digits, dots, dashes, underscores');
const ClientIdSchema = z.string().trim().min(1, 'is required');
const UsernameSchema = z.string().trim().email('must be the account e-mail address');
const SecretSchema = z.string().min(1, 'is required');
/** A file's path as given (the engine reads it); empty: none. */
const CaFileSchema = z.string().trim().max(4096, 'is at most 4096 characters');
/** The user name of the account's proxy sign-in; empty: none. */
const ProxyUserSchema = z.string().trim().max(256, 'is at most 256 characters');
/** The password of the account's proxy sign-in (a keychain secret, like the others). */
const ProxyPasswordSchema = z.string().max(1024, 'is at most 1024 characters');

/** The non-secret part of an account: stored in a plain settings file. */
export const AccountConfigSchema = z.object({
  name: AccountNameSchema,
  baseUrl: httpUrl(),
  /** Empty: the alt operations live on the base URL too (docs/sync.md, "Notes on the provider's API"). */
  altBaseUrl: httpUrl(true).default(''),
  /** The provider's own name in operation paths (the spec's `svc`). */
  service: ServiceSegmentSchema.default('svc'),
  clientId: ClientIdSchema,
  username: UsernameSchema,
  /** The bundled sandbox provider's demo account. */
  demo: z.boolean().default(false),
  /** The user allowed plain http:// to a host other than this machine (secrets then cross the network readable). */
  insecureHttp: z.boolean().default(false),
  /**
   * A PEM file of an extra CA certificate trusted for this account (a TLS-inspecting proxy's); empty: none. The
   * engine reads and checks the file (electron/core/network/extra-ca.ts).
   */
  caFile: CaFileSchema.default(''),
  /**
   * The user name a proxy that asks for a sign-in is given (its password is the keychain's); empty: none. A
   * sign-in in the proxy's own address wins over it.
   */
  proxyUser: ProxyUserSchema.default(''),
});
export type AccountConfig = z.infer<typeof AccountConfigSchema>;

/** Adding an account: the config plus its secrets (the proxy's password optional), which go straight to the keychain. */
export const AccountInputSchema = AccountConfigSchema.extend({
  clientSecret: SecretSchema,
  password: SecretSchema,
  proxyPassword: ProxyPasswordSchema.optional(),
}).superRefine((input, ctx) => {
  for (const issue of plainHttpIssues(input)) ctx.addIssue({ code: 'custom', ...issue });
});
export type AccountInput = z.infer<typeof AccountInputSchema>;

/**
 * Changing a stored account: its name and what changes (a secret left out stays as stored; an empty proxyUser
 * removes the proxy sign-in and its password).
 */
export const AccountEditSchema = z.strictObject({
  name: AccountNameSchema,
  baseUrl: httpUrl().optional(),
  altBaseUrl: httpUrl(true).optional(),
  service: ServiceSegmentSchema.optional(),
  clientId: ClientIdSchema.optional(),
  username: UsernameSchema.optional(),
  clientSecret: SecretSchema.optional(),
  password: SecretSchema.optional(),
  insecureHttp: z.boolean().optional(),
  caFile: CaFileSchema.optional(),
  proxyUser: ProxyUserSchema.optional(),
  proxyPassword: ProxyPasswordSchema.optional(),
});
export type AccountEdit = z.infer<typeof AccountEditSchema>;

/** This machine by name or address: plain HTTP to it crosses no network. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Whether an address is plain http:// to another machine (what the client secret and password must not cross unasked). */
export function isRemotePlainHttp(address: string): boolean {
  if (!URL.canParse(address)) return false;
  const url = new URL(address);
  return url.protocol === 'http:' && !isLoopbackHost(url.hostname);
}

/** Whether signing in to this account sends its secrets unencrypted across a network (allowed by the user, warned of at every sign-in). */
export function signsInOverPlainHttp(config: { baseUrl: string; altBaseUrl: string }): boolean {
  return isRemotePlainHttp(config.baseUrl) || isRemotePlainHttp(config.altBaseUrl);
}

/** The addresses of a connection that are plain HTTP to another machine, refused unless the user allowed it. */
export function plainHttpIssues(config: { baseUrl: string; altBaseUrl: string; insecureHttp: boolean }): Array<{ path: string[]; message: string }> {
  if (config.insecureHttp) return [];
  return (['baseUrl', 'altBaseUrl'] as const)
    .filter((field) => isRemotePlainHttp(config[field]))
    .map((field) => ({
      path: [field],
      message: 'is plain http:// to another machine, which would send the client secret and password unencrypted: use https://, or allow plain HTTP (--insecure-http)',
    }));
}

/** One message per problem, each naming its field: "baseUrl: must start with http:// or https://". */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ');
}
