/**
 * The stand-in's `session.defaultSession`: the listener given to `webRequest.onHeadersReceived` answers for
 * every response the page loads (the stand-in's route applies what it returns, so the CSP the main process sets
 * is the one in force), and the permission handler decides which permissions the page is granted (with none
 * set, Electron grants every request, and so does the stand-in).
 */
import { getProxyForUrl } from 'proxy-from-env';
import { isLoopbackHost } from '../../../../shared/accounts.js';
import { record } from './control.js';

export type HeaderMap = Record<string, string[] | string>;
export interface HeadersReceivedDetails {
  url: string;
  method: string;
  resourceType: string;
  statusCode: number;
  responseHeaders: HeaderMap;
}
type HeadersListener = (details: HeadersReceivedDetails, callback: (response: { cancel?: boolean; responseHeaders?: HeaderMap }) => void) => void;
type PermissionHandler = (contents: unknown, permission: string, callback: (granted: boolean) => void, details: Record<string, unknown>) => void;

let headersListener: HeadersListener | null = null;
let permissionHandler: PermissionHandler | null = null;

export const defaultSession = {
  /** A session of its own (electron-updater asks for one): the stand-in has one session for all. */
  fromPartition: () => defaultSession,
  webRequest: {
    onHeadersReceived(filterOrListener: unknown, maybeListener?: HeadersListener | null): void {
      headersListener = (typeof filterOrListener === 'function' ? filterOrListener : (maybeListener ?? null)) as HeadersListener | null;
    },
  },
  setPermissionRequestHandler(handler: PermissionHandler | null): void {
    permissionHandler = handler;
  },
  addWordToSpellCheckerDictionary(word: string): boolean {
    record({ type: 'dictionary-word', word });
    return true;
  },
  /**
   * Electron's `ses.resolveProxy(url)`: the PAC result for a URL ("DIRECT", "PROXY host:port"). With no proxy
   * configured in the session, Chromium on Linux follows the environment's proxy variables, loopback always
   * direct (its implicit bypass rules); so does the stand-in.
   */
  async resolveProxy(url: string): Promise<string> {
    if (isLoopbackHost(new URL(url).hostname)) return 'DIRECT';
    const proxy = getProxyForUrl(url);
    if (!proxy) return 'DIRECT';
    const { protocol, host } = new URL(proxy);
    return `${protocol === 'https:' ? 'HTTPS' : 'PROXY'} ${host}`;
  },
  setPermissionCheckHandler(): void {
    // The page's permission checks are answered by what the request handler granted.
  },
};

/** The response's headers after the main process's listener: `null` when it cancels the response. */
export async function applyHeadersReceived(details: HeadersReceivedDetails): Promise<HeaderMap | null> {
  const listener = headersListener;
  if (!listener) return details.responseHeaders;
  const response = await new Promise<{ cancel?: boolean; responseHeaders?: HeaderMap }>((done) => listener(details, done));
  if (response.cancel) return null;
  const headers = response.responseHeaders ?? details.responseHeaders;
  record({ type: 'headers', url: details.url, resourceType: details.resourceType, headers });
  return headers;
}

/** Electron's permission names and the Chromium permissions Playwright grants for each. */
const PERMISSIONS: Record<string, string[]> = {
  'clipboard-read': ['clipboard-read'],
  'clipboard-sanitized-write': ['clipboard-write'],
  notifications: ['notifications'],
  geolocation: ['geolocation'],
  media: ['camera', 'microphone'],
  midi: ['midi'],
  midiSysex: ['midi-sysex'],
};

/** Asks the handler about every permission a page can request; returns the Chromium permissions to grant. */
export async function grantedPermissions(contents: unknown, requestingUrl: string): Promise<string[]> {
  const granted: string[] = [];
  for (const [permission, chromium] of Object.entries(PERMISSIONS)) {
    const handler = permissionHandler;
    const allowed = handler ? await new Promise<boolean>((done) => handler(contents, permission, done, { requestingUrl, isMainFrame: true })) : true;
    record({ type: 'permission', permission, allowed });
    if (allowed) granted.push(...chromium);
  }
  return granted;
}
