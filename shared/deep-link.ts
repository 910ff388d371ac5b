/**
 * `resellerdesk://` links (from a notification, an e-mail, another app): `resellerdesk://domains/example.com`,
 * `resellerdesk://tickets/1042`. A link names a resource and one of its records, by id or by the name its list
 * shows (a domain's name); anything else is no link of ours.
 */
import { RESOURCE_NAMES, type ResourceName } from './records.js';

export const DEEP_LINK_SCHEME = 'resellerdesk';

export interface DeepLink {
  resource: ResourceName;
  /** The record's id, when the link names it by id. */
  id: number | null;
  /** The record's name as its list shows it, when the link names it so. */
  name: string | null;
}

const isResource = (name: string): name is ResourceName => (RESOURCE_NAMES as readonly string[]).includes(name);

export function parseDeepLink(text: string): DeepLink | null {
  if (!URL.canParse(text)) return null;
  const url = new URL(text);
  if (url.protocol !== `${DEEP_LINK_SCHEME}:`) return null;
  // resellerdesk://domains/example.com: the resource is the URL's host, the record its path.
  const resource = url.hostname;
  const key = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ''));
  if (!isResource(resource) || key === '' || key.includes('/')) return null;
  return /^[1-9]\d{0,15}$/.test(key) ? { resource, id: Number(key), name: null } : { resource, id: null, name: key };
}

/** The link that names a record by id. */
export function deepLinkTo(resource: ResourceName, id: number): string {
  return `${DEEP_LINK_SCHEME}://${resource}/${id}`;
}

/** The first `resellerdesk://` link among a launch's arguments. */
export function deepLinkIn(argv: readonly string[]): string | null {
  return argv.find((arg) => arg.startsWith(`${DEEP_LINK_SCHEME}://`)) ?? null;
}
