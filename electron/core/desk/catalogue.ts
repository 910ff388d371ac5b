/**
 * catalogue.refreshGroup: one product group's products read from the provider when the shop opens the group
 * (get-filtered-products with its gid, the call the spec gives for one group), written into the mirror so every
 * list and form shows today's prices and products without a full sync. A product new to the group has its
 * add-ons and options read too (as a sync's catalogue read does); one the provider no longer lists in the group
 * leaves the mirror (the next sync puts it back where it now is). Out of reach, the mirror's copy stays, with
 * when it was read: the group's own read (kept in the mirror, so it is known after a restart too), else the
 * catalogue's last sync, whichever is newer. catalogue.groups: the groups, named as the account's services name them.
 */
import type { CatalogueGroupCheck } from '../../../shared/catalogue-group.js';
import type { CatalogueEntry } from '../../../shared/records.js';
import type { AccountSession } from '../account-session.js';
import { ApiError } from '../api/index.js';
import type { HandlersOf } from './handlers.js';
import type { DeskState } from './state.js';

export function catalogueHandlers(state: DeskState): HandlersOf<'catalogue'> {
  return {
    'catalogue.refreshGroup': ({ gid }) => refreshGroup(state, gid),
    'catalogue.groups': () => state.current.mirror.productGroups(),
  };
}

async function refreshGroup(state: DeskState, gid: number): Promise<CatalogueGroupCheck> {
  const session = state.current;
  let products;
  try {
    if (session.connectivity.down) return mirrored(session, gid);
    products = (await session.connectivity.observe(() => session.client.getFilteredProducts({ gid }))).items;
  } catch (error) {
    if (error instanceof ApiError) return mirrored(session, gid);
    throw error;
  }
  const entries = await Promise.all(
    products.map(async (product): Promise<CatalogueEntry> => {
      const stored = session.mirror.get('catalogue', product.pid);
      if (stored) return { ...product, addons: stored.addons, configOptions: stored.configOptions };
      const [addons, options] = await Promise.all([
        session.connectivity.observe(() => session.client.getProductAddons({ pid: product.pid })),
        session.connectivity.observe(() => session.client.getProductConfigoptions({ pid: product.pid })),
      ]);
      return { ...product, addons: addons.items, configOptions: options.items };
    }),
  );
  const listed = new Set(entries.map((entry) => entry.pid));
  let changed = entries.map((entry) => session.mirror.upsert('catalogue', entry)).some((outcome) => outcome !== 'unchanged');
  for (const pid of groupPids(session, gid)) {
    if (!listed.has(pid)) changed = session.mirror.remove('catalogue', pid) !== null || changed;
  }
  const now = new Date(state.clock());
  session.mirror.catalogueGroupReads.put(String(gid), { count: entries.length }, now);
  if (changed) state.emit('data.changed', { resources: ['catalogue'] });
  return { gid, fresh: true, asOf: now.toISOString(), count: entries.length };
}

function groupPids(session: AccountSession, gid: number): number[] {
  return session.mirror.list('catalogue', { filters: { gid }, limit: 1000 }).rows.map((product) => product.pid);
}

function mirrored(session: AccountSession, gid: number): CatalogueGroupCheck {
  const groupRead = session.mirror.catalogueGroupReads.get(String(gid))?.fetchedAt;
  const synced = session.mirror.syncStates().find((s) => s.resource === 'catalogue')?.lastSyncedAt ?? null;
  const asOf = [groupRead, synced].filter((at): at is string => !!at).sort().at(-1) ?? null;
  return { gid, fresh: false, asOf, count: groupPids(session, gid).length };
}
