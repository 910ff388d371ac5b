/** What the user types to connect a provider account; validated the same way in every process. */
import { z } from 'zod';

const httpUrl = z
  .string()
  .trim()
  .url('must be a URL such as https://api.example.com')
  .refine((u) => /^https?:\/\//i.test(u), 'must start with http:// or https://')
  .transform((u) => u.replace(/\/+$/, ''));

export const AccountNameSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(64, 'is at most 64 characters')
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u, 'may hold letters, digits, spaces, dots, dashes and underscores');

/** The non-secret part of an account: stored in a plain settings file. */
export const AccountConfigSchema = z.object({
  name: AccountNameSchema,
  baseUrl: httpUrl,
  /** Empty: the alt operations live on the base URL too (DESIGN, notes on the spec). */
  altBaseUrl: z.union([httpUrl, z.literal('')]).default(''),
  /** The provider's own name in operation paths (the spec's `svc`). */
  service: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]+$/, 'is one path segment: letters, digits, dots, dashes, underscores')
    .default('svc'),
  clientId: z.string().trim().min(1, 'is required'),
  username: z.string().trim().email('must be the account e-mail address'),
  /** The bundled sandbox provider's demo account. */
  demo: z.boolean().default(false),
});
export type AccountConfig = z.infer<typeof AccountConfigSchema>;

/** Adding an account: the config plus the two secrets, which go straight to the keychain. */
export const AccountInputSchema = AccountConfigSchema.extend({
  clientSecret: z.string().min(1, 'is required'),
  password: z.string().min(1, 'is required'),
});
export type AccountInput = z.infer<typeof AccountInputSchema>;

/** One message per problem, each naming its field: "baseUrl: must start with http:// or https://". */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ');
}
