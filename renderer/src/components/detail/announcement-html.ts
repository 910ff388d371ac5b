/**
 * An announcement's body is the provider's HTML: sanitized for what an announcement needs (text, headings,
 * lists, tables, links, images) and nothing that acts or restyles the app — no forms, no styles. A remote image
 * would tell the provider (or whoever it links to) when the user reads it, so it is left out unless the user
 * asks to show images; even then the page never loads it itself (its CSP allows no remote image): the engine
 * fetches it (announcements.image) and the image is shown from the data: URL it returns, or, when that failed,
 * as a short note with its alt text. Links open outside the app: a new tab without opener or referrer (the
 * desktop shell turns any new window into the system browser).
 */
import DOMPurify from 'dompurify';

export const ANNOUNCEMENT_PURIFY_CONFIG = {
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'object', 'embed', 'link', 'meta', 'base'],
  FORBID_ATTR: ['style', 'action', 'formaction', 'srcset'],
  ALLOW_DATA_ATTR: false,
};

/** A remote image the engine was asked for: its data: URL, or why it could not be shown (in words). */
export type FetchedImage = { dataUrl: string } | { failed: string };

export interface SanitizeOptions {
  /** Whether the user asked to show remote images. */
  images: boolean;
  /** The remote images fetched so far, by address (those not there yet are hidden while they load). */
  fetched?: ReadonlyMap<string, FetchedImage>;
  /** The note shown in place of an image that failed, from its alt text (may be empty). */
  failedNote?: (alt: string) => string;
}

export interface SanitizedAnnouncement {
  html: string;
  /** Remote images left out (0 when images are shown). */
  blockedImages: number;
  /** When images are shown: the address of each remote image, to fetch through the engine. */
  remoteImages: string[];
}

/** An image from elsewhere (anything but an inline data: image). */
function isRemote(src: string): boolean {
  return !/^data:image\//i.test(src.trim());
}

const FAILED = 'data-image-failed';

export function sanitizeAnnouncement(html: string, options: SanitizeOptions): SanitizedAnnouncement {
  let blockedImages = 0;
  const remoteImages: string[] = [];
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
    const src = node.tagName === 'IMG' ? (node.getAttribute('src') ?? '').trim() : '';
    if (node.tagName !== 'IMG' || !isRemote(src)) return;
    // The page never loads a remote address: the src goes, and comes back as a data: URL once fetched.
    node.removeAttribute('src');
    if (!options.images) {
      node.setAttribute('hidden', '');
      blockedImages++;
      return;
    }
    if (src !== '' && !remoteImages.includes(src)) remoteImages.push(src);
    const fetched = options.fetched?.get(src);
    if (fetched && 'dataUrl' in fetched) node.setAttribute('src', fetched.dataUrl);
    else if (fetched) node.setAttribute(FAILED, fetched.failed);
    else node.setAttribute('hidden', '');
  });
  try {
    const config = { ...ANNOUNCEMENT_PURIFY_CONFIG, ADD_ATTR: ['target'] };
    if (!options.images) return { html: DOMPurify.sanitize(html, config), blockedImages, remoteImages };
    // The sanitized body as a DOM (DOMPurify's own element, typed only as a Node), to turn failed images into notes.
    const body = DOMPurify.sanitize(html, { ...config, RETURN_DOM: true });
    if (!(body instanceof Element)) throw new Error('DOMPurify returned no element for RETURN_DOM');
    // An image that failed becomes a short note: its alt text, and why on hover.
    for (const image of body.querySelectorAll(`img[${FAILED}]`)) {
      const note = image.ownerDocument.createElement('span');
      note.className = 'image-failed';
      const alt = image.getAttribute('alt') ?? '';
      note.textContent = options.failedNote ? options.failedNote(alt) : alt;
      const why = image.getAttribute(FAILED);
      if (why) note.title = why;
      image.replaceWith(note);
    }
    return { html: body.innerHTML, blockedImages, remoteImages };
  } finally {
    DOMPurify.removeHook('afterSanitizeAttributes');
  }
}
