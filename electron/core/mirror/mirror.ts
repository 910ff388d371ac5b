/**
 * The mirror: one SQLite file per account holding the server's truth (architecture rule 1: a cache that a full
 * sync can rebuild), with lists, full-text search, answer caches, local invoices and the sync log.
 */
import type { Database } from 'better-sqlite3';
import type { Contact, Domain, EppResult, Order, WhoisInfo, WhoisResult } from '../../../shared/models.js';
import type { BillingSummary, OrderPayment } from '../../../shared/billing.js';
import type { DashboardData } from '../../../shared/dashboard.js';
import { dashboard } from './aggregates.js';
import { billingSummary, orderPayments } from './billing.js';
import type { SearchHeading } from './descriptor.js';
import { AnswerCache } from './answer-cache.js';
import { localToday } from './calendar.js';
import { openMirrorDatabase } from './database.js';
import { facetValues } from './facets.js';
import { listRows, MAX_PAGE_SIZE, type ListQuery } from './list-query.js';
import type { PaymentMethodUse } from '../../../shared/billing.js';
import type { ProductGroup } from '../../../shared/catalogue-group.js';
import { contactsByEmail, domainsByName, ordersWithStatus, paymentMethods, productGroups } from './lookups.js';
import type { Facet, ListPage, SearchHit } from '../../../shared/queries.js';
import { MirrorQueryError } from './query-error.js';
import {
  RESOURCE_NAMES,
  type ChangeSet,
  type ResourceName,
  type ResourceRecords,
  type SyncedResource,
  type SyncRunOutcome,
  type SyncRunRecord,
  type SyncState,
} from '../../../shared/records.js';
import { recordFilter, recordSearchHeading, type RecordTest } from './record-filter.js';
import { descriptorOf } from './resources.js';
import { RowEncoder, RowWriter, type EncodedRow } from './row-writer.js';
import { SearchIndexWriter } from './search-index.js';
import { searchAll } from './search-query.js';
import { writeRecord, writeSnapshot, type SnapshotTally, type UpsertOutcome } from './snapshot.js';
import { statement } from './statements.js';
import { fileVersion } from '../sqlite.js';
import { SyncLog } from './sync-log.js';
import { AtRestCipher } from '../vault/at-rest-cipher.js';

export interface MirrorOptions {
  /** Clock for written/synced/fetched times. */
  now?: () => Date;
  /** Today as `YYYY-mm-dd`, for "within N days" filters; default: the local date of now(). */
  today?: () => string;
  /** Seals the EPP codes it keeps: the account's (from the vault); default, one whose key dies with the process. */
  cipher?: AtRestCipher;
}

const encoders = new Map<ResourceName, RowEncoder<unknown>>();

function encoderOf<R extends ResourceName>(resource: R): RowEncoder<ResourceRecords[R]> {
  let encoder = encoders.get(resource);
  if (!encoder) encoders.set(resource, (encoder = new RowEncoder(descriptorOf(resource)) as RowEncoder<unknown>));
  return encoder as RowEncoder<ResourceRecords[R]>;
}

/** A resource's records encoded for a snapshot, one by one as they are iterated (see EncodedRow). */
export function* encodeRows<R extends ResourceName>(resource: R, records: Iterable<ResourceRecords[R]>): Generator<EncodedRow> {
  const encoder = encoderOf(resource);
  for (const record of records) yield encoder.encode(record);
}

export class Mirror {
  readonly whoisCache: AnswerCache<WhoisResult>;
  readonly whoisInfoCache: AnswerCache<WhoisInfo>;
  readonly eppCache: AnswerCache<EppResult>;
  /** Each product group's own read (catalogue.refreshGroup), keyed by its id, with how many products it had. */
  readonly catalogueGroupReads: AnswerCache<{ count: number }>;

  private readonly now: () => Date;
  private readonly today: () => string;
  private readonly log: SyncLog;
  private readonly searchIndex: SearchIndexWriter;
  private readonly writers = new Map<ResourceName, RowWriter<unknown>>();
  /** Tables written since the planner statistics were last refreshed. */
  private readonly staleStatistics = new Set<string>();
  /** paymentMethods' last answer and the state of the file it was read from (see there). */
  private paymentMethodsRead: { version: string; methods: PaymentMethodUse[] } | null = null;

  private constructor(
    /** The SQLite connection, for tests and diagnostics; everything else goes through the methods. */
    readonly db: Database,
    options: MirrorOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.today = options.today ?? (() => localToday(this.now()));
    this.log = new SyncLog(db);
    this.searchIndex = new SearchIndexWriter(db);
    this.whoisCache = new AnswerCache(db, 'whois_cache', this.now);
    this.whoisInfoCache = new AnswerCache(db, 'whois_info_cache', this.now);
    this.eppCache = new AnswerCache(db, 'epp_cache', this.now, options.cipher ?? AtRestCipher.ephemeral());
    this.catalogueGroupReads = new AnswerCache(db, 'catalogue_group_cache', this.now);
  }

  /** Opens (creating or upgrading) the mirror file of one account; a sync run left `running` was interrupted. */
  static open(path: string, options: MirrorOptions = {}): Mirror {
    const mirror = new Mirror(openMirrorDatabase(path), options);
    mirror.log.markInterruptedRuns();
    return mirror;
  }

  /**
   * A second connection to a mirror file that `open` has opened (the sync's snapshot writer thread): it
   * leaves the sync log's runs alone, since the run in progress is the first connection's. Its page cache is
   * half the app's: it only writes snapshots, which were measured as fast with it as with larger ones, and a
   * sync's peak memory is within its budget by little.
   */
  static attach(path: string, options: MirrorOptions = {}): Mirror {
    return new Mirror(openMirrorDatabase(path, 4), options);
  }

  /** The file this mirror lives in; null for an in-memory mirror (which no other connection can reach). */
  get file(): string | null {
    return this.db.memory ? null : this.db.name;
  }

  dispose(): void {
    if (!this.db.open) return;
    try {
      this.db.pragma('optimize');
    } catch {
      // The planner's statistics are a nicety: on a full disk (SQLITE_FULL) the file is closed all the same.
    }
    this.db.close();
  }

  /**
   * Replaces a resource with the server's list, in one transaction: new rows inserted, rows whose content
   * changed rewritten (unchanged rows are not touched), vanished rows deleted; the resource's sync state
   * records the time and row count. Returns the records added, changed (before and after) and removed.
   */
  applySnapshot<R extends SyncedResource>(
    resource: R,
    records: Iterable<ResourceRecords[R]>,
    /** The time the rows and the sync state record; default now. */
    writtenAt: Date = this.now(),
  ): ChangeSet<ResourceRecords[R]> {
    return this.applyEncodedSnapshot(resource, encodeRows(resource, records), writtenAt);
  }

  /** applySnapshot of records already encoded (encodeRows), as a sync hands them over. */
  applyEncodedSnapshot<R extends SyncedResource>(resource: R, rows: Iterable<EncodedRow>, writtenAt: Date = this.now()): ChangeSet<ResourceRecords[R]> {
    const changes: ChangeSet<ResourceRecords[R]> = { resource, added: [], changed: [], removed: [] };
    this.snapshot(resource, rows, writtenAt, changes);
    return changes;
  }

  /** applyEncodedSnapshot that only counts the changes, keeping nothing of the records (rows may be a stream). */
  applyEncodedSnapshotTally(resource: SyncedResource, rows: Iterable<EncodedRow>, writtenAt: Date = this.now()): SnapshotTally {
    return this.snapshot(resource, rows, writtenAt, null);
  }

  /** Stores one record (a local invoice, or a record re-read from the server after a write). */
  upsert<R extends ResourceName>(resource: R, record: ResourceRecords[R]): UpsertOutcome {
    const row = encoderOf(resource).encode(record);
    return this.db.transaction(() => writeRecord(this.writer(resource), row, this.nowIso())).immediate();
  }

  /** Deletes one record; returns what was stored, or null. */
  remove<R extends ResourceName>(resource: R, id: number): ResourceRecords[R] | null {
    return this.db.transaction(() => {
      const writer = this.writer(resource);
      const stored = writer.read(id);
      if (stored !== null) writer.delete(id);
      return stored;
    }).immediate();
  }

  get<R extends ResourceName>(resource: R, id: number): ResourceRecords[R] | null {
    return this.writer(resource).read(id);
  }

  list<R extends ResourceName>(resource: R, query: ListQuery<R> = {}): ListPage<ResourceRecords[R]> {
    return listRows(this.db, resource, query, this.today());
  }

  /**
   * A test of a record that is not in the mirror as stored (a queued create, a row with pending edits laid
   * over it) against a list's filters and text, answering as list() would; null when they take every record.
   */
  matcher<R extends ResourceName>(resource: R, query: Pick<ListQuery<R>, 'filters' | 'text'>): RecordTest | null {
    return recordFilter(resource, query, this.today());
  }

  /** How search() would show such a record when `text` finds it; null when it would not find it. */
  searchHeading(resource: ResourceName, record: object, text: string): SearchHeading | null {
    return recordSearchHeading(resource, record, text);
  }

  /** The values a choice filter of a resource's lists can take, with their row counts. */
  facets(resource: ResourceName, filter: string): Facet[] {
    return facetValues(this.db, resource, filter);
  }

  /** Across every searchable resource, best first. */
  search(text: string, limit = 20): SearchHit[] {
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
      throw new MirrorQueryError(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
    }
    return searchAll(this.db, text, limit);
  }

  counts(): Record<ResourceName, number> {
    const entries = RESOURCE_NAMES.map((name) => {
      const n = statement(this.db, `SELECT COUNT(*) FROM ${descriptorOf(name).table}`).pluck().get() as number;
      return [name, n] as const;
    });
    return Object.fromEntries(entries) as Record<ResourceName, number>;
  }

  /** Contacts whose e-mail is one of these (one statement for all: a CSV import's lookup). */
  contactsByEmail(emails: readonly string[]): Contact[] {
    return contactsByEmail(this.db, emails);
  }

  /** Differs after any change to the mirror's file since it was last asked (fileVersion). */
  version(): string {
    return fileVersion(this.db);
  }

  /** Domains whose name is one of these (one statement for all). */
  domainsByName(names: readonly string[]): Domain[] {
    return domainsByName(this.db, names);
  }

  /** Orders in one status (a renewal's base notes the pending ones). */
  ordersWithStatus(status: string): Order[] {
    return ordersWithStatus(this.db, status);
  }

  /** The catalogue's product groups, named by the account's services (lookups.ts). */
  productGroups(): ProductGroup[] {
    return productGroups(this.db);
  }

  /**
   * The payment methods the account's domains, services and orders use, most used first. Reading them goes through
   * every one of those rows (~200 ms at 20,000 domains, and every order form asks), so the answer is kept until
   * the file changes: a write on this connection moves total_changes(), a commit on another (the sync's writer
   * thread) moves data_version.
   */
  paymentMethods(): PaymentMethodUse[] {
    const version = this.version();
    if (this.paymentMethodsRead?.version !== version) this.paymentMethodsRead = { version, methods: paymentMethods(this.db) };
    return this.paymentMethodsRead.methods.map((method) => ({ ...method }));
  }

  /** The dashboard's figures (counts by status, expiry radar, payments per month...), computed with SQL. */
  dashboard(): DashboardData {
    return dashboard(this.db, this.today());
  }

  /** The Billing screen's figures: the stats' invoice figures and the unpaid orders, computed with SQL. */
  billing(): BillingSummary {
    return billingSummary(this.db);
  }

  /** The payments against an order's invoice. */
  orderPayments(orderId: number): OrderPayment[] {
    return orderPayments(this.db, orderId);
  }

  syncStates(): SyncState[] {
    return this.log.states();
  }

  recordSyncError(resource: SyncedResource, message: string): void {
    this.log.markFailed(resource, message, this.nowIso());
  }

  beginSyncRun(trigger: string): number {
    return this.log.beginRun(trigger, this.nowIso());
  }

  finishSyncRun(id: number, outcome: Exclude<SyncRunOutcome, 'running'>, summary: unknown): void {
    this.log.finishRun(id, outcome, this.nowIso(), summary);
  }

  /** Latest sync runs, newest first. */
  syncRuns(limit = 20): SyncRunRecord[] {
    return this.log.runs(limit);
  }

  /**
   * Refreshes the query planner's statistics of the tables snapshots changed since the last call (tens of
   * milliseconds): with them SQLite picks the sort index over a filter's index where that is faster.
   */
  refreshStatistics(): void {
    for (const table of this.staleStatistics) this.db.exec(`ANALYZE ${table}`);
    this.staleStatistics.clear();
  }

  private snapshot<R extends SyncedResource>(
    resource: R,
    rows: Iterable<EncodedRow>,
    writtenAt: Date,
    changes: ChangeSet<ResourceRecords[R]> | null,
  ): SnapshotTally {
    const at = writtenAt.toISOString();
    // IMMEDIATE, as every transaction here that reads before it writes: the file has a second writer (the
    // sync's writer thread or the app's connection), and a deferred transaction whose snapshot the other's
    // commit made stale fails at its first write with "database is locked" at once, where an immediate one
    // waits its turn (busy_timeout).
    return this.db.transaction(() => {
      const descriptor = descriptorOf(resource);
      const tally = writeSnapshot(resource, this.writer(resource), rows, at, changes);
      this.log.markSynced(resource, tally.records, at);
      if (tally.added + tally.changed + tally.removed > 0) this.staleStatistics.add(descriptor.table);
      return tally;
    }).immediate();
  }

  private writer<R extends ResourceName>(resource: R): RowWriter<ResourceRecords[R]> {
    let writer = this.writers.get(resource);
    if (!writer) {
      writer = new RowWriter(this.db, descriptorOf(resource), this.searchIndex) as RowWriter<unknown>;
      this.writers.set(resource, writer);
    }
    return writer as RowWriter<ResourceRecords[R]>;
  }

  private nowIso(): string {
    return this.now().toISOString();
  }
}
