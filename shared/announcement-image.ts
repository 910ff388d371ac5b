/**
 * An announcement's remote image, fetched by the engine once the person asks to show images
 * (announcements.image) and shown by the renderer as a data: URL: the page's CSP allows no remote image, and
 * the request leaves from the engine only when asked. Only https:, or plain http: to this machine (the bundled
 * sandbox provider serves its images there); never file:, data: or another scheme.
 */
import { z } from 'zod';
import { isLoopbackHost } from './accounts.js';

/** The largest image fetched, in bytes: a bigger reply is refused, not read to its end. */
export const MAX_ANNOUNCEMENT_IMAGE_BYTES = 5 * 1024 * 1024;

/** Image types shown. SVG is refused: it can carry script and links of its own. */
export const ANNOUNCEMENT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp', 'image/x-icon', 'image/vnd.microsoft.icon'] as const;

/** Whether an address may be fetched as an image: https:, or http: to a loopback address. */
export function isFetchableImageUrl(address: string): boolean {
  if (!URL.canParse(address)) return false;
  const url = new URL(address);
  if (url.username !== '' || url.password !== '') return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}

export const AnnouncementImageUrlSchema = z
  .string()
  .max(4096, { error: 'is too long for an image address (over 4096 characters)' })
  .refine((address) => URL.canParse(address), { error: 'is not a web address' })
  .refine(isFetchableImageUrl, {
    error: 'must be an https:// address (or http:// to this computer), without a user name or password',
  });

export interface AnnouncementImage {
  /** The image's type as its server said it, e.g. image/png. */
  mime: string;
  /** The image itself: `data:<mime>;base64,…`. */
  dataUrl: string;
  bytes: number;
}
