/**
 * An announcement's body is the provider's HTML: sanitized for what an announcement needs (text, headings,
 * lists, tables, links, images) and nothing that acts or restyles the app — no forms, no styles. A remote image
 * would tell the provider (or whoever it links to) when the user reads it, so it is left out unless the user
 * asks to show images. Links open outside the app: a new tab without opener or referrer (the desktop shell
 * turns any new window into the system browser).
 */
import DOMPurify from 'dompurify';

export const ANNOUNCEMENT_PURIFY_CONFIG = {
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'object', 'embed', 'link', 'meta', 'base'],
  FORBID_ATTR: ['style', 'action', 'formaction', 'srcset'],
  ALLOW_DATA_ATTR: false,
};

export interface SanitizedAnnouncement {
  html: string;
  /** Remote images left out (0 when images are shown). */
  blockedImages: number;
}

/** An image from elsewhere (anything but an inline data: image). */
function isRemote(src: string): boolean {
  return !/^data:image\//i.test(src.trim());
}

export function sanitizeAnnouncement(html: string, options: { images: boolean }): SanitizedAnnouncement {
  let blockedImages = 0;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
    if (node.tagName === 'IMG' && !options.images && isRemote(node.getAttribute('src') ?? '')) {
      node.removeAttribute('src');
      node.setAttribute('hidden', '');
      blockedImages++;
    }
  });
  try {
    return { html: DOMPurify.sanitize(html, { ...ANNOUNCEMENT_PURIFY_CONFIG, ADD_ATTR: ['target'] }), blockedImages };
  } finally {
    DOMPurify.removeHook('afterSanitizeAttributes');
  }
}
