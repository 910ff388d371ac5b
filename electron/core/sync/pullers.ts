/**
 * How each resource is read from the provider: paged lists through fetchAll, the catalogue as products plus
 * their add-ons and options (bounded concurrency), departments and client details in one request each.
 * Records go to the sink page by page as they are read; a paged list's pages go as their reply bytes
 * (`ctx.pageBytes`), decoded where they are written, so that this thread only sends requests and reads
 * envelopes; the rest as records (`ctx.page`). A puller resolves with how many records the resource has,
 * which are then indexes 0..count-1 of what it handed over.
 */
import type { ResellerClient } from '../api/client.js';
import type { ListPageBytes, PagedListOperation } from '../api/paged-lists.js';
import { fetchAll } from '../api/paging.js';
import type { SyncedResource } from '../mirror/index.js';
import { mapBounded } from './bounded.js';

/** The client operations a sync reads with. */
export type SyncClient = Pick<
  ResellerClient,
  | 'getClientsDetails'
  | 'getSupportDepartments'
  | 'readListPage'
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
  /** The same for a page still in its reply's bytes, of which the sink decodes at most `limit` records. */
  pageBytes(offset: number, limit: number, operation: PagedListOperation, page: ListPageBytes): void;
}

/** Reads one resource; resolves with its record count. */
type Puller = (ctx: PullContext) => Promise<number>;

async function pageThrough(ctx: PullContext, operation: PagedListOperation): Promise<number> {
  let done = 0;
  let walk = 0;
  const rows = await fetchAll<null>(
    async (limitstart, limitnum) => {
      // fetchAll walks the list again from offset 0 when it changed underneath; a page of an earlier walk that
      // lands after that is not handed over (its indexes may no longer be its records').
      const thisWalk = limitstart === 0 ? ++walk : walk;
      const reply = await ctx.request(() => ctx.client.readListPage(operation, { limitstart, limitnum }));
      const { total, returned } = reply.kind === 'bytes' ? reply : reply.page;
      done = (limitstart === 0 ? 0 : done) + returned;
      ctx.progress(Math.min(done, total), total);
      // fetchAll uses at most limitnum rows of a page; so does the sink (rows past it would cover the next page's).
      if (thisWalk === walk) {
        if (reply.kind === 'bytes') ctx.pageBytes(limitstart, limitnum, operation, reply);
        else ctx.page(limitstart, reply.page.items.slice(0, limitnum));
      }
      // fetchAll only counts: the records are the sink's, which also says if one of them came twice.
      return { total, start: limitstart, returned, items: new Array<null>(returned).fill(null) };
    },
    { operation, pageSize: ctx.pageSize, concurrency: ctx.concurrency },
  );
  return rows.length;
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
  tickets: (ctx) => pageThrough(ctx, 'get-tickets'),
  services: (ctx) => pageThrough(ctx, 'get-clients-products'),
  domains: (ctx) => pageThrough(ctx, 'get-clients-domains'),
  orders: (ctx) => pageThrough(ctx, 'get-orders'),
  transactions: (ctx) => pageThrough(ctx, 'get-transactions'),
  contacts: (ctx) => pageThrough(ctx, 'get-contacts'),
  announcements: (ctx) => pageThrough(ctx, 'get-announcements'),
  catalogue: pullCatalogue,
};
