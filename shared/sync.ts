/**
 * What a sync tells the rest of the app: what one run did (per resource and overall: the `summary` event and
 * the sync_runs log), its progress, its errors, and connectivity. Plain types only, so front ends can share them.
 */
import type { ErrorFacts } from './error-words.js';
import type { ApiErrorKind } from './models.js';
import type { SyncedResource } from './records.js';

export type { SyncRunOutcome, SyncRunRecord, SyncState } from './records.js';

/**
 * online: the provider answers. offline: no network (no server at the address, connection refused, unreachable,
 * timed out). failing: the provider is there but its replies fail (resets, 5xx, TLS, an error on every call).
 * signed_out: the provider refused the credentials.
 */
export type Connectivity = 'online' | 'offline' | 'failing' | 'signed_out';

/** The connection as a person is told it: its state, why (for offline and failing), and the last request that got through. */
export interface ConnectionStatus {
  state: Connectivity;
  /** The failure that put it in this state; null when online. */
  reason: ErrorFacts | null;
  /** ISO 8601: when a request last got an answer; null when none has in this session. */
  lastSuccessAt: string | null;
}

export interface ConnectivityChange extends ConnectionStatus {
  previous: Connectivity;
}

export type SyncTrigger = 'start' | 'interval' | 'reconnect' | 'demand';

/**
 * ok: written. failed: its requests or its write failed (recorded in sync_state). cancelled: stopped by an
 * abort, nothing of it written. skipped: not attempted because an earlier resource found the provider
 * unreachable or the session signed out.
 */
export type ResourceOutcome = 'ok' | 'failed' | 'cancelled' | 'skipped';

export interface ResourceSyncResult {
  resource: SyncedResource;
  outcome: ResourceOutcome;
  added: number;
  changed: number;
  removed: number;
  error: string | null;
  /** The failure behind `error`, for a person's words (shared/error-words.ts); absent in older summaries. */
  problem?: ErrorFacts;
  /**
   * What the sync put up with and the user should know: values it could not read (their fields left unset), a
   * list that ended before its totalresults, a resource kept because the provider suddenly lists none of it.
   */
  warnings: string[];
}

/** ok: every resource written; partial: some; failed: none; cancelled: stopped by an abort. */
export type SyncOutcome = 'ok' | 'partial' | 'failed' | 'cancelled';

export interface SyncSummary {
  runId: number;
  trigger: SyncTrigger;
  /** ISO 8601. */
  startedAt: string;
  finishedAt: string;
  outcome: SyncOutcome;
  resources: ResourceSyncResult[];
  /** Changes worth telling the user, e.g. "ticket #123456 answered", "example.com expires in 14 days". */
  notable: string[];
  /** The same changes with their kind and record, in the same order (for notifications that open the record). */
  notableChanges: NotableChange[];
}

/** sync.run's answer: the pull's summary, and the outbox entries this process sent before it (not another's). */
export interface SyncRunResult extends SyncSummary {
  sentEntryIds: number[];
}

export const NOTABLE_KINDS = [
  'ticket-answered',
  'domain-expiring',
  'service-suspended',
  'service-status',
  'order-paid',
  'order-status',
  'announcement',
  'invoices-overdue',
] as const;
export type NotableKind = (typeof NOTABLE_KINDS)[number];

/** One notable change: what kind it is, the record it is about, and its sentence. */
export interface NotableChange {
  kind: NotableKind;
  resource: SyncedResource;
  id: number;
  /** In English, for logs, the CLI and notifications. */
  text: string;
  /** The sentence's parts, so that a front end can say it in its own language (absent in older summaries). */
  params?: NotableParams;
}

export interface NotableParams {
  /** The record as people name it: "#123456", "example.com", "VPS 1 (example.com)", an announcement's title. */
  subject: string;
  /** A status change. */
  from?: string;
  to?: string;
  /** Days until a domain expires. */
  days?: number;
  /** How many invoices are overdue now, and at the previous sync. */
  count?: number;
  previous?: number;
}

export interface SyncProgress {
  resource: SyncedResource;
  /** Records (or, for the catalogue, products) read so far. */
  done: number;
  /** Null until the first reply tells. */
  total: number | null;
}

export interface SyncError {
  resource: SyncedResource;
  /** The API error kind, or 'internal' for a failure while writing the mirror. */
  kind: ApiErrorKind | 'internal';
  message: string;
}

export function overallOutcome(results: readonly ResourceSyncResult[]): SyncOutcome {
  if (results.some((r) => r.outcome === 'cancelled')) return 'cancelled';
  const ok = results.filter((r) => r.outcome === 'ok').length;
  if (ok === results.length) return 'ok';
  return ok === 0 ? 'failed' : 'partial';
}
