/**
 * How each resource is read from the provider: paged lists through fetchAll, the catalogue as products plus
 * their add-ons and options (bounded concurrency), departments and client details in one request each.
 * Records go to the sink page by page as they are read (`ctx.page`); a puller resolves with how many records
 * the resource has, which are then indexes 0..count-1 of what it handed over.
 */
import type { Page } from '../../../shared/models.js';
import type { ResellerClient } from '../api/client.js';
import { fetchAll } from '../api/paging.js';
import type { SyncedResource } from '../mirror/index.js';
import { mapBounded } from './bounded.js';

/** The client operations a sync reads with. */
export type SyncClient = Pick<
  ResellerClient,
  | 'getClientsDetails'
  | 'getSupportDepartments'
  | 'getTickets'
  | 'getClientsProducts'
  | 'getClientsDomains'
  | 'getOrders'
  | 'getTransactions'
  | 'getContacts'
  | 'getAnnouncements'
  | 'getProducts'
  | 'getProductAddons'
  | 'getProductConfigoptions'
>;

export interface PullContext {
  client: SyncClient;
  pageSize: number;
  concurrency: number;
  /** Sends one request (the syncer checks cancellation before and records connectivity after). */
  request<T>(send: () => Promise<T>): Promise<T>;
  progress(done: number, total: number): void;
  /** Hands records over from index `offset` on (a page read again replaces what it covers). */
  page(offset: number, records: readonly unknown[]): void;
}

/** Reads one resource; resolves with its record count. */
type Puller = (ctx: PullContext) => Promise<number>;

async function pageThrough<T extends { id: number }>(
  ctx: PullContext,
  operation: string,
  fetchPage: (params: { limitstart: number; limitnum: number }) => Promise<Page<T>>,
): Promise<number> {
  let done = 0;
  let walk = 0;
  const ids = await fetchAll<{ id: number }>(
    async (limitstart, limitnum) => {
      // fetchAll walks the list again from offset 0 when it changed underneath; a page of an earlier walk that
      // lands after that is not handed over (its indexes may no longer be its records').
      const thisWalk = limitstart === 0 ? ++walk : walk;
      const page = await ctx.request(() => fetchPage({ limitstart, limitnum }));
      done = (limitstart === 0 ? 0 : done) + page.items.length;
      ctx.progress(Math.min(done, page.total), page.total);
      // fetchAll uses at most limitnum rows of a page; so does the sink (rows past it would cover the next page's).
      if (thisWalk === walk) ctx.page(limitstart, page.items.slice(0, limitnum));
      // fetchAll keeps only the ids (to check no record comes twice): the records themselves are the sink's.
      return { ...page, items: page.items.map(({ id }) => ({ id })) };
    },
    { operation, pageSize: ctx.pageSize, concurrency: ctx.concurrency, idOf: (item) => item.id },
  );
  return ids.length;
}

async function single(ctx: PullContext, read: () => Promise<readonly unknown[]>): Promise<number> {
  const records = await ctx.request(read);
  ctx.progress(1, 1);
  ctx.page(0, records);
  return records.length;
}

async function pullCatalogue(ctx: PullContext): Promise<number> {
  const products = (await ctx.request(() => ctx.client.getProducts())).items;
  let done = 0;
  ctx.progress(done, products.length);
  const entries = await mapBounded(products, ctx.concurrency, async (product) => {
    const [addons, options] = await Promise.all([
      ctx.request(() => ctx.client.getProductAddons({ pid: product.pid })),
      ctx.request(() => ctx.client.getProductConfigoptions({ pid: product.pid })),
    ]);
    ctx.progress(++done, products.length);
    return { ...product, addons: addons.items, configOptions: options.items };
  });
  ctx.page(0, entries);
  return entries.length;
}

export const PULLERS: Record<SyncedResource, Puller> = {
  client: (ctx) => single(ctx, async () => [await ctx.client.getClientsDetails({ stats: true })]),
  departments: (ctx) => single(ctx, async () => (await ctx.client.getSupportDepartments()).items),
  tickets: (ctx) => pageThrough(ctx, 'get-tickets', (p) => ctx.client.getTickets(p)),
  services: (ctx) => pageThrough(ctx, 'get-clients-products', (p) => ctx.client.getClientsProducts(p)),
  domains: (ctx) => pageThrough(ctx, 'get-clients-domains', (p) => ctx.client.getClientsDomains(p)),
  orders: (ctx) => pageThrough(ctx, 'get-orders', (p) => ctx.client.getOrders(p)),
  transactions: (ctx) => pageThrough(ctx, 'get-transactions', (p) => ctx.client.getTransactions(p)),
  contacts: (ctx) => pageThrough(ctx, 'get-contacts', (p) => ctx.client.getContacts(p)),
  announcements: (ctx) => pageThrough(ctx, 'get-announcements', (p) => ctx.client.getAnnouncements(p)),
  catalogue: pullCatalogue,
};
