/**
 * How each resource is read from the provider, as its descriptor's `pull` says (electron/core/resources): paged
 * lists through walkList, the catalogue as products plus their add-ons and options (bounded concurrency), the
 * rest in one request each.
 * Records go to the sink page by page as they are read; a paged list's pages go as their reply bytes
 * (`ctx.pageBytes`), decoded where they are written, so that this thread only sends requests and reads
 * envelopes; the rest as records (`ctx.page`). A puller resolves with how many records the resource has,
 * which are then indexes 0..count-1 of what it handed over, and any warnings.
 */
import type { ResellerClient } from '../api/client.js';
import { decodeListPageBytes, type ListPageBytes, type ListPageReply, type PagedListOperation } from '../api/paged-lists.js';
import { walkList, type PageCounts } from '../api/paging.js';
import { collectingUnread, describeUnread, mergeUnread, type UnreadField } from '../api/unread.js';
import { SYNCED_RESOURCES, type SyncedResource } from '../mirror/index.js';
import { RESOURCES, type PullSource } from '../resources/index.js';
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
  | 'probe'
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

/** What a puller read: the resource's record count, and what it put up with on the way (for the summary). */
export interface PullResult {
  count: number;
  warnings: string[];
}

/** Reads one resource. */
type Puller = (ctx: PullContext) => Promise<PullResult>;

/**
 * A list this long has its pages decoded here too, for their ids, so that the walk knows them: a provider that
 * serves the same rows again ends the list instead of being paged to its (claimed) end. The pages still go to the
 * sink as their bytes: handed over as records, they were encoded and serialized here and held as rows larger
 * than the replies, which lifted the huge preset's peak memory. Real accounts stay below it and keep the fast path
 * (this thread reads only envelopes).
 */
const VERIFY_IDS_ABOVE = 50_000;

/** A page as the walk sees it, with how to hand its rows over. */
interface WalkedPage extends PageCounts {
  handOver(offset: number, used: number): void;
}

function walkedPage(ctx: PullContext, operation: PagedListOperation, reply: ListPageReply<{ id: number }>): WalkedPage {
  if (reply.kind === 'bytes') {
    const handOver = (offset: number, used: number) => ctx.pageBytes(offset, used, operation, reply);
    // Above the threshold the page is decoded here for its ids only; its bytes still go to the sink, which
    // decodes them again where it writes them (and tells what it could not read).
    return { ...reply, ids: reply.total <= VERIFY_IDS_ABOVE ? null : idsOf(operation, reply), handOver };
  }
  const { page } = reply;
  return {
    total: page.total,
    start: page.start ?? null,
    returned: page.items.length,
    ids: page.items.map((record) => record.id),
    handOver: (offset, used) => ctx.page(offset, page.items.slice(0, used)),
  };
}

/** The ids of a page's records, read on this thread (values it cannot read are the sink's to tell). */
function idsOf(operation: PagedListOperation, reply: ListPageBytes): number[] {
  return collectingUnread(() => decodeListPageBytes(operation, reply.bytes, reply) as Array<{ id: number }>).value.map((record) => record.id);
}

async function pageThrough(ctx: PullContext, operation: PagedListOperation): Promise<PullResult> {
  let done = 0;
  const walked = await walkList<WalkedPage>(
    async (limitstart, limitnum) => {
      const reply = await ctx.request(() => ctx.client.readListPage(operation, { limitstart, limitnum }));
      const { total, returned } = reply.kind === 'bytes' ? reply : reply.page;
      done = (limitstart === 0 ? 0 : done) + returned;
      ctx.progress(Math.min(done, total), total);
      return walkedPage(ctx, operation, reply);
    },
    // The walk takes only its current walk's pages, and of each the rows it uses; so does the sink.
    { take: (start, page, used) => page.handOver(start, used) },
    { operation, pageSize: ctx.pageSize, concurrency: ctx.concurrency },
  );
  return { count: walked.count, warnings: walked.warnings };
}

async function single(ctx: PullContext, read: () => Promise<readonly unknown[]>): Promise<PullResult> {
  const records = await ctx.request(read);
  ctx.progress(1, 1);
  ctx.page(0, records);
  return { count: records.length, warnings: [] };
}

/** Products, add-ons and options read leniently, as paged lists are: a value past its limit is left unset and said. */
async function pullCatalogue(ctx: PullContext): Promise<PullResult> {
  const unread: UnreadField[] = [];
  const products = (await ctx.request(() => ctx.client.getProducts({}, unread))).items;
  let done = 0;
  ctx.progress(done, products.length);
  const entries = await mapBounded(products, ctx.concurrency, async (product) => {
    const [addons, options] = await Promise.all([
      ctx.request(() => ctx.client.getProductAddons({ pid: product.pid }, unread)),
      ctx.request(() => ctx.client.getProductConfigoptions({ pid: product.pid }, unread)),
    ]);
    ctx.progress(++done, products.length);
    return { ...product, addons: addons.items, configOptions: options.items };
  });
  ctx.page(0, entries);
  return { count: entries.length, warnings: describeUnread('catalogue', mergeUnread([unread])) };
}

/** The puller of a resource, by how its descriptor says it is read. */
function pullerOf(resource: SyncedResource): Puller {
  const source: PullSource = RESOURCES[resource].pull;
  switch (source.kind) {
    case 'pagedList':
      return (ctx) => pageThrough(ctx, source.operation);
    case 'single':
      return (ctx) => single(ctx, () => source.read(ctx.client));
    case 'catalogue':
      return pullCatalogue;
  }
}

export const PULLERS = Object.fromEntries(SYNCED_RESOURCES.map((resource) => [resource, pullerOf(resource)])) as Record<SyncedResource, Puller>;
