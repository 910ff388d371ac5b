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
 * `PROXY h:p` (and `HTTP h:p`) → http://h:p, `HTTPS h:p` → https://h:p, `DIRECT` → null. SOCKS entries are
 * passed over for the next; a list of nothing else is refused in words.
 */
export function firstUsable(pac: string): string | null {
  const entries = pac.split(';').map((entry) => entry.trim()).filter((entry) => entry !== '');
  if (entries.length === 0) return null;
  for (const entry of entries) {
    const [type = '', hostPort] = entry.split(/\s+/);
    const kind = type.toUpperCase();
    if (kind === 'DIRECT') return null;
    if ((kind === 'PROXY' || kind === 'HTTP') && hostPort) return `http://${hostPort}`;
    if (kind === 'HTTPS' && hostPort) return `https://${hostPort}`;
  }
  throw new ProxySettingsError(
    `the system's proxy settings name only proxies this app cannot use (${redactUrls(pac)}): it speaks to HTTP and HTTPS proxies, not SOCKS`,
  );
}

/** "through the proxy http://proxy:3128 (set in the system's proxy settings)", or "directly", for the connection check. */
export function describeRoute(route: ProxyRoute): string {
  if (route.proxy === null) return 'directly, without a proxy';
  const from = route.source === 'system' ? "the system's proxy settings" : 'HTTPS_PROXY / HTTP_PROXY';
  return `through the proxy ${redactUrls(route.proxy)} (set in ${from})`;
}
