/**
 * Fetches a whole list: the first page tells totalresults, the remaining pages follow in parallel (bounded).
 *
 * - Server cap: when a page holds fewer rows than asked although more remain, the provider caps limitnum; the
 *   page size shrinks to what came back and the rest of that range is asked again. Nothing is skipped.
 * - Consistency: every page must report the same totalresults, and (with `idOf`) no record may appear twice.
 *   Offsets shift when rows are added or removed during the walk, so either symptom means the walk saw a moving
 *   list: it is thrown away and the list walked again from the start, up to `maxWalks` times in all; after
 *   that a protocol error says the list kept changing. A page with no rows before totalresults is reached
 *   (the provider promised rows it does not serve) is a protocol error at once.
 * - Limit of offset paging: a deletion before the walked offset paired with an insertion (same total) shifts a
 *   row out of view without any symptom; the next sync sees it.
 */
import type { Page } from '../../../shared/models.js';
import { protocolError } from './errors.js';

export interface FetchAllOptions<T> {
  /** For error messages, e.g. 'get-orders'. */
  operation: string;
  /** limitnum asked for; default 100. */
  pageSize?: number;
  /** Pages in flight at once after the first; default 4. */
  concurrency?: number;
  /** Walks before giving up on a list that keeps changing; default 3. */
  maxWalks?: number;
  /** Record identity, to detect rows served twice. */
  idOf?: (item: T) => string | number;
}

export type PageFetcher<T> = (limitstart: number, limitnum: number) => Promise<Page<T>>;

class ListChanged extends Error {}

export async function fetchAll<T>(fetchPage: PageFetcher<T>, options: FetchAllOptions<T>): Promise<T[]> {
  const maxWalks = options.maxWalks ?? 3;
  for (let walk = 1; ; walk++) {
    try {
      return await walkOnce(fetchPage, options);
    } catch (error) {
      if (!(error instanceof ListChanged)) throw error;
      if (walk >= maxWalks) {
        throw protocolError(options.operation, 'totalresults', `the list changed during paging ${maxWalks} times (${error.message})`);
      }
    }
  }
}

async function walkOnce<T>(fetchPage: PageFetcher<T>, options: FetchAllOptions<T>): Promise<T[]> {
  const requested = Math.max(1, options.pageSize ?? 100);
  const first = await fetchPage(0, requested);
  const total = first.total;
  // The ranges asked for never overlap and end up covering 0..total-1, so the pieces, put in order, are the list.
  const pieces: Array<{ start: number; items: T[] }> = [{ start: 0, items: first.items }];
  if (first.items.length >= total) return first.items.slice(0, total);
  if (first.items.length === 0) throw protocolError(options.operation, 'numreturned', `no rows although totalresults is ${total}`);

  // Fewer rows than asked on a page that is not the last: the provider's cap is the real page size.
  let pageSize = Math.min(requested, first.items.length);
  const queue: Array<[start: number, end: number]> = [[first.items.length, total]];
  let stopped = false;

  const take = (): [number, number] | undefined => {
    const range = queue.shift();
    if (!range) return undefined;
    const [start, end] = range;
    if (end - start > pageSize) queue.unshift([start + pageSize, end]);
    return [start, Math.min(end, start + pageSize)];
  };

  const worker = async () => {
    for (let range = take(); range && !stopped; range = take()) {
      const [start, end] = range;
      const page = await fetchPage(start, end - start).catch((error: unknown) => {
        stopped = true;
        throw error;
      });
      if (page.total !== total) {
        stopped = true;
        throw new ListChanged(`totalresults went from ${total} to ${page.total}`);
      }
      if (page.items.length === 0) {
        stopped = true;
        throw protocolError(options.operation, 'numreturned', `no rows at offset ${start} although totalresults is ${total}`);
      }
      const got = Math.min(page.items.length, end - start);
      pieces.push({ start, items: page.items.slice(0, got) });
      if (got < end - start) {
        pageSize = Math.min(pageSize, got);
        queue.push([start + got, end]);
      }
    }
  };

  const workers = Math.max(1, options.concurrency ?? 4);
  // Workers may idle while another one re-queues a short page's remainder; loop until the queue is drained.
  while (queue.length > 0) await Promise.all(Array.from({ length: workers }, worker));

  const items = pieces.sort((a, b) => a.start - b.start).flatMap((piece) => piece.items);
  if (options.idOf) {
    const seen = new Set<string | number>();
    for (const item of items) {
      const id = options.idOf(item);
      if (seen.has(id)) throw new ListChanged(`record ${String(id)} was served twice`);
      seen.add(id);
    }
  }
  return items;
}
