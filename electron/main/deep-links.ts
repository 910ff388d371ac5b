/**
 * Opens a `resellerdesk://` link (a second launch's argument, macOS's open-url, a notification's click): the
 * record it names, found by id or by the name its list shows.
 */
import type { AppCommand } from '../../shared/contract.js';
import { parseDeepLink } from '../../shared/deep-link.js';
import type { Desk } from '../core/desk/index.js';

/** The command that shows the record a link names; null when the link names nothing the account holds. */
export async function linkCommand(url: string, engine: Pick<Desk, 'call'>): Promise<AppCommand | null> {
  const link = parseDeepLink(url);
  if (!link) return null;
  if (link.id !== null) return { command: 'open-record', resource: link.resource, id: link.id };
  const hits = await engine.call('data.search', { text: link.name ?? '', limit: 50 });
  const hit = hits.find((h) => h.resource === link.resource && h.title.toLowerCase() === link.name?.toLowerCase() && typeof h.id === 'number');
  return hit && typeof hit.id === 'number' ? { command: 'open-record', resource: link.resource, id: hit.id } : null;
}
