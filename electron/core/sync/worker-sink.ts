/**
 * The snapshot sink on a worker thread (snapshot-worker.ts): pages are posted as they are read, so a resource's
 * records are held by that thread only. Should the thread fail to start or die, the resources it was given
 * fail (the next sync reads them again: the mirror is a cache), later ones are kept and written on this
 * thread, and `fallbackReason` says why.
 *
 * The pages the thread holds, not yet written, are bounded: past `memoryBudgetBytes` of them, a page's bytes go
 * to a spill file (spill-file.ts) and the thread is told where, so a very large account's sync holds no more
 * than the budget of pages in memory, whatever the size of its resources.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serialize } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { encodeRows, type Mirror, type ResourceRecords, type SyncedResource } from '../mirror/index.js';
import type { AnsweredRequest, PageBytes, SnapshotReply, SnapshotRequest, SnapshotWorkerData } from './snapshot-protocol.js';
import { ownsBuffer, releaseBytes } from '../api/reply-bytes.js';
import type { ListPageBytes, PagedListOperation } from '../api/paged-lists.js';
import { InlineSnapshotSink, type SnapshotHeader, type SnapshotOutcome, type SnapshotSink } from './snapshot-sink.js';
import { isSpilled, SpillFile } from './spill-file.js';

export interface WorkerModule {
  url: URL;
  execArgv: string[];
}

/**
 * The worker's module: the build named by RESELLER_DESK_SNAPSHOT_WORKER, else one built beside this code (the
 * app's and the bench's bundles: builtWorkerBeside), else its TypeScript source next to this one, run through
 * tsx's loader (tests, the CLI from a checkout). Null when none is there. The tests run the engine from its
 * sources and name out/node's build while it is current (vitest.config.ts): through tsx, each sync's new thread
 * loaded some forty modules, 0.3 s of CPU.
 */
export function snapshotWorkerModule(): WorkerModule | null {
  const named = process.env.RESELLER_DESK_SNAPSHOT_WORKER;
  if (named) return { url: pathToFileURL(named), execArgv: [] };
  const built = builtWorkerBeside(new URL(import.meta.url));
  if (built) return { url: built, execArgv: [] };
  const source = new URL('./snapshot-worker.ts', import.meta.url);
  if (!existsSync(fileURLToPath(source))) return null;
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { url: source, execArgv: ['--import', tsx] };
}

/**
 * The built worker beside `module` (the bundle this code is in), or null. In the packaged app that bundle is
 * inside resources/app.asar, and the worker is unpacked from it (build/electron-builder.yml's asarUnpack): the
 * thread runs the real file in app.asar.unpacked, whose imports resolve among real files there too.
 */
export function builtWorkerBeside(module: URL): URL | null {
  for (const name of ['snapshot-worker.js', 'snapshot-worker.mjs']) {
    const path = fileURLToPath(new URL(`./${name}`, module));
    for (const candidate of [asarUnpackedPath(path), path]) if (existsSync(candidate)) return pathToFileURL(candidate);
  }
  return null;
}

/**
 * Where electron-builder puts a file of an asar archive that it unpacks: the same path under the archive's
 * `.asar.unpacked` folder (…/resources/app.asar/out/main/x.js → …/resources/app.asar.unpacked/out/main/x.js).
 * A path in no archive is returned as it is.
 */
export function asarUnpackedPath(path: string): string {
  return path.replace(/\.asar(?=[\\/])/, '.asar.unpacked');
}

/**
 * The thread's young generation: it decodes the replies, so most of the sync's short-lived objects are made
 * here. With pages decoded ahead, a small one measured as fast as larger ones, with the sync's peak memory
 * lower and steadier (the figures are in the commit that chose it); V8's default (tens of MB per thread, on
 * top of the main thread's) would lift that peak further.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8 };

/**
 * Bytes of pages not yet written that the writer thread holds in memory at most; the rest wait on disk. Above
 * what the large preset ever holds (its domains and orders together, ~32 MB), so its syncs never spill; the
 * huge preset's held ~130 MB, and its peak RSS passed 250 MB.
 */
export const MEMORY_BUDGET_BYTES = 40 * 1024 * 1024;

export interface WorkerSinkOptions {
  memoryBudgetBytes?: number;
}

/** What the sink held of pages not yet written: in memory at most at once, and spilled to disk in all. */
export interface HeldPages {
  peakInMemoryBytes: number;
  spilledBytes: number;
}

interface Pending {
  resolve(outcome: SnapshotOutcome | null): void;
  reject(error: Error): void;
}

export class WorkerSnapshotSink implements SnapshotSink {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private readonly inline: InlineSnapshotSink;
  private nextId = 1;
  private failed: string | null = null;
  private readonly memoryBudgetBytes: number;
  private readonly spill: SpillFile;
  /** Bytes posted and not yet written, by resource: in memory, and in the spill file. */
  private readonly unwritten = new Map<SyncedResource, { inMemory: number; spilled: number }>();
  private inMemoryBytes = 0;
  private readonly held: HeldPages = { peakInMemoryBytes: 0, spilledBytes: 0 };

  constructor(mirror: Mirror, mirrorFile: string, module: WorkerModule, options: WorkerSinkOptions = {}) {
    this.memoryBudgetBytes = options.memoryBudgetBytes ?? MEMORY_BUDGET_BYTES;
    this.spill = new SpillFile(`${mirrorFile}-spill`);
    this.inline = new InlineSnapshotSink(mirror);
    const workerData: SnapshotWorkerData = { mirrorFile };
    this.worker = new Worker(module.url, { workerData, execArgv: module.execArgv, resourceLimits: WORKER_LIMITS });
    this.worker.on('message', (reply: SnapshotReply) => this.settle(reply));
    this.worker.on('error', (error) => this.fail(`the snapshot writer thread failed: ${error.message}`));
    this.worker.on('exit', (code) => this.fail(`the snapshot writer thread exited (code ${code})`));
  }

  /** Why this thread writes instead of the writer thread, or null while that thread does. */
  get fallbackReason(): string | null {
    return this.failed;
  }

  /** How much of the pages not yet written was held in memory at most, and how much went to disk. */
  get heldPages(): HeldPages {
    return { ...this.held };
  }

  page(resource: SyncedResource, offset: number, records: readonly unknown[]): void {
    if (this.failed !== null) return this.inline.page(resource, offset, records);
    const bytes = this.stage(resource, serialize([...encodeRows(resource, records as readonly ResourceRecords[SyncedResource][])]));
    this.post({ kind: 'page', resource, offset, count: records.length, bytes }, transferOf(bytes));
  }

  pageBytes(resource: SyncedResource, offset: number, limit: number, operation: PagedListOperation, page: ListPageBytes): void {
    if (this.failed !== null) return this.inline.pageBytes(resource, offset, limit, operation, page);
    // Transferred, not copied; a small reply shares its buffer with others (Node's pool) and goes as a copy.
    const own = ownsBuffer(page.bytes) ? page.bytes : new Uint8Array(page.bytes);
    const bytes = this.stage(resource, own);
    const { total, returned } = page;
    this.post({ kind: 'reply', resource, offset, limit, operation, total, returned, bytes }, transferOf(bytes));
  }

  discard(resource: SyncedResource): void {
    this.inline.discard(resource);
    if (this.failed === null) this.post({ kind: 'discard', resource });
    this.written(resource);
  }

  async apply(header: SnapshotHeader): Promise<SnapshotOutcome> {
    if (this.failed !== null) return this.inline.apply(header);
    try {
      const outcome = await this.send({ id: this.nextId++, kind: 'apply', header });
      if (outcome === null) throw new Error('the snapshot writer answered a write with no outcome');
      return outcome;
    } finally {
      this.written(header.resource);
    }
  }

  async finish(): Promise<void> {
    if (this.failed !== null) await this.inline.finish();
    else await this.send({ id: this.nextId++, kind: 'finish' });
  }

  /** Never throws: a thread that dies while closing has nothing left to lose. */
  async dispose(): Promise<void> {
    if (this.failed === null) await this.send({ id: this.nextId++, kind: 'close' }).catch(() => null);
    await this.worker.terminate();
    this.spill.dispose();
  }

  /**
   * The bytes to post for a page: these, while the pages not yet written stay within the budget; else where
   * they now wait in the spill file, their memory freed.
   */
  private stage(resource: SyncedResource, bytes: Uint8Array): PageBytes {
    let unwritten = this.unwritten.get(resource);
    if (!unwritten) this.unwritten.set(resource, (unwritten = { inMemory: 0, spilled: 0 }));
    if (this.inMemoryBytes + bytes.byteLength <= this.memoryBudgetBytes) {
      unwritten.inMemory += bytes.byteLength;
      this.inMemoryBytes += bytes.byteLength;
      this.held.peakInMemoryBytes = Math.max(this.held.peakInMemoryBytes, this.inMemoryBytes);
      return bytes;
    }
    const spilled = this.spill.write(bytes);
    releaseBytes(bytes);
    unwritten.spilled += spilled.length;
    this.held.spilledBytes += spilled.length;
    return spilled;
  }

  /** A resource's pages are written or dropped: their bytes no longer count, and the spill file empties once none wait in it. */
  private written(resource: SyncedResource): void {
    const unwritten = this.unwritten.get(resource);
    if (!unwritten) return;
    this.unwritten.delete(resource);
    this.inMemoryBytes -= unwritten.inMemory;
    if ([...this.unwritten.values()].every((pages) => pages.spilled === 0)) this.spill.clear();
  }

  private post(request: SnapshotRequest, transfer: ArrayBuffer[] = []): void {
    this.worker.postMessage(request, transfer);
  }

  private send(request: AnsweredRequest): Promise<SnapshotOutcome | null> {
    return new Promise((resolve, reject) => {
      this.pending.set(request.id, { resolve, reject });
      this.post(request);
    });
  }

  private settle(reply: SnapshotReply): void {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    if (reply.ok) pending.resolve(reply.outcome);
    else pending.reject(new Error(reply.error));
  }

  /** The thread is gone: what it had not answered fails with the reason; later pages and writes stay here. */
  private fail(reason: string): void {
    if (this.failed !== null) return;
    this.failed = reason;
    const unanswered = [...this.pending.values()];
    this.pending.clear();
    for (const { reject } of unanswered) reject(new Error(reason));
  }
}

/** What a page's message transfers: its bytes' buffer, unless they wait in the spill file. */
function transferOf(bytes: PageBytes): ArrayBuffer[] {
  return isSpilled(bytes) ? [] : [bytes.buffer as ArrayBuffer];
}
