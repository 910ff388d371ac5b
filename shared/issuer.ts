/**
 * The reseller as the issuer of the invoices the app prints: a name, an address and a VAT number kept in the
 * settings, and a small logo kept as a file in the data folder (settings.logo, settings.setLogo), shown to the
 * page as a data: URL (its CSP allows `img-src 'self' data: blob:`). SVG is refused: it can carry script.
 */
import { z } from 'zod';

export const IssuerSchema = z.strictObject({
  name: z.string().max(200, { error: 'must be at most 200 characters' }),
  /** Its lines, as typed. */
  address: z.string().max(1000, { error: 'must be at most 1000 characters' }),
  vatNumber: z.string().max(40, { error: 'must be at most 40 characters' }),
});
export type Issuer = z.infer<typeof IssuerSchema>;
export const NO_ISSUER: Issuer = { name: '', address: '', vatNumber: '' };

/** The largest logo kept: a small image for a letterhead, not a photograph. */
export const MAX_LOGO_BYTES = 512 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

export const LogoFileSchema = z.strictObject({
  type: z.enum(LOGO_TYPES, { error: 'must be a PNG, JPEG, GIF or WebP image' }),
  bytes: z
    .custom<Uint8Array>((value) => value instanceof Uint8Array, { error: "must be the image's bytes" })
    .refine((bytes) => bytes.byteLength > 0, { error: 'is empty' })
    .refine((bytes) => bytes.byteLength <= MAX_LOGO_BYTES, { error: `must be at most ${MAX_LOGO_BYTES / 1024} KB` }),
});

export interface IssuerLogo {
  type: LogoType;
  /** `data:<type>;base64,…` */
  dataUrl: string;
  bytes: number;
}

/** The type an image's first bytes say it is, or null: a file's name or a page's word for it is not trusted. */
export function logoTypeOf(bytes: Uint8Array): LogoType | null {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return 'image/webp';
  return null;
}
