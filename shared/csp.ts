/**
 * The renderer's Content Security Policy, the same for the Electron window and the web host's tab: nothing
 * remote, no inline script, no eval. `connect-src 'self'` also covers the web host's same-origin WebSocket.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
