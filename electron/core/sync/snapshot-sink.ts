/**
 * Where a sync's pulled resources go. Pages are handed over as they are read, as records encoded into rows
 * (encodeRows: JSON, hash, columns, search fields) on the thread that decoded them, or as a paged list's reply
 * bytes, decoded and encoded by the sink (on its own thread, for the worker sink); once a resource is read
 * in full it is written to the mirror as one snapshot (one transaction) and its notable changes are spelled
 * out; at the end of the run the planner statistics are refreshed. The inline sink does this on the
 * calling thread; the worker sink (worker-sink.ts) on a thread of its own, so the writing of one resource
 * overlaps the reading of the next and the records of a resource are held by that thread only.
 */
import { releaseBytes } from '../api/reply-bytes.js';
import { collectingUnread, describeUnread, mergeUnread, type UnreadField } from '../api/unread.js';
import { decodeListPageBytes, type ListPageBytes, type PagedListOperation } from '../api/paged-lists.js';
import { encodeRows, type EncodedRow, type Mirror, type ResourceRecords, type SyncedResource } from '../mirror/index.js';
import { mayBeNotable, notableChanges } from './notable.js';
import type { NotableChange } from '../../../shared/sync.js';

/** A resource read in full: its records are indexes 0..count-1 of the pages handed over. */
export interface SnapshotHeader {
  resource: SyncedResource;
  count: number;
  /** When the rows were read: what the mirror records as written and synced (ISO 8601). */
  at: string;
  /** Today in the sync's calendar, and the day of the resource's previous sync (null: its first). */
  today: string;
  previousSyncDay: string | null;
}

export interface SnapshotOutcome {
  added: number;
  changed: number;
  removed: number;
  notable: NotableChange[];
  /** Values that could not be read, left unset in records kept (for the summary). */
  warnings: string[];
}

export interface SnapshotSink {
  /** Records of `resource` at indexes offset, offset+1, …; a later page for the same indexes replaces them. */
  page(resource: SyncedResource, offset: number, records: readonly unknown[]): void;
  /** The same for the first `limit` records of a reply of `operation`, decoded by the sink. */
  pageBytes(resource: SyncedResource, offset: number, limit: number, operation: PagedListOperation, page: ListPageBytes): void;
  /** Forgets what was handed over of a resource whose read failed or was cancelled. */
  discard(resource: SyncedResource): void;
  /** Writes the resource's records as its snapshot; resources are written in the order asked. */
  apply(header: SnapshotHeader): Promise<SnapshotOutcome>;
  /** After the run's last resource: refreshes the planner statistics of what the snapshots changed. */
  finish(): Promise<void>;
  /** Releases the sink (its thread, its connection); what was asked before is still done first. */
  dispose(): Promise<void>;
}

/** A page handed over: where it starts, how many records, and their rows (read when the write needs them). */
export interface BufferedPage {
  offset: number;
  count: number;
  rows(): readonly EncodedRow[];
  /** Once rows() has run: the values it could not read and left unset (reply pages). */
  unread?: UnreadField[];
}

/**
 * A page handed over as reply bytes. Its records are decoded and encoded when the write reads its rows (once),
 * and its bytes freed then: until that moment the page is only its compact bytes. A page that cannot be
 * decoded fails the resource's write with the reason, unless a page read again at its offset replaces it.
 */
export function replyPage(resource: SyncedResource, offset: number, limit: number, operation: PagedListOperation, page: ListPageBytes): BufferedPage {
  const buffered: BufferedPage = {
    offset,
    count: Math.min(limit, page.returned),
    rows: () => {
      try {
        // A value that cannot be read leaves its field unset and is told, rather than failing the page.
        const { value: records, unread } = collectingUnread(() => decodeListPageBytes(operation, page.bytes, page).slice(0, limit));
        buffered.unread = unread;
        return [...encodeRows(resource, records as ResourceRecords[SyncedResource][])];
      } finally {
        releaseBytes(page.bytes);
      }
    },
  };
  return buffered;
}

/** The pages of each resource being read, by offset (a page read again at an offset replaces it). */
export class PageBuffer {
  private readonly pages = new Map<SyncedResource, Map<number, BufferedPage>>();

  put(resource: SyncedResource, page: BufferedPage): void {
    let pages = this.pages.get(resource);
    if (!pages) this.pages.set(resource, (pages = new Map()));
    // Delete first: the Map's order is then the order pages arrived in, which `take` relies on.
    pages.delete(page.offset);
    pages.set(page.offset, page);
  }

  /** Whether `page` is still the resource's page at its offset (not read again, dropped or taken). */
  holds(resource: SyncedResource, page: BufferedPage): boolean {
    return this.pages.get(resource)?.get(page.offset) === page;
  }

  /** Puts `replacement` where `page` is, keeping its place in the order pages arrived in; only where it holds `page`. */
  replace(resource: SyncedResource, page: BufferedPage, replacement: BufferedPage): void {
    if (this.holds(resource, page)) this.pages.get(resource)!.set(page.offset, replacement);
  }

  drop(resource: SyncedResource): void {
    this.pages.delete(resource);
  }

  /**
   * Rows of records 0..count-1 of a resource, in order; the pages leave the buffer. When the pages tile the range one
   * after the other (the usual case) they are read one at a time as the write goes, else all first, later
   * pages over earlier ones. A record never handed over is a bug in the reading, said so.
   */
  take(resource: SyncedResource, count: number, unread: UnreadField[][] = []): Iterable<EncodedRow> {
    const pages = [...(this.pages.get(resource)?.values() ?? [])];
    this.pages.delete(resource);
    const missing = (index: number) => new Error(`${resource}: record ${index} of ${count} was never handed over`);
    const sorted = pages.toSorted((a, b) => a.offset - b.offset);
    const tiled = sorted.every((page, i) => page.offset === (i === 0 ? 0 : sorted[i - 1]!.offset + sorted[i - 1]!.count));
    if (tiled) return tiledRows(sorted, count, missing, unread);
    const rows: EncodedRow[] = [];
    for (const page of pages) {
      page.rows().forEach((row, i) => (rows[page.offset + i] = row));
      unread.push(page.unread ?? []);
    }
    for (let i = 0; i < count; i++) if (rows[i] === undefined) throw missing(i);
    rows.length = count;
    return rows;
  }
}

/**
 * The rows of pages that tile records 0..count-1, page by page; each page is let go once its rows are
 * written, so a large resource's pages are not all held to its end. A generator function of its own, not one
 * made per call: each generator function gives its generator objects their own map, and a new one per
 * resource would be a map the write loop's optimized code had not seen, thrown away at every resource.
 */
function* tiledRows(pages: BufferedPage[], count: number, missing: (index: number) => Error, unread: UnreadField[][]): Generator<EncodedRow> {
  let index = 0;
  for (let page = pages.shift(); page !== undefined; page = pages.shift()) {
    const rows = page.rows();
    unread.push(page.unread ?? []);
    for (const row of rows) {
      if (index === count) return;
      yield row;
      index++;
    }
  }
  if (index < count) throw missing(index);
}

/**
 * Writes a resource from `buffer` through `mirror` on this thread; the records are kept only where notable
 * changes need them, and the values its pages left unset are told as warnings.
 */
export function writeSnapshot(mirror: Mirror, buffer: PageBuffer, header: SnapshotHeader): SnapshotOutcome {
  const { resource, today, previousSyncDay } = header;
  const unread: UnreadField[][] = [];
  const rows = buffer.take(resource, header.count, unread);
  const at = new Date(header.at);
  const warnings = () => describeUnread(resource, mergeUnread(unread));
  if (!mayBeNotable(resource, previousSyncDay)) {
    const { added, changed, removed } = mirror.applyEncodedSnapshotTally(resource, rows, at);
    return { added, changed, removed, notable: [], warnings: warnings() };
  }
  const changes = mirror.applyEncodedSnapshot(resource, rows, at);
  const notable = notableChanges(resource, changes, { mirror, today, previousSyncDay });
  return { added: changes.added.length, changed: changes.changed.length, removed: changes.removed.length, notable, warnings: warnings() };
}

export class InlineSnapshotSink implements SnapshotSink {
  private readonly buffer = new PageBuffer();

  constructor(private readonly mirror: Mirror) {}

  page(resource: SyncedResource, offset: number, records: readonly unknown[]): void {
    const rows = [...encodeRows(resource, records as readonly ResourceRecords[SyncedResource][])];
    this.buffer.put(resource, { offset, count: rows.length, rows: () => rows });
  }

  pageBytes(resource: SyncedResource, offset: number, limit: number, operation: PagedListOperation, page: ListPageBytes): void {
    this.buffer.put(resource, replyPage(resource, offset, limit, operation, page));
  }

  discard(resource: SyncedResource): void {
    this.buffer.drop(resource);
  }

  apply(header: SnapshotHeader): Promise<SnapshotOutcome> {
    try {
      return Promise.resolve(writeSnapshot(this.mirror, this.buffer, header));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  finish(): Promise<void> {
    this.mirror.refreshStatistics();
    return Promise.resolve();
  }

  dispose(): Promise<void> {
    return Promise.resolve();
  }
}
