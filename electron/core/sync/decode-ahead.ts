/**
 * On the writer thread: reply pages decoded ahead of their write while the thread has nothing else to do.
 *
 * A sync reads one resource while the previous one is written. Once the writer has caught up, it would wait
 * until the resource being read is read in full, then decode all of its pages in the write, with the
 * provider idle by then. Decoded while the pages arrive instead, in the thread's idle time, the write that
 * follows is only the database's work.
 *
 * A page decoded ahead is kept as its encoded rows, and its reply bytes are freed. The rows are held as they
 * are, not v8-serialized until their write: serializing and reading them back cost the writer thread more
 * CPU than the little peak memory it saved. Rows take more memory than the reply bytes they come from (one
 * to two and a half times, by resource), so a resource has at most MAX_ROWS_AHEAD of them, or MAX_BYTES_AHEAD of
 * reply bytes, decoded ahead; the pages past that wait as bytes for the write, and a very large account's sync
 * does not hold every record it reads as rows. (The measurements are in the commits that chose these. The bytes
 * bound is for the huge preset's orders, about 2.5 kB a reply row: 20,000 of them decoded ahead were some 80 MB of
 * the writer thread's heap.)
 *
 * One page per turn of the event loop, so that a message (the next page, a write) waits for at most one
 * page's decoding. A page no longer in the buffer (read again, written, dropped) is skipped.
 */
import type { SyncedResource } from '../mirror/index.js';
import type { BufferedPage, PageBuffer } from './snapshot-sink.js';

/** Rows of one resource decoded ahead at most (the large preset's largest resources have 20,000). */
export const MAX_ROWS_AHEAD = 20_000;
/** Reply bytes of one resource decoded ahead at most (the large preset's largest resource has 19 MB). */
export const MAX_BYTES_AHEAD = 20 * 1024 * 1024;

export class DecodeAhead {
  private readonly queue: Array<{ resource: SyncedResource; page: BufferedPage; bytes: number }> = [];
  private scheduled = false;
  /** Rows and reply bytes decoded ahead so far, by resource (one sync's: the thread lives for one). */
  private readonly decodedAhead = new Map<SyncedResource, { rows: number; bytes: number }>();

  constructor(
    private readonly buffer: PageBuffer,
    /** Runs a task once the pending messages are handled (setImmediate on the thread). */
    private readonly later: (task: () => void) => void = setImmediate,
    private readonly maxRowsAhead = MAX_ROWS_AHEAD,
    private readonly maxBytesAhead = MAX_BYTES_AHEAD,
  ) {}

  /** Decodes `page` (already in the buffer, its reply `bytes` long) when the thread is next idle. */
  add(resource: SyncedResource, page: BufferedPage, bytes: number): void {
    this.queue.push({ resource, page, bytes });
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled || this.queue.length === 0) return;
    this.scheduled = true;
    this.later(() => {
      this.scheduled = false;
      this.step();
      this.schedule();
    });
  }

  private step(): void {
    const next = this.queue.shift();
    if (next === undefined || !this.buffer.holds(next.resource, next.page)) return;
    const before = this.decodedAhead.get(next.resource) ?? { rows: 0, bytes: 0 };
    const after = { rows: before.rows + next.page.count, bytes: before.bytes + next.bytes };
    if (after.rows > this.maxRowsAhead || after.bytes > this.maxBytesAhead) return;
    this.decodedAhead.set(next.resource, after);
    this.buffer.replace(next.resource, next.page, decoded(next.page));
  }
}

/**
 * The page with its rows read now. A page that cannot be read keeps its error, which fails the resource's
 * write as it would have there (unless a page read again replaces it first).
 */
function decoded(page: BufferedPage): BufferedPage {
  const { offset, count } = page;
  try {
    const rows = page.rows();
    return { offset, count, rows: () => rows, unread: page.unread };
  } catch (error) {
    return {
      offset,
      count,
      rows: () => {
        throw error;
      },
    };
  }
}
