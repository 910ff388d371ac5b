/**
 * The renderer's build writes the page's Content Security Policy meta tag from shared/csp.ts, the source the
 * Electron window's and the web host's headers are sent from: one policy, never two copies to drift apart.
 * Used by electron.vite.config.ts (the desktop app's build) and renderer-build.ts (the web host's own build).
 */
import type { Plugin } from 'vite';
import { CONTENT_SECURITY_POLICY_META } from '../../shared/csp.js';

export function cspMetaTag(): Plugin {
  return {
    name: 'reseller-desk-csp-meta',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY_META }, injectTo: 'head-prepend' },
    ],
  };
}
