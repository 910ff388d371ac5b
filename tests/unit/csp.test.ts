/**
 * One Content Security Policy: the page's meta tag in the built renderer (out/renderer/index.html, which
 * `npm run build:test` writes from shared/csp.ts) says exactly the policy the Electron window and the web host
 * send as a header, less the directives a meta tag cannot carry; the source page holds no copy of its own.
 * The web host's header itself is checked in tests/contract/web/web-host.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY_META } from '../../shared/csp.js';

const root = resolve(import.meta.dirname, '../..');

/** The content of every CSP meta tag of a page, its entities decoded. */
function metaPolicies(html: string): string[] {
  const tags = html.match(/<meta\b[^>]*http-equiv=["']?Content-Security-Policy["']?[^>]*>/gi) ?? [];
  return tags.map((tag) => {
    const content = /\bcontent=(?:"([^"]*)"|'([^']*)')/i.exec(tag);
    const raw = content?.[1] ?? content?.[2] ?? '';
    return raw.replace(/&#39;/g, "'").replace(/&#x27;/gi, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  });
}

describe('the Content Security Policy', () => {
  it('the built page carries one meta tag, exactly the policy of shared/csp.ts', () => {
    const built = readFileSync(join(root, 'out/renderer/index.html'), 'utf8');
    expect(metaPolicies(built)).toEqual([CONTENT_SECURITY_POLICY_META]);
    // Before any script or style the page loads, so that the policy governs them.
    expect(built.search(/http-equiv=["']?Content-Security-Policy/i)).toBeLessThan(built.search(/<script|<link rel="stylesheet"/i));
  });

  it('the meta tag is the header less frame-ancestors, which a browser ignores in a meta tag', () => {
    expect(CONTENT_SECURITY_POLICY_META).toBe(CONTENT_SECURITY_POLICY.replace("; frame-ancestors 'none'", ''));
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
  });

  it('allows nothing remote: images only from the app, data: and blob:, connections only to its own origin', () => {
    const directives = new Map(CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const));
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/https?:|wss?:|\*|'unsafe-/);
  });

  it('the source page holds no policy of its own', () => {
    expect(metaPolicies(readFileSync(join(root, 'renderer/index.html'), 'utf8'))).toEqual([]);
  });
});
