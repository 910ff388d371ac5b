/**
 * What the bench's parent process asks of a worker process, and what comes back (over the fork IPC channel).
 * Every measured run happens in a worker of its own, so no two runs share a heap and each peak RSS is its own.
 */

/** Where the sandbox listens and the demo account's credentials (the sandbox CLI's --json line). */
export interface SandboxInfo {
  baseUrl: string;
  altBaseUrl: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
}

/** One HTTP request of a sync, as sent: URL and form fields (the bearer token is added by whoever replays it). */
export interface PlannedRequest {
  url: string;
  form: Array<[name: string, value: string]>;
}

/**
 * The requests of one resource in the order the sync sent them: the first alone (its reply tells the total),
 * the rest with at most `concurrency` in flight (what the sync was seen to keep in flight).
 */
export interface RequestGroup {
  resource: string;
  concurrency: number;
  requests: PlannedRequest[];
}

/** Wall time, HTTP requests and body bytes of one run. */
export interface TransferFigures {
  wallMs: number;
  requests: number;
  bytes: number;
}

/** CPU time of the measured process during a run: every thread, and its main thread alone (null: not told). */
export interface CpuFigures {
  cpuMs: number;
  mainThreadCpuMs: number | null;
}

/** One resource's share of a run's reading: over HTTP, and for the sync also decoding and handing it to the writer. */
export interface ResourceTiming {
  resource: string;
  fetchMs: number;
}

export interface RawFigures extends TransferFigures, CpuFigures {
  resources: ResourceTiming[];
}

export interface SyncFigures extends TransferFigures, CpuFigures {
  /** Rows in the mirror after the sync. */
  rows: number;
  /** The sync's requests (token grant left out), for the raw transfer to replay. */
  plan: RequestGroup[];
  resources: ResourceTiming[];
  /** From the last page read to the end of the run: the writing not yet done, the statistics, the run record. */
  tailMs: number;
}

/** One resource of the naive run: what was measured, and how much of the resource that was. */
export interface NaiveResourceFigures extends TransferFigures {
  resource: string;
  rows: number;
  totalRows: number;
}

export interface NaiveFigures {
  resources: NaiveResourceFigures[];
}

export interface LatencyFigures {
  samples: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export interface QueryFigures {
  list: LatencyFigures;
  search: LatencyFigures;
  /** Per list shape and per search kind, to see which one is slow. */
  listByShape: Record<string, LatencyFigures>;
  searchByKind: Record<string, LatencyFigures>;
}

/** The freshness pass's work alone, nothing sent (freshness-pass.ts). */
export interface FreshnessPass {
  entries: number;
  /** The provider's records read, once per resource. */
  readMs: number;
  /** Every entry decided per field against them. */
  decideMs: number;
  /** Entries decided to be sent (the others would be held or done without a request). */
  sending: number;
}

/** One replay of a bulk edit: the queueing, and the run that sends it (variants/replay.ts). */
export interface ReplayFigures extends TransferFigures {
  edits: number;
  /** Queueing every edit (with bases: read from the mirror, each contact's). */
  queueMs: number;
  /** With bases: the freshness pass alone, timed before the replay (which then does it again). */
  freshness: FreshnessPass | null;
  /** From the run's start to its first edit's request: with bases, the provider's read and the first decision. */
  toFirstSendMs: number;
}

export type Job =
  | { kind: 'sync'; sandbox: SandboxInfo; mirrorPath: string }
  | { kind: 'raw'; sandbox: SandboxInfo; plan: RequestGroup[] }
  | { kind: 'naive'; sandbox: SandboxInfo; dbPath: string; rowsPerResource: number | null }
  | { kind: 'queries'; mirrorPath: string; today: string; listPages: number; searches: number }
  | { kind: 'replay'; sandbox: SandboxInfo; mirrorPath: string; outboxPath: string; edits: number; bases: boolean; city: string };

export type JobKind = Job['kind'];
export type JobOf<K extends JobKind> = Extract<Job, { kind: K }>;

export interface JobResults {
  sync: SyncFigures;
  raw: RawFigures;
  naive: NaiveFigures;
  queries: QueryFigures;
  replay: ReplayFigures;
}

/**
 * A worker's figures plus its own peak resident set size, and (filled in by the parent, where it can read
 * the sandbox process's CPU time) the sandbox's CPU time during the run.
 */
export type Measured<T> = T & { peakRssMb: number; sandboxCpuMs?: number | null };

export type WorkerReply<K extends JobKind = JobKind> = { ok: true; result: Measured<JobResults[K]> } | { ok: false; error: string };
