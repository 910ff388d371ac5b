/**
 * The sync's snapshot writer thread, against a real mirror file: jobs written in order by a second
 * connection and seen by the first once committed, a job's failure kept to that job, and a thread that
 * cannot start failing the jobs it was given and leaving later ones to the calling thread.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Mirror } from '../../electron/core/mirror/index.js';
import type { Domain, Service } from '../../shared/models.js';
import type { SnapshotHeader } from '../../electron/core/sync/snapshot-sink.js';
import { snapshotWorkerModule, WorkerSnapshotSink, type WorkerSinkOptions } from '../../electron/core/sync/worker-sink.js';
import { fixtureText } from './fixtures/api/shapes.js';
import { domain, openMirror, service, tempDir } from './mirror-fixtures.js';


let dir: string;
let mirror: Mirror;
let cleanup: () => void;
const sinks: WorkerSnapshotSink[] = [];

beforeEach(() => {
  ({ dir, cleanup } = tempDir());
  mirror = openMirror(dir);
});
afterEach(async () => {
  for (const sink of sinks.splice(0)) await sink.dispose();
  mirror.dispose();
  cleanup();
});

/** Hands `records` to the sink in pages of two, last page first, and asks for the write. */
function write(sink: WorkerSnapshotSink, resource: 'domains' | 'services', records: Array<Domain | Service>, previousSyncDay: string | null = null) {
  for (let offset = records.length - (records.length % 2 || 2); offset >= 0; offset -= 2) sink.page(resource, offset, records.slice(offset, offset + 2));
  const header: SnapshotHeader = { resource, count: records.length, at: '2026-11-22T10:00:00.000Z', today: '2026-11-22', previousSyncDay };
  return sink.apply(header);
}

function threadSink(options: WorkerSinkOptions = {}): WorkerSnapshotSink {
  const module = snapshotWorkerModule();
  if (module === null) throw new Error('the snapshot worker module was not found next to worker-sink.ts');
  const sink = new WorkerSnapshotSink(mirror, mirror.file!, module, options);
  sinks.push(sink);
  return sink;
}

describe('the snapshot writer thread', () => {
  it('finds its TypeScript source next to the sink, run through tsx, unless a build is named', async () => {
    const named = process.env.RESELLER_DESK_SNAPSHOT_WORKER;
    try {
      delete process.env.RESELLER_DESK_SNAPSHOT_WORKER;
      const module = snapshotWorkerModule();
      expect(module?.url.pathname).toMatch(/electron\/core\/sync\/snapshot-worker\.ts$/);
      expect(module?.execArgv[0]).toBe('--import');
      expect(module?.execArgv[1]).toMatch(/tsx/);
      // And the source runs so: the tests name the build, which would otherwise be all they run.
      const sink = new WorkerSnapshotSink(mirror, mirror.file!, module!);
      sinks.push(sink);
      expect(await write(sink, 'domains', [domain(1)])).toEqual({ added: 1, changed: 0, removed: 0, notable: [], warnings: [] });
      expect(sink.fallbackReason).toBeNull();

      process.env.RESELLER_DESK_SNAPSHOT_WORKER = '/opt/built/snapshot-worker.mjs';
      expect(snapshotWorkerModule()).toEqual({ url: new URL('file:///opt/built/snapshot-worker.mjs'), execArgv: [] });
    } finally {
      if (named === undefined) delete process.env.RESELLER_DESK_SNAPSHOT_WORKER;
      else process.env.RESELLER_DESK_SNAPSHOT_WORKER = named;
    }
  });

  it('writes jobs in order through its own connection; this connection sees each once committed', async () => {
    const sink = threadSink();
    const first = write(sink, 'domains', [domain(1), domain(2), domain(3)]);
    const second = write(sink, 'services', [service(7)]);
    expect(await first).toEqual({ added: 3, changed: 0, removed: 0, notable: [], warnings: [] });
    expect(await second).toEqual({ added: 1, changed: 0, removed: 0, notable: [], warnings: [] });
    expect(mirror.counts()).toMatchObject({ domains: 3, services: 1 });
    expect(mirror.get('domains', 2)).toEqual(domain(2));
    expect(mirror.syncStates().find((s) => s.resource === 'domains')?.lastSyncedAt).toBe('2026-11-22T10:00:00.000Z');

    const again = await write(sink, 'domains', [domain(1), domain(2, { status: 'Expired' })], '2026-11-21');
    expect(again).toMatchObject({ added: 0, changed: 1, removed: 1 });
    expect(mirror.get('domains', 2)?.status).toBe('Expired');
    expect(mirror.get('domains', 3)).toBeNull();
    await sink.finish();
    expect(sink.fallbackReason).toBeNull();
  });

  it('a write that fails is reported with its reason, and the thread goes on with the next', async () => {
    const sink = threadSink();
    await expect(write(sink, 'domains', [domain(1), domain(1)])).rejects.toThrow(/record 1 appears twice/);
    expect(mirror.counts().domains).toBe(0);
    sink.page('services', 0, [service(1)]);
    const header = { count: 2, at: '2026-11-22T10:00:00.000Z', today: '2026-11-22', previousSyncDay: null };
    await expect(sink.apply({ resource: 'services', ...header })).rejects.toThrow(/services: record 1 of 2 was never handed over/);
    sink.page('contacts', 0, [{ id: 1 }]);
    sink.discard('contacts');
    await expect(sink.apply({ resource: 'contacts', ...header, count: 1 })).rejects.toThrow(/contacts: record 0 of 1 was never handed over/);
    expect(await write(sink, 'domains', [domain(5)])).toMatchObject({ added: 1 });
    expect(sink.fallbackReason).toBeNull();
  });

  it('a thread that cannot start fails the jobs it had, and later jobs are written on this thread', async () => {
    const broken = join(dir, 'broken-worker.mjs');
    writeFileSync(broken, "throw new Error('no such writer');\n");
    const sink = new WorkerSnapshotSink(mirror, mirror.file!, { url: pathToFileURL(broken), execArgv: [] });
    sinks.push(sink);
    await expect(write(sink, 'domains', [domain(1)])).rejects.toThrow(/snapshot writer thread failed: no such writer/);
    expect(sink.fallbackReason).toMatch(/no such writer/);
    expect(await write(sink, 'domains', [domain(2)])).toMatchObject({ added: 1 });
    expect(mirror.get('domains', 2)).toEqual(domain(2));
  });

  it('decodes pages that come as reply bytes on the thread; one it cannot decode fails its write with the reason unless read again', async () => {
    const sink = threadSink();
    const reply = Buffer.from(fixtureText('clients-domains.flat.json'));
    const header = { resource: 'domains', count: 2, at: '2026-11-22T10:00:00.000Z', today: '2026-11-22', previousSyncDay: null } as const;
    sink.pageBytes('domains', 0, 25, 'get-clients-domains', { kind: 'bytes', bytes: Buffer.from('{"result":"success","numreturned":2,"domains":'), total: 2, start: 0, returned: 2 });
    await expect(sink.apply(header)).rejects.toThrow(/get-clients-domains: unexpected reply: reply is not a JSON object/);
    expect(mirror.counts().domains).toBe(0);

    sink.pageBytes('domains', 0, 25, 'get-clients-domains', { kind: 'bytes', bytes: Buffer.from('garbage'), total: 2, start: 0, returned: 2 });
    sink.pageBytes('domains', 0, 25, 'get-clients-domains', { kind: 'bytes', bytes: reply, total: 2, start: 0, returned: 2 });
    expect(await sink.apply(header)).toMatchObject({ added: 2 });
    expect(mirror.get('domains', 31)?.domainName).toBe('bakery-example.test');
    expect(sink.fallbackReason).toBeNull();
  });

  it('holds no more than its memory budget of pages not yet written: the rest wait on disk, and every row is written once', async () => {
    const budget = 2_000;
    const sink = threadSink({ memoryBudgetBytes: budget });
    const domains = Array.from({ length: 40 }, (_, i) => domain(i + 1, { domainName: `spilled-${i + 1}.test` }));
    const services = Array.from({ length: 10 }, (_, i) => service(i + 1));
    // Two resources waiting at once (the second read while the first is written), as in a sync.
    const first = write(sink, 'domains', domains);
    const second = write(sink, 'services', services);
    expect(await first).toMatchObject({ added: 40, changed: 0, removed: 0 });
    expect(await second).toMatchObject({ added: 10 });
    // A reply past the budget, decoded from the spill file where it waited; a page read again there replaces it.
    const reply = Buffer.from(fixtureText('clients-domains.flat.json'));
    sink.pageBytes('domains', 0, 25, 'get-clients-domains', { kind: 'bytes', bytes: Buffer.from('garbage'.repeat(400)), total: 2, start: 0, returned: 2 });
    sink.pageBytes('domains', 0, 25, 'get-clients-domains', { kind: 'bytes', bytes: reply, total: 2, start: 0, returned: 2 });
    const header = { resource: 'domains', count: 2, at: '2026-11-22T11:00:00.000Z', today: '2026-11-22', previousSyncDay: '2026-11-22' } as const;
    expect(await sink.apply(header)).toMatchObject({ changed: 2, removed: 38 });
    expect(mirror.counts().domains).toBe(2);
    expect(mirror.get('domains', 31)?.domainName).toBe('bakery-example.test');
    expect(mirror.get('services', 10)).toEqual(service(10));

    const { peakInMemoryBytes, spilledBytes } = sink.heldPages;
    expect(peakInMemoryBytes).toBeGreaterThan(0);
    expect(peakInMemoryBytes).toBeLessThanOrEqual(budget);
    expect(spilledBytes).toBeGreaterThan(reply.byteLength);
    await sink.dispose();
    // The spill file is gone with the sink (unlinked at once on POSIX, deleted at close elsewhere).
    expect(readdirSync(dir).filter((name) => name.includes('spill'))).toEqual([]);
  });
});
