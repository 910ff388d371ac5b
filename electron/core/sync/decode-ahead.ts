/**
 * The writer thread's use of its idle time: pages that arrived as reply bytes are decoded one at a time
 * between messages, so that a resource's write finds its rows ready instead of decoding them all at once
 * (on a machine whose other core serves the replies, that burst is what the sync would wait on). Decoded
 * rows take about twice the room of the bytes they came from, so no more than `budget` rows are decoded
 * ahead; the rest are decoded by the write itself.
 */
import type { SyncedResource } from '../mirror/index.js';
import type { ReplyPage } from './snapshot-sink.js';

export class DecodeAhead {
  private readonly waiting: Array<{ resource: SyncedResource; page: ReplyPage }> = [];
  /** Rows decoded ahead, per resource, until that resource is written or dropped. */
  private readonly decoded = new Map<SyncedResource, number>();
  private scheduled = false;

  constructor(private readonly budget: number) {}

  add(resource: SyncedResource, page: ReplyPage): void {
    this.waiting.push({ resource, page });
    this.schedule();
  }

  /** The resource's pages are written or dropped: its decoded rows no longer count, its waiting pages are the write's. */
  release(resource: SyncedResource): void {
    this.decoded.delete(resource);
    for (let i = this.waiting.length - 1; i >= 0; i--) if (this.waiting[i]!.resource === resource) this.waiting.splice(i, 1);
    this.schedule();
  }

  private get total(): number {
    let sum = 0;
    for (const rows of this.decoded.values()) sum += rows;
    return sum;
  }

  private schedule(): void {
    if (this.scheduled || this.waiting.length === 0) return;
    this.scheduled = true;
    // After the messages already waiting: a write asked for is never held up by more than one page.
    setImmediate(() => {
      this.scheduled = false;
      const next = this.waiting[0];
      if (next === undefined || this.total + next.page.count > this.budget) return;
      this.waiting.shift();
      next.page.decode();
      this.decoded.set(next.resource, (this.decoded.get(next.resource) ?? 0) + next.page.count);
      this.schedule();
    });
  }
}
