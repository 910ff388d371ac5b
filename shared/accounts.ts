/** What the user types to connect a provider account; validated the same way in every process. */
import { z } from 'zod';

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

/** The non-secret part of an account: stored in a plain settings file. */
export const AccountConfigSchema = z.object({
  name: AccountNameSchema,
  baseUrl: httpUrl(),
  /** Empty: the alt operations live on the base URL too (docs/architecture.md, notes on the API). */
  altBaseUrl: httpUrl(true).default(''),
  /** The provider's own name in operation paths (the spec's `svc`). */
  service: ServiceSegmentSchema.default('svc'),
  clientId: ClientIdSchema,
  username: UsernameSchema,
  /** The bundled sandbox provider's demo account. */
  demo: z.boolean().default(false),
});
export type AccountConfig = z.infer<typeof AccountConfigSchema>;

/** Adding an account: the config plus the two secrets, which go straight to the keychain. */
export const AccountInputSchema = AccountConfigSchema.extend({
  clientSecret: SecretSchema,
  password: SecretSchema,
});
export type AccountInput = z.infer<typeof AccountInputSchema>;

/** Changing a stored account: its name and what changes (a secret left out stays as stored). */
export const AccountEditSchema = z.strictObject({
  name: AccountNameSchema,
  baseUrl: httpUrl().optional(),
  altBaseUrl: httpUrl(true).optional(),
  service: ServiceSegmentSchema.optional(),
  clientId: ClientIdSchema.optional(),
  username: UsernameSchema.optional(),
  clientSecret: SecretSchema.optional(),
  password: SecretSchema.optional(),
});
export type AccountEdit = z.infer<typeof AccountEditSchema>;

/** One message per problem, each naming its field: "baseUrl: must start with http:// or https://". */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ');
}
