/**
 * How each resource is read from the provider: paged lists through fetchAll, the catalogue as products plus
 * their add-ons and options (bounded concurrency), departments and client details in one request each.
 */
import type { Page } from '../../../shared/models.js';
import type { ResellerClient } from '../api/client.js';
import { fetchAll } from '../api/paging.js';
import type { CatalogueEntry, ResourceRecords, SyncedResource } from '../mirror/index.js';
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
}

type Puller<R extends SyncedResource> = (ctx: PullContext) => Promise<ResourceRecords[R][]>;

function pageThrough<T extends { id: number }>(
  ctx: PullContext,
  operation: string,
  fetchPage: (params: { limitstart: number; limitnum: number }) => Promise<Page<T>>,
): Promise<T[]> {
  let done = 0;
  return fetchAll(
    async (limitstart, limitnum) => {
      const page = await ctx.request(() => fetchPage({ limitstart, limitnum }));
      // fetchAll may walk the list again from offset 0 when it changed underneath.
      done = (limitstart === 0 ? 0 : done) + page.items.length;
      ctx.progress(Math.min(done, page.total), page.total);
      return page;
    },
    { operation, pageSize: ctx.pageSize, concurrency: ctx.concurrency, idOf: (item) => item.id },
  );
}

async function single<T>(ctx: PullContext, send: () => Promise<T>): Promise<T> {
  const result = await ctx.request(send);
  ctx.progress(1, 1);
  return result;
}

async function pullCatalogue(ctx: PullContext): Promise<CatalogueEntry[]> {
  const products = (await ctx.request(() => ctx.client.getProducts())).items;
  let done = 0;
  ctx.progress(done, products.length);
  return mapBounded(products, ctx.concurrency, async (product) => {
    const [addons, options] = await Promise.all([
      ctx.request(() => ctx.client.getProductAddons({ pid: product.pid })),
      ctx.request(() => ctx.client.getProductConfigoptions({ pid: product.pid })),
    ]);
    ctx.progress(++done, products.length);
    return { ...product, addons: addons.items, configOptions: options.items };
  });
}

export const PULLERS: { [R in SyncedResource]: Puller<R> } = {
  client: async (ctx) => [await single(ctx, () => ctx.client.getClientsDetails({ stats: true }))],
  departments: async (ctx) => (await single(ctx, () => ctx.client.getSupportDepartments())).items,
  tickets: (ctx) => pageThrough(ctx, 'get-tickets', (p) => ctx.client.getTickets(p)),
  services: (ctx) => pageThrough(ctx, 'get-clients-products', (p) => ctx.client.getClientsProducts(p)),
  domains: (ctx) => pageThrough(ctx, 'get-clients-domains', (p) => ctx.client.getClientsDomains(p)),
  orders: (ctx) => pageThrough(ctx, 'get-orders', (p) => ctx.client.getOrders(p)),
  transactions: (ctx) => pageThrough(ctx, 'get-transactions', (p) => ctx.client.getTransactions(p)),
  contacts: (ctx) => pageThrough(ctx, 'get-contacts', (p) => ctx.client.getContacts(p)),
  announcements: (ctx) => pageThrough(ctx, 'get-announcements', (p) => ctx.client.getAnnouncements(p)),
  catalogue: pullCatalogue,
};
