/**
 * SIGKILL at random points: child processes replaying the outbox and syncing the mirror against the sandbox
 * (in this process) are killed and restarted. Every queued edit must end applied exactly once or waiting for
 * review (never lost, never duplicated), every file must reopen intact, and the mirror must equal the server
 * after the next full sync. Kill points come from a seeded PRNG (CRASH_SEED to replay a run's plan; where a
 * delay lands still depends on the machine's speed).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { Mirror, type SyncedResource } from '../../../electron/core/mirror/index.js';
import { openOutbox, type OutboxEntry } from '../../../electron/core/outbox/index.js';
import type { DataSize, RunningSandbox } from '../../../sandbox/options.js';
import { sandboxClock, startSandbox } from '../outbox/harness.js';
import { checkSettled, enqueueBatch, pickTargets, type Tally } from './batch.js';
import { seededRandom } from '../../../shared/random.js';
import { between, removeWorkerBundle, runWorker, type ChildRun, type KillPoint } from './children.js';
import { mirrorSnapshot, reopenMirror, reopenOutbox, serverSnapshot } from './consistency.js';
import { isProgressLine, lastPageLine, SENDING_LINE, SETTLED, type WorkerConfig, type WorkerMode } from './protocol.js';

const SEED = Number(process.env.CRASH_SEED ?? 20261122);
/** Short, so that a restart after a kill waits about a second for the dead replayer's lease (see worker.ts). */
const LEASE_TTL_MS = 1_000;
/** Enough data that a sync takes a second or two, long enough to be killed in the middle. */
const LARGE: Partial<DataSize> = { domains: 3000, services: 1000, orders: 500, transactions: 2000, tickets: 300, contacts: 300 };
const LARGE_RESOURCES: SyncedResource[] = ['tickets', 'services', 'domains', 'orders', 'transactions'];

let sb: RunningSandbox | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await sb?.stop();
  sb = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
afterAll(removeWorkerBundle);

/** A file in a new temporary directory, removed after the test. */
function tempFile(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'crash-test-'));
  dirs.push(dir);
  return join(dir, name);
}

function workerConfig(server: RunningSandbox, mode: WorkerMode, file: string): WorkerConfig {
  const clock = sandboxClock();
  return {
    mode,
    file,
    baseUrl: server.baseUrl,
    altBaseUrl: server.altBaseUrl,
    account: server.accounts[0]!,
    clockOffsetMs: clock() - Date.now(),
    leaseTtlMs: LEASE_TTL_MS,
  };
}

/**
 * Up to 200 ms after an edit is marked sending (before its request leaves, while the provider works on it, or
 * after its reply), some time after start, or at once.
 */
function replayKillPoint(random: () => number): KillPoint {
  const r = random();
  if (r < 0.5) return { at: 'line', pattern: SENDING_LINE, nth: between(random, 1, 4), ms: between(random, 0, 200) };
  if (r < 0.9) return { at: 'delay', ms: between(random, 300, 2000) };
  return { at: 'spawn' };
}

/** While a large resource's snapshot is written, some time after start, or at once. */
function syncKillPoint(random: () => number): KillPoint {
  const r = random();
  if (r < 0.45) return { at: 'line', pattern: lastPageLine(LARGE_RESOURCES[between(random, 0, LARGE_RESOURCES.length - 1)]!), nth: 1, ms: 0 };
  if (r < 0.9) return { at: 'delay', ms: between(random, 400, 2500) };
  return { at: 'spawn' };
}

/** Queues the mixed batch into a new outbox file, as the app would have while offline. */
async function queueBatch(server: RunningSandbox, tag: string): Promise<{ file: string; queued: OutboxEntry[] }> {
  const file = tempFile('outbox.sqlite');
  const outbox = openOutbox(file, { now: sandboxClock() });
  const queued = await enqueueBatch(outbox, tag, pickTargets(server));
  outbox.dispose();
  return { file, queued };
}

/** Every queued entry is still there and settled as it may be; the sandbox shows each applied at most once. */
function checkOutbox(server: RunningSandbox, file: string, queued: readonly OutboxEntry[]): Tally {
  const outbox = openOutbox(file);
  try {
    const entries = outbox.list();
    expect(entries.map((e) => e.id)).toEqual(queued.map((e) => e.id));
    return checkSettled(server, entries, (localId) => outbox.resolveId(localId));
  } finally {
    outbox.dispose();
  }
}

interface ReplayKills {
  kills: number;
  /** Entries a kill left marked sending: what the restart had to reconcile. */
  leftSending: number;
  /** Workers that found a dead replayer's lease and waited for it to expire. */
  leaseWaits: number;
}

/** One replay worker killed at its point; then the outbox must reopen intact. */
async function killReplay(config: WorkerConfig, point: KillPoint, tally: ReplayKills): Promise<{ run: ChildRun; unsettled: number }> {
  const run = await runWorker(config, point);
  const counts = reopenOutbox(config.file);
  if (run.lines.includes('busy')) tally.leaseWaits++;
  if (run.killed) {
    tally.kills++;
    tally.leftSending += counts.sending;
  }
  return { run, unsettled: counts.queued + counts.sending };
}

async function replayToTheEnd(config: WorkerConfig): Promise<void> {
  const run = await runWorker(config, { at: 'never' });
  expect(run.lines).toContain(SETTLED);
}

interface SyncKills {
  kills: number;
  /** Runs a kill cut short, found marked interrupted when the mirror was reopened. */
  interrupted: number;
  /** Runs that finished before the kill landed. */
  finished: number;
  /** The newest run in the log so far. */
  lastRunId: number | null;
}

/**
 * One sync worker killed at its point. The mirror must reopen intact with whole snapshots only, and the run
 * must be in the log once it reported progress: finished, or (after reopening) interrupted, never running.
 */
async function killSync(config: WorkerConfig, point: KillPoint, tally: SyncKills): Promise<void> {
  const run = await runWorker(config, point);
  if (run.killed) tally.kills++;
  const newest = reopenMirror(config.file);
  const logged = newest !== null && newest.id !== tally.lastRunId ? newest : null;
  if (run.lines.some(isProgressLine)) expect(logged, 'the run it began').not.toBeNull();
  if (logged === null) return;
  tally.lastRunId = logged.id;
  if (run.lines.includes('sync ok')) expect(logged.outcome).toBe('ok');
  // A kill in the instant between a run's last commit and its "sync ok" line leaves a finished run.
  expect(['interrupted', 'ok']).toContain(logged.outcome);
  if (logged.outcome === 'ok') tally.finished++;
  else tally.interrupted++;
}

/** A last sync to the end: the mirror equals the server, and the log holds the runs as each kill left them. */
async function syncToTheEnd(server: RunningSandbox, config: WorkerConfig, tally: SyncKills): Promise<void> {
  const run = await runWorker(config, { at: 'never' });
  expect(run.lines).toContain('sync ok');
  const mirror = Mirror.open(config.file);
  try {
    expect(mirrorSnapshot(mirror)).toEqual(serverSnapshot(server, server.accounts[0]!.userid));
    const outcomes = mirror.syncRuns(1_000).map((r) => r.outcome);
    expect(outcomes[0]).toBe('ok');
    expect(outcomes.filter((o) => o === 'interrupted')).toHaveLength(tally.interrupted);
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(tally.finished + 1);
    expect(outcomes).toHaveLength(tally.interrupted + tally.finished + 1);
  } finally {
    mirror.dispose();
  }
}

/** Something changes on the server between syncs: one contact goes, one domain is cancelled. */
function changeServer(server: RunningSandbox): void {
  const userid = server.accounts[0]!.userid;
  server.db.prepare('DELETE FROM contacts WHERE id = (SELECT MIN(id) FROM contacts WHERE userid = ?)').run(userid);
  server.db.prepare("UPDATE domains SET status = 'Cancelled' WHERE id = (SELECT MIN(id) FROM domains WHERE userid = ? AND status <> 'Cancelled')").run(userid);
}

const summary = (tally: Tally) =>
  [`${tally.done} done (${tally.reconciled} of them reconciled), ${tally.needsReview} needing review, ${tally.waiting} waiting behind those`, ...tally.reviews].join('\n  ');

describe('processes killed with SIGKILL and restarted', () => {
  it('replay: every queued edit applied exactly once or left for review, none lost', async () => {
    const random = seededRandom(SEED);
    sb = await startSandbox();
    // Each request spends 150 ms in the provider: kills after "sending" find requests in flight, and the
    // batch lasts for a dozen kills.
    sb.setFaults({ latencyMs: 150 });
    const { file, queued } = await queueBatch(sb, 'replay');
    const config = workerConfig(sb, 'replay', file);

    const tally: ReplayKills = { kills: 0, leftSending: 0, leaseWaits: 0 };
    for (let attempt = 0; attempt < 18 && tally.kills < 12; attempt++) {
      const { run, unsettled } = await killReplay(config, replayKillPoint(random), tally);
      if (!run.killed || unsettled === 0) break;
    }
    await replayToTheEnd(config);

    const outcome = checkOutbox(sb, file, queued);
    console.log(`replay (seed ${SEED}): ${tally.kills} kills, ${tally.leftSending} entries found sending after them, ${tally.leaseWaits} restarts waited out a dead lease; ${queued.length} edits: ${summary(outcome)}`);
    expect(tally.kills).toBeGreaterThanOrEqual(3);
    // Guards the test itself: some kill must have hit an edit in flight, or reconciliation went untested.
    expect(tally.leftSending).toBeGreaterThan(0);
  }, 120_000);

  it('sync: the mirror reopens intact after every kill and equals the server after the next full sync', async () => {
    const random = seededRandom(SEED + 1);
    sb = await startSandbox({ size: LARGE });
    const config = workerConfig(sb, 'sync', tempFile('mirror.sqlite'));

    const tally: SyncKills = { kills: 0, interrupted: 0, finished: 0, lastRunId: null };
    for (let attempt = 0; attempt < 9 && tally.kills < 6; attempt++) {
      await killSync(config, syncKillPoint(random), tally);
      changeServer(sb);
    }
    await syncToTheEnd(sb, config, tally);

    console.log(`sync (seed ${SEED + 1}): ${tally.kills} kills, ${tally.interrupted} runs interrupted by them, ${tally.finished} finished first`);
    expect(tally.interrupted).toBeGreaterThanOrEqual(2);
  }, 120_000);

  it('replay and sync side by side, both killed each round: edits settle once, the mirror catches up', async () => {
    const random = seededRandom(SEED + 2);
    sb = await startSandbox({ size: LARGE });
    sb.setFaults({ latencyMs: 100 });
    const { file, queued } = await queueBatch(sb, 'combined');
    const replay = workerConfig(sb, 'replay', file);
    const sync = workerConfig(sb, 'sync', tempFile('mirror.sqlite'));

    const replays: ReplayKills = { kills: 0, leftSending: 0, leaseWaits: 0 };
    const syncs: SyncKills = { kills: 0, interrupted: 0, finished: 0, lastRunId: null };
    for (let round = 0; round < 5; round++) {
      await Promise.all([killReplay(replay, replayKillPoint(random), replays), killSync(sync, syncKillPoint(random), syncs)]);
    }
    await replayToTheEnd(replay);
    await syncToTheEnd(sb, sync, syncs);

    const outcome = checkOutbox(sb, file, queued);
    console.log(
      `side by side (seed ${SEED + 2}): ${replays.kills} replay kills (${replays.leftSending} entries found sending after them), ${syncs.kills} sync kills (${syncs.interrupted} runs interrupted); ${queued.length} edits: ${summary(outcome)}`,
    );
  }, 120_000);
});
