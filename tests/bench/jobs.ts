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

export type Job =
  | { kind: 'sync'; sandbox: SandboxInfo; mirrorPath: string }
  | { kind: 'raw'; sandbox: SandboxInfo; plan: RequestGroup[] }
  | { kind: 'naive'; sandbox: SandboxInfo; dbPath: string; rowsPerResource: number | null }
  | { kind: 'queries'; mirrorPath: string; today: string; listPages: number; searches: number };

export type JobKind = Job['kind'];
export type JobOf<K extends JobKind> = Extract<Job, { kind: K }>;

export interface JobResults {
  sync: SyncFigures;
  raw: RawFigures;
  naive: NaiveFigures;
  queries: QueryFigures;
}

/**
 * A worker's figures plus its own peak resident set size, and (filled in by the parent, where it can read
 * the sandbox process's CPU time) the sandbox's CPU time during the run.
 */
export type Measured<T> = T & { peakRssMb: number; sandboxCpuMs?: number | null };

export type WorkerReply<K extends JobKind = JobKind> = { ok: true; result: Measured<JobResults[K]> } | { ok: false; error: string };
