/**
 * announcements.image: an announcement's remote image, fetched once the person chose "Show images" and handed
 * to the renderer as a data: URL, so that the page's CSP needs no remote origin (shared/csp.ts). Only https:, or
 * http: to this machine (the input schema, and again at every redirect); an image type other than SVG (which
 * can carry script); at most MAX_ANNOUNCEMENT_IMAGE_BYTES, read no further; within IMAGE_TIMEOUT_MS in all. No
 * cookie, credential or referrer is sent (Node's fetch keeps none).
 */
import { ANNOUNCEMENT_IMAGE_TYPES, isFetchableImageUrl, MAX_ANNOUNCEMENT_IMAGE_BYTES, type AnnouncementImage } from '../../../shared/announcement-image.js';
import { redactUrls } from '../../../shared/redact-url.js';
import { DeskError } from '../desk-error.js';
import type { HandlersOf } from './handlers.js';

/** The whole exchange, redirects and body included. */
export const IMAGE_TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 5;
const SHOWN_TYPES: ReadonlySet<string> = new Set(ANNOUNCEMENT_IMAGE_TYPES);

export function announcementsHandlers(): HandlersOf<'announcements'> {
  return {
    'announcements.image': ({ url }) => fetchImage(url),
  };
}

async function fetchImage(address: string): Promise<AnnouncementImage> {
  const signal = AbortSignal.timeout(IMAGE_TIMEOUT_MS);
  try {
    const response = await follow(address, signal);
    const mime = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!SHOWN_TYPES.has(mime)) {
      await response.body?.cancel();
      const said = mime === '' ? 'no content type' : `"${mime}"`;
      const why = mime === 'image/svg+xml' ? 'SVG images are not shown, as they can carry script' : `that is not an image type shown here (PNG, JPEG, GIF, WebP, AVIF, BMP, icon)`;
      throw new DeskError('refused', `The image at ${where(address)} was not loaded: its server sent ${said}, and ${why}.`);
    }
    const bytes = await readCapped(response, address);
    return { mime, dataUrl: `data:${mime};base64,${bytes.toString('base64')}`, bytes: bytes.length };
  } catch (error) {
    if (error instanceof DeskError) throw error;
    if (signal.aborted) {
      throw new DeskError('offline', `The image at ${where(address)} did not arrive within ${IMAGE_TIMEOUT_MS / 1000} seconds.`);
    }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const detail = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new DeskError('offline', `The image at ${where(address)} could not be reached (${detail}).`);
  }
}

/** The reply at the end of the address's redirects, each hop checked as the first was. */
async function follow(address: string, signal: AbortSignal): Promise<Response> {
  let current = address;
  for (let hop = 0; ; hop++) {
    const response = await fetch(current, { redirect: 'manual', signal, headers: { accept: 'image/*' }, referrerPolicy: 'no-referrer' });
    if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
      await response.body?.cancel();
      const next = URL.canParse(response.headers.get('location')!, current) ? new URL(response.headers.get('location')!, current).href : '';
      if (!isFetchableImageUrl(next)) {
        throw new DeskError('refused', `The image at ${where(address)} was not loaded: it redirects to an address other than https:// (or http:// to this computer).`);
      }
      if (hop >= MAX_REDIRECTS) throw new DeskError('refused', `The image at ${where(address)} was not loaded: it redirects more than ${MAX_REDIRECTS} times.`);
      current = next;
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new DeskError('refused', `The image at ${where(address)} was not loaded: its server answered HTTP ${response.status}.`);
    }
    return response;
  }
}

/** The body, refused as soon as it is larger than the cap (by its Content-Length, or as it arrives). */
async function readCapped(response: Response, address: string): Promise<Buffer> {
  const tooLarge = () =>
    new DeskError('refused', `The image at ${where(address)} was not loaded: it is larger than ${MAX_ANNOUNCEMENT_IMAGE_BYTES / (1024 * 1024)} MB.`);
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > MAX_ANNOUNCEMENT_IMAGE_BYTES) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let length = 0;
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      length += value.byteLength;
      if (length > MAX_ANNOUNCEMENT_IMAGE_BYTES) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  if (length === 0) throw new DeskError('refused', `The image at ${where(address)} was not loaded: its server sent no bytes.`);
  return Buffer.concat(chunks, length);
}

/** The image's host, for a sentence (never its query, which may carry a tracking token; never a password). */
function where(address: string): string {
  return URL.canParse(address) ? redactUrls(new URL(address).host) : 'that address';
}
