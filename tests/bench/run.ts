/**
 * `npm run bench [-- --json] [--preset large|huge] [--rounds N] [--naive-rows N|all] [--list-pages N] [--searches N] [--bulk-rounds N] [--keep-mirror FILE]`
 *
 * Full sync of the sandbox's large (or huge) preset over loopback, against the raw transfer of the same requests (the
 * floor) and a naive baseline, then list and search latency on the mirror the sync wrote, then a bulk edit of
 * 2,000 contacts replayed with its freshness pass and without (bulk-replays.ts). The sandbox and
 * every measured run are processes of their own. Progress goes to stderr; the report to stdout, and with
 * --json its last line is the figures as one JSON object; --keep-mirror copies the measured mirror file to FILE
 * (its size is logged either way). Exits 0 even when a target is missed (it says MISS).
 */
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { measureBulkReplays } from './bulk-replays.js';
import { benchJson, estimateNaive, targetsOf, type BenchRuns } from './figures.js';
import type { JobKind, JobOf, JobResults, Measured, RawFigures, SyncFigures } from './jobs.js';
import { formatReport } from './report.js';
import { startSandboxProcess, type SandboxProcess } from './sandbox-process.js';
import { fastest } from './stats.js';
import { bundleWorker } from './worker-bundle.js';
import { runWorker } from './workers.js';

const TODAY = '2026-11-22';

interface BenchOptions {
  json: boolean;
  preset: 'large' | 'huge';
  rounds: number;
  naiveRowsPerResource: number | null;
  listPages: number;
  searches: number;
  bulkRounds: number;
  keepMirror: string | undefined;
}

function parseOptions(): BenchOptions {
  const { values } = parseArgs({
    options: {
      json: { type: 'boolean', default: false },
      preset: { type: 'string', default: 'large' },
      rounds: { type: 'string', default: '5' },
      'naive-rows': { type: 'string', default: '1000' },
      'list-pages': { type: 'string', default: '360' },
      searches: { type: 'string', default: '400' },
      'bulk-rounds': { type: 'string', default: '3' },
      'keep-mirror': { type: 'string' },
    },
  });
  const count = (flag: string, text: string) => {
    const n = Number(text);
    if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--${flag} takes a whole number ≥ 1, got '${text}'`);
    return n;
  };
  if (values.preset !== 'large' && values.preset !== 'huge') throw new Error(`--preset takes large or huge, got '${values.preset}'`);
  return {
    json: values.json,
    preset: values.preset,
    rounds: count('rounds', values.rounds),
    naiveRowsPerResource: values['naive-rows'] === 'all' ? null : count('naive-rows', values['naive-rows']),
    listPages: count('list-pages', values['list-pages']),
    searches: count('searches', values.searches),
    bulkRounds: count('bulk-rounds', values['bulk-rounds']),
    keepMirror: values['keep-mirror'],
  };
}

const log = (message: string) => process.stderr.write(`bench: ${message}\n`);
/** Runs a job in a worker process, noting the sandbox's CPU time during it (the sandbox serves nothing else meanwhile). */
async function runTimed<K extends JobKind>(bundle: string, sandbox: SandboxProcess, job: JobOf<K>): Promise<Measured<JobResults[K]>> {
  const before = sandbox.cpuMs();
  const result = await runWorker<K>(bundle, job);
  const after = sandbox.cpuMs();
  return { ...result, sandboxCpuMs: before === null || after === null ? null : after - before };
}

async function measure(server: SandboxProcess, dir: string, bundle: string, options: BenchOptions): Promise<BenchRuns> {
  const sandbox = server.info;
  // A first sync warms the sandbox up (both measured variants then meet the same warm server) and records
  // the requests the raw transfer replays.
  log('warm-up sync (records the requests to replay)…');
  const warmUp = await runWorker(bundle, { kind: 'sync', sandbox, mirrorPath: join(dir, 'warm-up.sqlite') });
  log(`  ${Math.round(warmUp.wallMs)} ms, ${warmUp.rows} rows, ${warmUp.requests} requests`);

  const raws: Measured<RawFigures>[] = [];
  const syncs: Measured<SyncFigures>[] = [];
  for (let round = 1; round <= options.rounds; round++) {
    const raw = async () => {
      raws.push(await runTimed(bundle, server, { kind: 'raw', sandbox, plan: warmUp.plan }));
      log(`  raw transfer ${Math.round(raws.at(-1)!.wallMs)} ms`);
    };
    const sync = async () => {
      syncs.push(await runTimed(bundle, server, { kind: 'sync', sandbox, mirrorPath: join(dir, `sync-${round}.sqlite`) }));
      log(`  sync ${Math.round(syncs.at(-1)!.wallMs)} ms`);
    };
    log(`round ${round}/${options.rounds}…`);
    // In turn first and second, so that neither variant always meets the sandbox just after the other.
    for (const run of round % 2 === 1 ? [raw, sync] : [sync, raw]) await run();
  }
  const raw = fastest(raws);
  const sync = fastest(syncs);
  if (raw.requests !== sync.requests) log(`warning: raw sent ${raw.requests} requests, sync ${sync.requests}`);

  const share = options.naiveRowsPerResource === null ? 'in full' : `up to ${options.naiveRowsPerResource} rows per resource`;
  log(`naive baseline (${share})…`);
  const naive = await runWorker(bundle, { kind: 'naive', sandbox, dbPath: join(dir, 'naive.sqlite'), rowsPerResource: options.naiveRowsPerResource });

  const mirrorPath = join(dir, `sync-${options.rounds}.sqlite`);
  log(`mirror file: ${(statSync(mirrorPath).size / 1024 / 1024).toFixed(1)} MB`);
  if (options.keepMirror !== undefined) copyFileSync(mirrorPath, options.keepMirror);
  log('list and search latency…');
  const queries = await runWorker(bundle, {
    kind: 'queries',
    mirrorPath,
    today: TODAY,
    listPages: options.listPages,
    searches: options.searches,
  });
  // Last: the bulk edits change the sandbox's contacts and the mirror's.
  const bulkEdits = await measureBulkReplays(bundle, sandbox, dir, mirrorPath, options.bulkRounds, log);
  const rounds = raws.map((run, i) => ({ rawMs: run.wallMs, syncMs: syncs[i]!.wallMs }));
  return { raw, sync, rounds, naive, queries, bulkEdits };
}

async function main(): Promise<void> {
  const options = parseOptions();
  const dir = mkdtempSync(join(tmpdir(), 'reseller-bench-'));
  let runs: BenchRuns;
  try {
    log('bundling the worker…');
    const bundle = await bundleWorker(join(dir, 'worker'));
    log(`starting the sandbox (${options.preset} preset)…`);
    const sandbox = await startSandboxProcess(['--preset', options.preset, '--port', '0', '--alt-port', '0', '--control-port', '0', '--today', TODAY]);
    try {
      runs = await measure(sandbox, dir, bundle, options);
    } finally {
      await sandbox.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const naive = estimateNaive(runs.naive);
  const targets = targetsOf(runs, naive);
  process.stdout.write(`${formatReport({ runs, naive, targets, rounds: options.rounds, bulkRounds: options.bulkRounds, naiveRowsPerResource: options.naiveRowsPerResource, preset: options.preset })}\n`);
  if (options.json) process.stdout.write(`${JSON.stringify(benchJson(runs, naive, targets))}\n`);
}

await main();
