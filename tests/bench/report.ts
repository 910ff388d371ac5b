/** The bench's readable report: transfer table, ratios, latency table, targets. */
import { availableParallelism } from 'node:os';
import type { BenchRuns, NaiveEstimate, Target } from './figures.js';
import type { LatencyFigures } from './jobs.js';
import { latency } from './stats.js';

export interface ReportContext {
  runs: BenchRuns;
  naive: NaiveEstimate;
  targets: Target[];
  rounds: number;
  bulkRounds: number;
  naiveRowsPerResource: number | null;
  preset: string;
}

const whole = (n: number) => Math.round(n).toLocaleString('en-US');
const fixed = (n: number, digits: number) => n.toFixed(digits);
const mb = (bytes: number) => fixed(bytes / 1024 / 1024, 1);

function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function transferTable({ runs, naive }: ReportContext): string {
  const rows = runs.sync.rows;
  const perSecond = (count: number, ms: number) => whole(count / (ms / 1000));
  return table(
    ['variant', 'wall ms', 'requests', 'MB', 'rows/s', 'peak RSS MB'],
    [
      ['raw transfer (floor)', whole(runs.raw.wallMs), whole(runs.raw.requests), mb(runs.raw.bytes), perSecond(rows, runs.raw.wallMs), fixed(runs.raw.peakRssMb, 1)],
      ['sync (ours)', whole(runs.sync.wallMs), whole(runs.sync.requests), mb(runs.sync.bytes), perSecond(rows, runs.sync.wallMs), fixed(runs.sync.peakRssMb, 1)],
      [
        `naive${naive.extrapolated ? ' *' : ''}`,
        whole(naive.wallMs),
        whole(naive.requests),
        mb(naive.bytes),
        perSecond(naive.rows, naive.wallMs),
        fixed(runs.naive.peakRssMb, 1),
      ],
    ],
  );
}

function naiveNote({ naive, naiveRowsPerResource }: ReportContext): string {
  if (!naive.extrapolated) return 'naive: measured in full.';
  return (
    `* naive extrapolated from ${whole(naive.measuredRows)} of ${whole(naive.rows)} rows (the first ${whole(naiveRowsPerResource ?? 0)} ` +
    'rows of each resource, each resource scaled linearly to its total); its peak RSS is that of the partial run.'
  );
}

/** Per resource: the floor, and the sync's reading (each resource is written on its own thread while the next is read). */
function resourceTable({ runs }: ReportContext): string {
  const raw = new Map(runs.raw.resources.map((r) => [r.resource, r.fetchMs]));
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const timings = table(
    ['resource', 'raw ms', 'sync read ms'],
    [
      ...runs.sync.resources.map((r) => [r.resource, whole(raw.get(r.resource) ?? 0), whole(r.fetchMs)]),
      ['all', whole(sum([...raw.values()])), whole(sum(runs.sync.resources.map((r) => r.fetchMs)))],
    ],
  );
  return `${timings}\nsync: ${whole(runs.sync.tailMs)} ms after the last page (writes still running, statistics, run record)`;
}

/**
 * CPU time of the fastest raw and sync runs, ours by thread and (where the platform tells) the sandbox's, and
 * what it implies: on this machine the sandbox shares the cores, so no run can take less than all the CPU time
 * spent in it (ours and the sandbox's) spread over the cores, however well the two overlap.
 */
function cpuTable({ runs }: ReportContext): string {
  const { raw, sync } = runs;
  const cells = (f: (run: typeof raw | typeof sync) => number | null) => [raw, sync].map((run) => (f(run) === null ? '—' : whole(f(run)!)));
  const header = ['CPU time in the fastest runs (ms)', 'raw', 'sync'];
  const ours = [
    ['ours: main thread', ...cells((run) => run.mainThreadCpuMs)],
    ['ours: other threads', ...cells((run) => (run.mainThreadCpuMs === null ? null : run.cpuMs - run.mainThreadCpuMs))],
    ['wall time', ...cells((run) => run.wallMs)],
  ];
  const note = "ours, other threads: the sync's writer thread, and in both V8's compiler and GC helpers.";
  if (raw.sandboxCpuMs == null || sync.sandboxCpuMs == null) return [table(header, ours), note].join('\n');
  const cores = availableParallelism();
  const spread = (run: typeof raw | typeof sync) => (run.cpuMs + (run.sandboxCpuMs ?? 0)) / cores;
  const rows = [
    ['the sandbox (serving the requests)', ...cells((run) => run.sandboxCpuMs ?? 0)],
    ...ours,
    [`all of it over ${cores} cores`, ...cells(spread)],
  ];
  return [
    table(header, rows),
    `${note} No run takes less than all its CPU time over the cores, so with the sandbox on the same ${cores} cores`,
    `sync / raw cannot go below ${fixed(spread(sync) / raw.wallMs, 2)}× here (the raw transfer is bound instead by the sandbox's busy thread).`,
    `That busy thread keeps about one core through a sync too, which leaves ours about the other: our CPU time alone is`,
    `${fixed(sync.cpuMs / raw.wallMs, 2)}× the raw transfer's wall time, the sync / raw to expect unless our CPU time goes down.`,
  ].join('\n');
}

function latencyTable({ runs }: ReportContext): string {
  const row = (name: string, f: LatencyFigures) => [name, whole(f.samples), fixed(f.p50Ms, 2), fixed(f.p95Ms, 2), fixed(f.maxMs, 2)];
  const { queries } = runs;
  return table(
    ['query', 'samples', 'p50 ms', 'p95 ms', 'max ms'],
    [
      row('list page (100 rows, filtered, sorted)', queries.list),
      ...Object.entries(queries.listByShape).map(([name, f]) => row(`  ${name}`, f)),
      row('search (top 20 across resources)', queries.search),
      ...Object.entries(queries.searchByKind).map(([name, f]) => row(`  ${name}`, f)),
    ],
  );
}

/** A bulk edit's freshness pass alone, beside the replays with bases and without (the sends alone). */
function bulkEditTable({ runs, bulkRounds }: ReportContext): string {
  const { withBases, sendsAlone, freshness } = runs.bulkEdits;
  const row = (name: string, run: typeof withBases, pass: string) => [name, whole(run.queueMs), pass, whole(run.wallMs), whole(run.toFirstSendMs), whole(run.requests), mb(run.bytes)];
  const perRound = runs.bulkEdits.rounds.map((r) => `${whole(r.freshnessMs)} / ${whole(r.withBasesMs)} / ${whole(r.sendsAloneMs)}`).join(', ');
  return [
    `A bulk edit of ${whole(withBases.edits)} contacts (one field set), queued with outbox.enqueueAll as contacts.bulkEdit does and sent by the`,
    `app's Replayer: the fastest of ${bulkRounds} round${bulkRounds === 1 ? '' : 's'} (the two in turn first and second), each in a fresh process after a sync of the contacts.`,
    table(
      ['bulk edit', 'queue ms', 'freshness ms', 'replay ms', 'to first send ms', 'requests', 'MB'],
      [
        row('with bases (read, decide, send)', withBases, `${whole(freshness.readMs)} + ${whole(freshness.decideMs)}`),
        row('sends alone (no bases)', sendsAlone, '—'),
      ],
    ),
    `freshness: the pass alone, timed before the replay (the provider's contacts read + ${whole(freshness.entries)} entries decided, ${whole(freshness.sending)} to be`,
    'sent; nothing sent), which the replay then does again: its time to the first send is that read. The two replays differ',
    'by seconds either way from run to run here (each commits the outbox 4,000 times).',
    `Round by round, freshness / replay with bases / sends alone (ms): ${perRound}.`,
  ].join('\n');
}

function targetLines({ targets }: ReportContext): string {
  return targets
    .map((t) => {
      const value = t.unit === '×' ? `${fixed(t.value, 2)}×` : `${fixed(t.value, 2)} ${t.unit}`;
      const limit = t.unit === '×' ? `${t.limit}×` : `${t.limit} ${t.unit}`;
      return `${t.pass ? 'PASS' : 'MISS'}  ${t.name}: ${value} (target: ${t.meets} ${limit})`;
    })
    .join('\n');
}

function roundRatios(rounds: BenchRuns['rounds']): string {
  const ratios = rounds.map(({ rawMs, syncMs }) => syncMs / rawMs);
  return `${ratios.map((r) => `${fixed(r, 2)}×`).join(' ')}, median ${fixed(latency(ratios).p50Ms, 2)}×`;
}

export function formatReport(context: ReportContext): string {
  const { runs, naive, rounds } = context;
  const misses = context.targets.filter((t) => !t.pass).length;
  return [
    `Full sync of the sandbox's ${context.preset} preset over loopback: ${whole(runs.sync.rows)} rows ` +
      `(node ${process.version}, ${availableParallelism()} CPUs, the sandbox in a process of its own).`,
    `raw and sync: wall time of the fastest of ${rounds} round${rounds === 1 ? '' : 's'} (the two run in turn first and second), peak RSS the highest; every run in a fresh process.`,
    '',
    transferTable(context),
    naiveNote(context),
    '',
    `sync / raw    ${fixed(runs.sync.wallMs / runs.raw.wallMs, 2)}×`,
    `  round by round (each round's two runs back to back): ${roundRatios(runs.rounds)}`,
    `naive / sync  ${fixed(naive.wallMs / runs.sync.wallMs, 1)}×`,
    '',
    "Where the time goes (sync read: from a resource's first request to the next one's, its pages read, decoded and handed",
    'to the writer thread). The raw column leaves out the token grant.',
    resourceTable(context),
    '',
    cpuTable(context),
    '',
    latencyTable(context),
    '',
    bulkEditTable(context),
    '',
    targetLines(context),
    misses === 0 ? 'All targets met.' : `${misses} target${misses === 1 ? '' : 's'} MISSED.`,
  ].join('\n');
}
