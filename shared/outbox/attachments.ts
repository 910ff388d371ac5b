/**
 * Ticket attachments cross the contract as bytes, never as paths: the page reads the file the user picked or
 * dropped and sends its name, type and bytes (a Uint8Array over IPC, base64 over the web host's JSON socket).
 * The limits and the allowed types are checked here, in the outbox's schema, so that every front end gets the
 * same clear message on the right attachment, and a form can check early with the same rule.
 */
import { z } from 'zod';

export const ATTACHMENT_LIMITS = {
  /** Per file. */
  fileBytes: 10 * 1024 * 1024,
  /** All new attachments of one ticket or reply together. */
  messageBytes: 20 * 1024 * 1024,
  count: 10,
} as const;

/** Allowed file extensions and the media types a browser may report for each ('' = the browser did not know). */
export const ATTACHMENT_TYPES: Readonly<Record<string, readonly string[]>> = {
  png: ['image/png'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  gif: ['image/gif'],
  webp: ['image/webp'],
  pdf: ['application/pdf'],
  txt: ['text/plain'],
  log: ['text/plain', 'text/x-log'],
  csv: ['text/csv', 'text/plain', 'application/vnd.ms-excel'],
  json: ['application/json'],
  xml: ['application/xml', 'text/xml'],
  eml: ['message/rfc822'],
  zip: ['application/zip', 'application/x-zip-compressed'],
};

const ALLOWED = `allowed: ${Object.keys(ATTACHMENT_TYPES).map((e) => `.${e}`).join(' ')}`;
const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Why a file of this name and type cannot be attached, or null. */
export function attachmentTypeProblem(name: string, type: string | undefined): string | null {
  const extension = extensionOf(name);
  const types = ATTACHMENT_TYPES[extension];
  if (!types) return `${extension ? `.${extension} files` : 'files without an extension'} cannot be attached (${ALLOWED})`;
  if (type && !types.includes(type.toLowerCase())) return `its type ${type} does not match its name (.${extension})`;
  return null;
}

/** Why a file of this size cannot be attached, or null. */
export function attachmentSizeProblem(bytes: number): string | null {
  if (bytes === 0) return 'is empty';
  return bytes > ATTACHMENT_LIMITS.fileBytes ? `is larger than ${megabytes(ATTACHMENT_LIMITS.fileBytes)}` : null;
}

/** The size a base64 text decodes to, without decoding it. */
function base64Bytes(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return Math.floor((text.length * 3) / 4) - padding;
}

function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const BASE64_CHARS = /^[A-Za-z0-9+/]*={0,2}$/;
const isBase64 = (text: string) => text.length % 4 === 0 && BASE64_CHARS.test(text);
const BYTES = 'must be bytes (a Uint8Array) or their base64 text';

/**
 * Bytes as the two transports carry them: a Uint8Array over IPC, base64 text over the web host's socket. The
 * size is checked before a base64 text is decoded.
 */
// eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- a zod transform from base64 or bytes to bytes, whose input and output zod cannot infer from a custom transform
export const attachmentBytes = z.unknown().transform((value, ctx) => {
  const size = value instanceof Uint8Array ? value.byteLength : typeof value === 'string' && isBase64(value) ? base64Bytes(value) : null;
  const problem = size === null ? BYTES : attachmentSizeProblem(size);
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }
  return value instanceof Uint8Array ? value : decodeBase64(value as string);
}) as unknown as z.ZodType<Uint8Array, Uint8Array | string>;

/** Sum of the new attachments' sizes must stay within the per-message limit. */
export function checkMessageSize(list: readonly unknown[], ctx: z.RefinementCtx): void {
  const total = list.reduce<number>((sum, item) => {
    const data = (item as { data?: unknown }).data;
    return sum + (data instanceof Uint8Array ? data.byteLength : 0);
  }, 0);
  if (total > ATTACHMENT_LIMITS.messageBytes) {
    ctx.addIssue({ code: 'custom', message: `together are larger than ${megabytes(ATTACHMENT_LIMITS.messageBytes)}: send the rest in a reply` });
  }
}
