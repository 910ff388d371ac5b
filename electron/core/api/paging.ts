/**
 * Walks a whole paged list: the first page tells totalresults, the remaining pages follow in parallel (bounded).
 *
 * - Server cap: when a page holds fewer rows than asked although more remain, the provider caps limitnum; the
 *   page size shrinks to what came back and the rest of that range is asked again. Nothing is skipped.
 * - More rows than asked: a first page that holds the whole list (a provider that ignores limitnum, as upstream's
 *   get-transactions does) is the list; on a later page, the rows past the range asked for are left out.
 * - An ignored offset: a page whose startnumber is not the limitstart asked for is a protocol error, unless the
 *   first page already held everything.
 * - Consistency: every page must report the same totalresults, and (where a page's ids are known) no record may
 *   appear twice. Offsets shift when rows are added or removed during the walk, so either symptom means the walk
 *   saw a moving list: it is thrown away and the list walked again from the start, up to `maxWalks` times in
 *   all; after that a protocol error says the list kept changing. A page with no rows before totalresults is
 *   reached (the provider promised rows it does not serve) is a protocol error at once.
 * - A lying provider: a totalresults above `maxRows`, or a walk that would take more than `maxRequests`
 *   requests, is a protocol error before it starts; a page whose ids are all ones already read ends the list
 *   there (with a warning), since the provider serves nothing more.
 * - Limit of offset paging: a deletion before the walked offset paired with an insertion (same total) shifts a
 *   row out of view without any symptom; the next sync sees it.
 */
import type { Page } from '../../../shared/models.js';
import { protocolError } from './errors.js';

/** What the walk reads of a page. */
export interface PageCounts {
  total: number;
  /** startnumber as the provider reported it; null when it did not. */
  start: number | null;
  returned: number;
  /** The ids of the page's rows, in order, where known; null for a page not decoded here. */
  ids: ReadonlyArray<string | number> | null;
}

export interface WalkOptions {
  /** For error messages, e.g. 'get-orders'. */
  operation: string;
  /** limitnum asked for; default 100. */
  pageSize?: number;
  /** Pages in flight at once after the first; default 4. */
  concurrency?: number;
  /** Walks before giving up on a list that keeps changing; default 3. */
  maxWalks?: number;
  /** The most rows a list may claim; default 1,000,000. */
  maxRows?: number;
  /** The most requests one walk may take; default 20,000. */
  maxRequests?: number;
}

/** A walk's outcome: the list is rows 0..count-1 of the pages taken. */
export interface WalkResult {
  count: number;
  /** What the walk put up with, for the sync summary (a list that ended before its totalresults). */
  warnings: string[];
}

/** Where the walk hands its pages: rows 0..used-1 of `page` are the list's rows start..start+used-1. */
export interface PageTaker<P> {
  take(start: number, page: P, used: number): void;
  /** The walk starts over: what was taken so far no longer counts. */
  restart?(): void;
}

const DEFAULT_MAX_ROWS = 1_000_000;
const DEFAULT_MAX_REQUESTS = 20_000;

class ListChanged extends Error {}

export async function walkList<P extends PageCounts>(
  fetchPage: (limitstart: number, limitnum: number) => Promise<P>,
  taker: PageTaker<P>,
  options: WalkOptions,
): Promise<WalkResult> {
  const maxWalks = options.maxWalks ?? 3;
  for (let walk = 1; ; walk++) {
    if (walk > 1) taker.restart?.();
    try {
      return await walkOnce(fetchPage, taker, options);
    } catch (error) {
      if (!(error instanceof ListChanged)) throw error;
      if (walk >= maxWalks) {
        throw protocolError(options.operation, 'totalresults', `the list changed during paging ${maxWalks} times (${error.message})`);
      }
    }
  }
}

async function walkOnce<P extends PageCounts>(
  fetchPage: (limitstart: number, limitnum: number) => Promise<P>,
  taker: PageTaker<P>,
  options: WalkOptions,
): Promise<WalkResult> {
  const { operation } = options;
  const requested = Math.max(1, options.pageSize ?? 100);
  const maxRows = options.maxRows ?? DEFAULT_MAX_ROWS;
  const maxRequests = options.maxRequests ?? DEFAULT_MAX_REQUESTS;
  const seen = new Set<string | number>();
  const warnings: string[] = [];

  const first = await fetchPage(0, requested);
  const total = first.total;
  checkClaims(operation, first, maxRows);
  if (first.returned >= total) {
    takeNew(operation, seen, first.ids, total);
    taker.take(0, first, total);
    return { count: total, warnings };
  }
  if (first.returned === 0) throw protocolError(operation, 'numreturned', `no rows although totalresults is ${total}`);
  // The provider's page is the real page size: fewer rows than asked on a page that is not the last is its
  // cap; more than asked, its own size (asking for less would only have the rest sent again and left out).
  let pageSize = first.returned;
  if (Math.ceil(total / pageSize) > maxRequests) {
    throw protocolError(operation, 'totalresults', `${total} rows in pages of ${pageSize} would take more than ${maxRequests} requests`);
  }
  takeNew(operation, seen, first.ids, first.returned);
  taker.take(0, first, first.returned);

  // The list ends where a page brought nothing new (a provider serving the same rows again); else at total.
  let end = total;
  let requests = 1;
  const queue: Array<[start: number, end: number]> = [[first.returned, total]];
  let stopped = false;

  const take = (): [number, number] | undefined => {
    const range = queue.shift();
    if (!range) return undefined;
    const [start, rangeEnd] = range;
    if (start >= end) return take();
    if (rangeEnd - start > pageSize) queue.unshift([start + pageSize, rangeEnd]);
    return [start, Math.min(rangeEnd, start + pageSize)];
  };

  const worker = async () => {
    for (let range = take(); range && !stopped; range = take()) {
      const [start, rangeEnd] = range;
      if (++requests > maxRequests) {
        stopped = true;
        throw protocolError(operation, 'numreturned', `more than ${maxRequests} requests and the list is not read (rows of ${pageSize} or fewer per page)`);
      }
      const page = await fetchPage(start, rangeEnd - start).catch((error: unknown) => {
        stopped = true;
        throw error;
      });
      // Another page ended this walk while this one was on its way: its rows may no longer be where it says.
      if (stopped) return;
      if (page.total !== total) {
        stopped = true;
        throw new ListChanged(`totalresults went from ${total} to ${page.total}`);
      }
      if (page.start !== null && page.start !== start) {
        stopped = true;
        throw protocolError(operation, 'startnumber', `asked for rows from ${start}, the reply's start at ${page.start}: the provider ignores limitstart`);
      }
      if (page.returned === 0) {
        stopped = true;
        throw protocolError(operation, 'numreturned', `no rows at offset ${start} although totalresults is ${total}`);
      }
      const got = Math.min(page.returned, rangeEnd - start);
      if (takeNew(operation, seen, page.ids, got) === 0) {
        if (start < end) {
          end = start;
          warnings[0] = `${operation}: totalresults says ${total}, but the rows end at ${end}: a page brought none not read already`;
        }
        continue;
      }
      taker.take(start, page, got);
      if (got < rangeEnd - start) {
        pageSize = Math.min(pageSize, got);
        queue.push([start + got, rangeEnd]);
      }
    }
  };

  const workers = Math.max(1, options.concurrency ?? 4);
  // Workers may idle while another one re-queues a short page's remainder; loop until the queue is drained.
  while (queue.some(([start]) => start < end)) await Promise.all(Array.from({ length: workers }, worker));
  return { count: end, warnings };
}

/** Claims that no reply can make good are refused before anything is read past them. */
function checkClaims(operation: string, page: PageCounts, maxRows: number): void {
  if (page.total > maxRows) {
    throw protocolError(operation, 'totalresults', `${page.total} rows is more than a list may hold here (${maxRows})`);
  }
  if (page.returned > page.total) {
    throw protocolError(operation, 'numreturned', `${page.returned} rows returned of a list of ${page.total}`);
  }
}

/**
 * Adds the ids of a page's first `used` rows (when known) to those read; returns how many were new (or `used`
 * when the ids are not known). Some new and some not: rows shifted under the walk.
 */
function takeNew(operation: string, seen: Set<string | number>, ids: PageCounts['ids'], used: number): number {
  if (ids === null) return used;
  let fresh = 0;
  let repeated: string | number | null = null;
  for (let i = 0; i < used && i < ids.length; i++) {
    const id = ids[i]!;
    if (seen.has(id)) repeated ??= id;
    else {
      seen.add(id);
      fresh++;
    }
  }
  if (repeated !== null && fresh > 0) throw new ListChanged(`${operation}: record ${String(repeated)} was served twice`);
  return fresh;
}

export interface FetchAllOptions<T> extends WalkOptions {
  /** Record identity, to detect rows served twice and a provider serving the same rows again. */
  idOf?: (item: T) => string | number;
}

export type PageFetcher<T> = (limitstart: number, limitnum: number) => Promise<Page<T>>;

/** Every record of a paged list, in order (walkList with the pages' records kept). */
export async function fetchAll<T>(fetchPage: PageFetcher<T>, options: FetchAllOptions<T>): Promise<T[]> {
  const { idOf } = options;
  let pieces: Array<{ start: number; items: T[] }> = [];
  const { count } = await walkList(
    async (limitstart, limitnum) => {
      const page = await fetchPage(limitstart, limitnum);
      return { total: page.total, start: page.start, returned: page.items.length, ids: idOf ? page.items.map(idOf) : null, items: page.items };
    },
    {
      take: (start, page, used) => pieces.push({ start, items: page.items.slice(0, used) }),
      restart: () => {
        pieces = [];
      },
    },
    options,
  );
  // The ranges taken never overlap and cover 0..count-1, so the pieces, put in order, are the list.
  return pieces
    .sort((a, b) => a.start - b.start)
    .flatMap((piece) => piece.items)
    .slice(0, count);
}
