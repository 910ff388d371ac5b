/**
 * Which proxy a request goes through. The desktop app asks the system per URL (Electron's
 * session.resolveProxy, PAC scripts included; the shell hands the engine that function, the engine never
 * imports Electron) and gets a PAC answer ("PROXY host:port; DIRECT"); the command line and the web host read
 * HTTPS_PROXY / HTTP_PROXY / NO_PROXY (and lower-case) through proxy-from-env.
 */
import { getProxyForUrl } from 'proxy-from-env';
import { redactUrls } from '../../../shared/redact-url.js';

/** How one address is reached: `proxy` null is directly; `source` says who chose it, for the connection check's words. */
export interface ProxyRoute {
  proxy: string | null;
  source: 'system' | 'environment' | 'demo';
}

/** Which proxy, if any, a URL goes through. */
export type ProxyLookup = (url: string) => Promise<ProxyRoute>;

/** The system's answer for a URL, as Electron's session.resolveProxy gives it (a PAC result string). */
export type PacResolver = (url: string) => Promise<string>;

/** The proxy variables of the environment (proxy-from-env's reading, NO_PROXY included). */
export const environmentProxy: ProxyLookup = async (url) => ({ proxy: getProxyForUrl(url) || null, source: 'environment' });

/** The bundled sandbox on this machine is always reached directly: a proxy elsewhere could not reach its loopback. */
export const directForDemo: ProxyLookup = async () => ({ proxy: null, source: 'demo' });

/** A refused or unusable proxy answer, in words. */
export class ProxySettingsError extends Error {
  override readonly name = 'ProxySettingsError';
}

/** The system's proxy settings (a PAC resolver) as a lookup: the first entry this app can use, in the PAC order. */
export function systemProxy(resolve: PacResolver): ProxyLookup {
  return async (url) => ({ proxy: firstUsable(await resolve(url)), source: 'system' });
}

/**
 * `PROXY h:p` (and `HTTP h:p`) → http://h:p, `HTTPS h:p` → https://h:p, `SOCKS h:p` and `SOCKS4 h:p` →
 * socks4://h:p, `SOCKS5 h:p` → socks5h://h:p (the proxy looks the name up, as Chromium has it), `DIRECT` → null.
 * Entries of another kind are passed over for the next; a list of nothing usable is refused in words.
 */
export function firstUsable(pac: string): string | null {
  const entries = pac.split(';').map((entry) => entry.trim()).filter((entry) => entry !== '');
  if (entries.length === 0) return null;
  for (const entry of entries) {
    const [type = '', hostPort] = entry.split(/\s+/);
    const kind = type.toUpperCase();
    if (kind === 'DIRECT') return null;
    const scheme = hostPort ? PAC_SCHEMES[kind] : undefined;
    if (scheme) return `${scheme}://${hostPort}`;
  }
  throw new ProxySettingsError(
    `the system's proxy settings name only proxies this app cannot use (${redactUrls(pac)}): it speaks to HTTP, HTTPS and SOCKS proxies`,
  );
}

/** A PAC entry's kind → the proxy URL's scheme. */
const PAC_SCHEMES: Record<string, string> = { PROXY: 'http', HTTP: 'http', HTTPS: 'https', SOCKS: 'socks4', SOCKS4: 'socks4', SOCKS5: 'socks5h' };

/** "through the proxy http://proxy:3128 (set in the system's proxy settings)", or "directly", for the connection check. */
export function describeRoute(route: ProxyRoute): string {
  if (route.proxy === null) return 'directly, without a proxy';
  const from = route.source === 'system' ? "the system's proxy settings" : 'HTTPS_PROXY / HTTP_PROXY';
  return `through the proxy ${redactUrls(route.proxy)} (set in ${from})`;
}
