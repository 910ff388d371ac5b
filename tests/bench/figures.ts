/** From the runs' raw figures to the bench's results: the naive estimate, ratios, targets, the JSON object. */
import { passMs, type BulkEdits } from './bulk-replays.js';
import type { Measured, NaiveFigures, QueryFigures, RawFigures, SyncFigures, TransferFigures } from './jobs.js';

export interface BenchRuns {
  raw: Measured<RawFigures>;
  sync: Measured<SyncFigures>;
  /** Each round's raw and sync wall times, run back to back (the machine's speed drifts between rounds). */
  rounds: Array<{ rawMs: number; syncMs: number }>;
  naive: Measured<NaiveFigures>;
  queries: Measured<QueryFigures>;
  /** A bulk edit's freshness pass alone, and the bulk edit replayed with bases and without (the sends alone). */
  bulkEdits: BulkEdits;
}

export interface NaiveEstimate extends TransferFigures {
  rows: number;
  measuredRows: number;
  /** True when some resource was read only in part and its figures scaled up to the whole. */
  extrapolated: boolean;
}

/** Each resource's time, requests and bytes scaled linearly from the rows read to the resource's total. */
export function estimateNaive(naive: NaiveFigures): NaiveEstimate {
  const estimate: NaiveEstimate = { wallMs: 0, requests: 0, bytes: 0, rows: 0, measuredRows: 0, extrapolated: false };
  for (const resource of naive.resources) {
    const scale = resource.rows > 0 ? resource.totalRows / resource.rows : 1;
    estimate.wallMs += resource.wallMs * scale;
    estimate.requests += Math.round(resource.requests * scale);
    estimate.bytes += Math.round(resource.bytes * scale);
    estimate.rows += resource.totalRows;
    estimate.measuredRows += resource.rows;
    estimate.extrapolated ||= resource.rows < resource.totalRows;
  }
  return estimate;
}

export interface Target {
  name: string;
  value: number;
  limit: number;
  /** How value compares with limit when met. */
  meets: 'at most' | 'at least';
  unit: string;
  pass: boolean;
}

function target(name: string, value: number, meets: Target['meets'], limit: number, unit: string): Target {
  return { name, value, limit, meets, unit, pass: meets === 'at most' ? value <= limit : value >= limit };
}

export function targetsOf(runs: BenchRuns, naive: NaiveEstimate): Target[] {
  return [
    target('sync time / raw transfer time', runs.sync.wallMs / runs.raw.wallMs, 'at most', 1.3, '×'),
    target('naive time / sync time', naive.wallMs / runs.sync.wallMs, 'at least', 10, '×'),
    target('list page p95', runs.queries.list.p95Ms, 'at most', 5, 'ms'),
    target('search p95', runs.queries.search.p95Ms, 'at most', 10, 'ms'),
    target('sync peak RSS', runs.sync.peakRssMb, 'at most', 250, 'MB'),
    target(`freshness before ${runs.bulkEdits.freshness.entries.toLocaleString('en-US')} bulk edits (read + decisions)`, passMs(runs.bulkEdits.freshness) / 1000, 'at most', 2, 's'),
  ];
}

const round = (n: number, digits = 2) => Number(n.toFixed(digits));

/** The `--json` line: the keys first, then the extras. */
export function benchJson(runs: BenchRuns, naive: NaiveEstimate, targets: Target[]): Record<string, unknown> {
  return {
    rows: runs.sync.rows,
    requests: runs.sync.requests,
    bytes: runs.sync.bytes,
    syncMs: round(runs.sync.wallMs, 1),
    rawMs: round(runs.raw.wallMs, 1),
    naiveMs: round(naive.wallMs, 1),
    peakRssMb: round(runs.sync.peakRssMb, 1),
    listP50Ms: round(runs.queries.list.p50Ms, 3),
    listP95Ms: round(runs.queries.list.p95Ms, 3),
    searchP50Ms: round(runs.queries.search.p50Ms, 3),
    searchP95Ms: round(runs.queries.search.p95Ms, 3),
    naiveExtrapolated: naive.extrapolated,
    naiveMeasuredRows: naive.measuredRows,
    naiveRequests: naive.requests,
    rawRequests: runs.raw.requests,
    rawPeakRssMb: round(runs.raw.peakRssMb, 1),
    syncCpuMs: round(runs.sync.cpuMs, 1),
    syncMainThreadCpuMs: runs.sync.mainThreadCpuMs === null ? null : round(runs.sync.mainThreadCpuMs, 1),
    syncSandboxCpuMs: runs.sync.sandboxCpuMs ?? null,
    rawCpuMs: round(runs.raw.cpuMs, 1),
    rawSandboxCpuMs: runs.raw.sandboxCpuMs ?? null,
    naivePeakRssMb: round(runs.naive.peakRssMb, 1),
    bulkEdits: runs.bulkEdits.freshness.entries,
    freshnessMs: round(passMs(runs.bulkEdits.freshness), 1),
    freshnessReadMs: round(runs.bulkEdits.freshness.readMs, 1),
    freshnessDecideMs: round(runs.bulkEdits.freshness.decideMs, 1),
    bulkSendsAloneMs: round(runs.bulkEdits.sendsAlone.wallMs, 1),
    bulkReplayWithBasesMs: round(runs.bulkEdits.withBases.wallMs, 1),
    bulkQueueWithBasesMs: round(runs.bulkEdits.withBases.queueMs, 1),
    bulkQueueWithoutBasesMs: round(runs.bulkEdits.sendsAlone.queueMs, 1),
    targets: Object.fromEntries(targets.map((t) => [t.name, { value: round(t.value, 3), [t.meets === 'at most' ? 'max' : 'min']: t.limit, pass: t.pass }])),
  };
}
