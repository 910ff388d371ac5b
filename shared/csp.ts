/**
 * The renderer's Content Security Policy: the one source for the Electron window's header
 * (electron/main/window.ts), the web host's header (electron/web/host.ts) and the page's meta tag, which the
 * renderer's build writes from here (electron/web/csp-meta.ts; tests/unit/csp.test.ts compares the built page).
 * Nothing remote, no inline script, no eval. `connect-src 'self'` also covers the web host's WebSocket, which is
 * same-origin (CSP3: 'self' matches ws: to the page's own host and port). Images are the app's own, or data:
 * and blob: URLs: an announcement's remote image is fetched by the engine when the person asks
 * (announcements.image) and shown as a data: URL, so no remote origin is ever allowed here.
 */
const DIRECTIVES = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
] as const;

/** Directives a browser ignores in a meta tag (and warns about in the console): sent only as a header. */
const HEADER_ONLY = ['frame-ancestors'];

/** The policy as the Electron window and the web host send it, in a header. */
export const CONTENT_SECURITY_POLICY = DIRECTIVES.join('; ');

/** The same policy as the page's meta tag says it: the header's, less the directives a meta tag cannot carry. */
export const CONTENT_SECURITY_POLICY_META = DIRECTIVES.filter((directive) => !HEADER_ONLY.includes(directive.split(' ')[0]!)).join('; ');
