/**
 * On the writer thread: reply pages decoded ahead of their write while the thread has nothing else to do.
 *
 * A sync reads one resource while the previous one is written. Once the writer has caught up, it would wait
 * until the resource being read is read in full, then decode all of its pages in the write, with the
 * provider idle by then. Decoded while the pages arrive instead, in the thread's idle time, the write that
 * follows is only the database's work.
 *
 * A page decoded ahead is kept as its encoded rows serialized (v8): about the size of the reply bytes it
 * replaces, which are freed then. Rows held as objects until their write cost some 30 MB of peak memory on a
 * large sync.
 *
 * One page per turn of the event loop, so that a message (the next page, a write) waits for at most one
 * page's decoding. A page no longer in the buffer (read again, written, dropped) is skipped.
 */
import { deserialize, serialize } from 'node:v8';
import { releaseBytes } from '../api/reply-bytes.js';
import type { EncodedRow, SyncedResource } from '../mirror/index.js';
import type { BufferedPage, PageBuffer } from './snapshot-sink.js';

export class DecodeAhead {
  private readonly queue: Array<{ resource: SyncedResource; page: BufferedPage }> = [];
  private scheduled = false;

  constructor(
    private readonly buffer: PageBuffer,
    /** Runs a task once the pending messages are handled (setImmediate on the thread). */
    private readonly later: (task: () => void) => void = setImmediate,
  ) {}

  /** Decodes `page` (already in the buffer) when the thread is next idle. */
  add(resource: SyncedResource, page: BufferedPage): void {
    this.queue.push({ resource, page });
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
    this.buffer.replace(next.resource, next.page, compacted(next.page));
  }
}

/**
 * The page with its rows read now and kept serialized. A page that cannot be read keeps its error, which
 * fails the resource's write as it would have there (unless a page read again replaces it first).
 */
export function compacted(page: BufferedPage): BufferedPage {
  const { offset, count } = page;
  try {
    return serializedPage(offset, count, serialize(page.rows()));
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

/** A page of `count` rows held as `bytes`, encoded rows as v8.serialize wrote them. */
export function serializedPage(offset: number, count: number, bytes: Uint8Array): BufferedPage {
  return { offset, count, rows: () => rowsOf(bytes) };
}

/**
 * The rows, the bytes released as soon as they are read: freed at once, where the thread's GC would get to
 * them only at its next full collection (by then their buffer is old), and a resource of 20,000 rows is some
 * 14 MB of them.
 */
function rowsOf(bytes: Uint8Array): EncodedRow[] {
  const rows = deserialize(bytes) as EncodedRow[];
  releaseBytes(bytes);
  return rows;
}
