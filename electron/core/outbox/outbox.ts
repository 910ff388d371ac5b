/**
 * The outbox: the user's queued edits, in their own SQLite file (architecture rule 1). Nothing here talks to the
 * network; the Replayer sends what is queued. Every change is reported with a `changed` event.
 */
import { EventEmitter } from 'node:events';
import type Database from 'better-sqlite3';
import { prepareAttachments } from './attachments.js';
import { openDatabase } from './database.js';
import type { EntryProblem, OutboxEntry, OutboxEntryOf, OutboxPage } from '../../../shared/outbox/entry.js';
import { toEntry, type EntryRow } from './entry-row.js';
import { ReplayJournal } from './journal.js';
import { createdResource, isCreate } from '../../../shared/outbox/definitions.js';
import type { MutationKind } from '../../../shared/outbox/kinds.js';
import { entryIdOf } from '../../../shared/outbox/local-ids.js';
import { localRefs, replaceLocalId, type StoredParams } from './references.js';
import { OutboxValidationError, validateParams, type AnyMutationInput, type Mutation } from '../../../shared/outbox/schemas.js';
import { allows, EDITABLE_STATES, OutboxError, PENDING_STATES, statesAllowing, type EntryAction, type EntryState } from '../../../shared/outbox/states.js';
import { EntryStore, type EntryFilter } from './store.js';
import { DraftStore } from './drafts.js';
import type { DraftKey } from '../../../shared/outbox/drafts.js';
import { waitingReasons } from './waiting.js';
import { AtRestCipher } from '../vault/at-rest-cipher.js';
import { maskedEntry } from '../../../shared/outbox/secrets.js';
import type { ConflictChoice, EntryBase } from '../../../shared/outbox/conflict.js';
import { kindOfDraft } from '../../../shared/outbox/drafts.js';
import type { BaseSource } from './bases.js';
import { storedConflict } from './conflict-row.js';
import { rebasedOnTheirs, withoutTheirs } from './conflict-settle.js';

/** Up to this many queued entries, their waiting reasons are read through the indexes (see toEntries). */
const FEW_ENTRIES = 100;

export interface OutboxOptions {
  /** Clock for created/updated times (epoch ms). */
  now?: () => number;
  /** Seals the entries' secret fields (passwords, EPP codes): the account's; default, one whose key dies with the process. */
  cipher?: AtRestCipher;
}

export interface OutboxEvents {
  /**
   * An entry was added or changed; the entry as it is now, its result open (the session keeps a returned EPP
   * code, sealed, in the mirror) and its secret params masked. Front ends get it through maskedEntry.
   */
  changed: [entry: OutboxEntry];
  /** A write's entries have all been reported (once per write, however many entries it made or changed). */
  settled: [];
}

export function openOutbox(file: string, options: OutboxOptions = {}): Outbox {
  return new Outbox(openDatabase(file), options.now ?? Date.now, options.cipher ?? AtRestCipher.ephemeral());
}

export class Outbox extends EventEmitter<OutboxEvents> {
  private readonly store: EntryStore;
  /** For the Replayer: the state changes that sending makes. */
  readonly journal: ReplayJournal;
  /** The account's form drafts, kept beside the edits they become. */
  readonly drafts: DraftStore;

  constructor(
    private readonly db: Database.Database,
    readonly now: () => number,
    private readonly cipher: AtRestCipher,
  ) {
    super();
    this.store = new EntryStore(db, cipher);
    this.journal = new ReplayJournal(db, this.store, (ids) => this.notify(ids));
    this.drafts = new DraftStore(db, now, (key) => this.draftBase(key));
  }

  /** Where the bases of queued entries are read (the account's mirror, with the queue laid over); none until set. */
  private bases: BaseSource | null = null;

  /** Reads the base of every entry queued from now on through `source` (issue 34). */
  readBasesWith(source: BaseSource): void {
    this.bases = source;
  }

  /**
   * Validates and queues a mutation, dropping the draft of the form that wrote it (if named) in the same
   * transaction. A create's entry carries its local id (`local:<id>`) at once.
   */
  async enqueue<M extends Mutation>(mutation: M, written?: { draft?: DraftKey }): Promise<OutboxEntryOf<M['kind']>> {
    const draft = written?.draft;
    // An edit finished from a draft compares against what the draft was started on, not the record as it is now.
    const base = (draft && fromDraft(this.drafts.baseOf(draft), mutation)) ?? this.bases?.([mutation])[0] ?? null;
    const id = this.insert(mutation, base, draft && (() => this.drafts.drop(draft)));
    this.notify([id]);
    return this.get(id) as OutboxEntryOf<M['kind']>;
  }

  /**
   * Queues many mutations in one transaction (one write to disk instead of one each: a 2,000-row import or bulk
   * edit): all of them, or none when one is refused. The entries in the order given, each with its own base;
   * `where`: a bulk edit's filter on the contacts' own fields, which each contact must still match when sent.
   */
  enqueueAll(mutations: readonly Mutation[], written?: { draft?: DraftKey; where?: Record<string, string> }): OutboxEntry[] {
    const draft = written?.draft;
    const bases = this.bases?.(mutations, written?.where) ?? [];
    const ids = this.db.transaction(() => {
      if (draft) this.drafts.drop(draft);
      return mutations.map((mutation, i) => this.insert(mutation, bases[i] ?? null));
    }).immediate();
    // Read once for the listeners and the caller (a listener writes nothing to entries it was told are queued).
    const entries = this.toEntries(ids.map((id) => this.store.mustRow(id)));
    this.notify(ids, entries);
    return entries.map(maskedEntry);
  }

  private insert(mutation: Mutation, base: EntryBase | null, also?: () => void): number {
    const params = validateParams(mutation.kind, mutation.params) as StoredParams;
    const attachments = this.prepare(params);
    // After the file reads: the references are checked against the outbox as it is when the row is written.
    return this.store.insert(mutation.kind, this.withServerIds(mutation.kind, params), attachments, base, this.now(), also);
  }

  /**
   * The base a draft starts on: the record its key names (`update-contact:12`, `add-ticket-reply:45`) as the
   * mirror has it now, every field of a contact (which of them the edit will touch is not known yet).
   */
  private draftBase(key: DraftKey): EntryBase | null {
    const subject = Number(key.slice(key.indexOf(':') + 1));
    if (!this.bases || !key.includes(':') || !Number.isInteger(subject)) return null;
    switch (kindOfDraft(key)) {
      case 'update-contact':
      case 'delete-contact':
        return this.bases([{ kind: 'delete-contact', params: { contactid: subject } }])[0] ?? null;
      case 'add-ticket-reply':
        return this.bases([{ kind: 'add-ticket-reply', params: { ticketid: subject, message: '' } }])[0] ?? null;
      default:
        return null;
    }
  }

  /**
   * Entries in entry order; a local record key also finds its entries after the server id replaced it. Here
   * and in every entry the outbox returns, secrets are masked (shared/outbox/secrets.ts).
   */
  list(filter: EntryFilter = {}): OutboxEntry[] {
    const recordKey = filter.recordKey === undefined ? undefined : this.currentRecordKey(filter.recordKey);
    return this.toEntries(this.store.rows({ ...filter, recordKey })).map(maskedEntry);
  }

  /**
   * A window of the entries `filter` matches, newest first (what the Outbox screen shows as it scrolls), with how
   * many match and the counts by state, all read by SQL: no more entries are read than the window holds.
   */
  page(filter: EntryFilter, window: { offset: number; limit: number }): Omit<OutboxPage, 'waitedOn'> {
    const read = () => ({
      entries: this.toEntries(this.store.page(filter, window.offset, window.limit)).map(maskedEntry),
      total: this.store.count(filter),
      counts: this.store.counts(),
    });
    // One read transaction: the window, its total and the counts agree even while another process writes.
    return this.db.transaction(read).deferred();
  }

  get(id: number): OutboxEntry {
    return this.getAll([id])[0]!;
  }

  /** Several entries by id without their waiting reasons (what naming them needs: no read of the whole queue). */
  named(ids: readonly number[]): OutboxEntry[] {
    return ids.map((id) => maskedEntry(toEntry(this.store.mustRow(id), null, this.cipher)));
  }

  /** Several entries by id, in the order given (one read of the waiting reasons for all). */
  getAll(ids: readonly number[]): OutboxEntry[] {
    return this.toEntries(ids.map((id) => this.store.mustRow(id))).map(maskedEntry);
  }

  /**
   * The unsettled entries on each of these records, without their waiting reasons: what naming the records
   * needs, read through the records' index in one statement (naming each entry of a 5,000-entry batch must not
   * read the whole queue, nor query once per entry).
   */
  pendingOnRecords(recordKeys: readonly string[]): Map<string, OutboxEntry[]> {
    const current = new Map(recordKeys.map((key) => [key, this.currentRecordKey(key)]));
    const onRecord = new Map<string, OutboxEntry[]>();
    for (const row of this.store.pendingOnRecords([...new Set(current.values())])) {
      const entries = onRecord.get(row.record_key) ?? [];
      if (entries.length === 0) onRecord.set(row.record_key, entries);
      entries.push(maskedEntry(toEntry(row, null, this.cipher)));
    }
    return new Map([...current].map(([key, now]) => [key, onRecord.get(now) ?? []]));
  }

  /**
   * Entries not settled yet (queued, sending, failed, needs_review): what the overlay lays over the mirror. Read
   * again only once the file has changed (here or in another process): a write's data.list and data.counts, a
   * bulk edit's plan, each read the same thousands of entries.
   */
  pending(): readonly OutboxEntry[] {
    const version = this.store.version();
    if (this.pendingRead?.version !== version) {
      const active = this.store.activeRows();
      this.pendingRead = { version, entries: this.toEntries(active, active).map(maskedEntry) };
    }
    return this.pendingRead.entries;
  }

  /** The last read of pending(), and the file's version it was read at. */
  private pendingRead: { version: string; entries: readonly OutboxEntry[] } | null = null;

  /** Differs after any change to the outbox's file since it was last asked (what was read from it is still true). */
  version(): string {
    return this.store.version();
  }

  counts(): Record<EntryState, number> {
    // A copy: the counts read once for a write's events are handed to every listener.
    return { ...(this.countsWhileNotifying ?? this.store.counts()) };
  }

  /** The counts after the write being reported, read once for all its entries' events (see notify). */
  private countsWhileNotifying: Record<EntryState, number> | null = null;

  /** The highest entry id ever given (entries are never deleted, and ids never reused). */
  lastEntryId(): number {
    return this.store.lastEntryId();
  }

  /** The server id of a create's record, once known: `resolveId('local:7')` → 123, else null. */
  resolveId(localId: string): number | null {
    const entryId = entryIdOf(localId);
    return entryId === null ? null : this.store.serverIdOf(entryId);
  }

  /**
   * Makes every entry waiting out a backoff due now: the network is back, or the user asked to sync, so
   * waiting longer only delays their edits. Returns how many entries it woke.
   */
  wakeUp(): number {
    const ids = this.store.dueNow(this.now());
    this.notify(ids);
    return ids.length;
  }

  /** failed / needs_review → queued, due now. Refused while a create it refers to was discarded. */
  retry(id: number): OutboxEntry {
    this.store.transaction(() => {
      const row = this.store.mustRow(id);
      if (!allows(row.state, 'retry')) throw refusedIn(row, 'retried', 'retry');
      const blocker = this.settledDependencyMessage(row);
      if (blocker) throw new OutboxError('refused', `entry #${id} ${blocker}`);
      this.store.change(row, 'queued', { problem: null, failures: 0, next_attempt_at: this.now() }, this.now());
    });
    this.notify([id]);
    return this.get(id);
  }

  /**
   * needs_review → done, on the user's word that it went through (they checked with the provider). A create
   * takes the id the provider gave what it made, when the user knows it: edits queued against its local id are
   * then sent against that id; without one they go to review, as after any create confirmed with no id.
   */
  markApplied(id: number, serverId: number | null = null): OutboxEntry {
    const row = this.store.mustRow(id);
    if (!allows(row.state, 'markApplied')) throw refusedIn(row, 'marked applied', 'markApplied');
    if (serverId !== null) {
      if (!isCreate(row.kind)) throw new OutboxError('refused', `entry #${id} (${row.kind}) creates nothing: it takes no server id`);
      if (this.store.claimedServerIds(row.kind, id).has(serverId)) {
        throw new OutboxError('refused', `id ${serverId} is already the server id of another ${row.kind} entry`);
      }
    }
    this.journal.complete(id, null, serverId, this.now());
    return this.get(id);
  }

  /**
   * Settles a conflict entry (issue 34). `mine`: sent as it is, over the provider's values the person saw (if the
   * provider changes the record again before it goes, it waits again). `theirs`: what conflicts is dropped; the
   * entry ends (cancelled) unless something else of it is left to send (an order's other items).
   */
  resolve(id: number, choice: ConflictChoice): OutboxEntry {
    this.store.transaction(() => {
      const row = this.store.mustRow(id);
      if (!allows(row.state, 'resolve') || row.conflict === null) throw refusedIn(row, 'settled', 'resolve');
      const { facts } = storedConflict(row.conflict);
      const base = rebasedOnTheirs(row.base === null ? null : (JSON.parse(row.base) as EntryBase), facts);
      const left = choice === 'mine' ? (JSON.parse(row.params) as StoredParams) : withoutTheirs(JSON.parse(row.params) as StoredParams, facts);
      if (left === null) this.store.change(row, 'cancelled', { conflict: null, problem: null }, this.now());
      else this.store.change(row, 'queued', { params: left, base, conflict: null, problem: null, failures: 0, next_attempt_at: this.now() }, this.now());
    });
    this.notify([id]);
    return this.get(id);
  }

  /**
   * Replaces the params of a queued, failed, needs-review or conflict entry (validated like enqueue; the state
   * stays, but for a conflict entry, which is queued again, made on the provider's values the person saw).
   * Stored attachments are kept by listing them as they appear in the entry's params ({attachmentId, ...}),
   * and stored secrets by giving them as the entry shows them (masked).
   */
  async edit(id: number, params: AnyMutationInput): Promise<OutboxEntry> {
    const kind = this.editable(this.store.mustRow(id)).kind;
    const validated = validateParams(kind, params) as StoredParams;
    const attachments = this.prepare(validated);
    this.store.transaction(() => {
      const row = this.editable(this.store.mustRow(id));
      const rescheduled = row.state === 'queued' ? { failures: 0, next_attempt_at: this.now() } : {};
      this.store.replaceParams(row, this.withServerIds(kind, validated), attachments, rescheduled, this.now());
      if (row.state === 'conflict' && row.conflict !== null) {
        const base = rebasedOnTheirs(row.base === null ? null : (JSON.parse(row.base) as EntryBase), storedConflict(row.conflict).facts);
        this.store.change(this.store.mustRow(id), 'queued', { base, conflict: null, problem: null, failures: 0, next_attempt_at: this.now() }, this.now());
      }
    });
    this.notify([id]);
    return this.get(id);
  }

  /**
   * queued / failed / needs_review → cancelled; the row stays as history. Entries that refer to a discarded
   * create by its local id can never be sent as they are: they go to needs_review, saying why.
   */
  discard(id: number): OutboxEntry {
    const changed = this.store.transaction(() => {
      const row = this.store.mustRow(id);
      if (row.state === 'sending') {
        throw new OutboxError('refused', `entry #${id} is being sent: it can be discarded only once the server has answered`);
      }
      if (!allows(row.state, 'discard')) throw refusedIn(row, 'discarded', 'discard');
      this.store.change(row, 'cancelled', {}, this.now());
      const dependents = this.store.dependents(id);
      for (const dependent of dependents) {
        const problem: EntryProblem = { kind: 'dependency', message: `it refers to #${id} (${row.kind}), which was discarded: edit or discard it` };
        this.store.change(dependent, 'needs_review', { problem }, this.now());
      }
      return [id, ...dependents.map((d) => d.id)];
    });
    this.notify(changed);
    return this.get(id);
  }

  dispose(): void {
    if (this.db.open) this.db.close();
  }

  private editable(row: EntryRow): EntryRow {
    if (EDITABLE_STATES.includes(row.state)) return row;
    throw new OutboxError('refused', `entry #${row.id} is ${row.state.replace('_', ' ')}: only queued, failed, needs-review or conflict entries can be edited`);
  }

  private prepare(params: StoredParams) {
    return Array.isArray(params.attachments) ? prepareAttachments(params.attachments) : undefined;
  }

  /**
   * Checks each local id in the params: it must name a create of the right kind that was not discarded; one
   * whose server id is known is replaced by it.
   */
  private withServerIds(kind: MutationKind, params: StoredParams): StoredParams {
    let result = params;
    for (const ref of localRefs(kind, params)) {
      const create = this.store.row(ref.entryId);
      const fail = (message: string) => new OutboxValidationError(kind, [{ field: ref.field, message }]);
      if (!create || create.kind !== ref.create) throw fail(`${ref.localId} is not a queued ${createdResource(ref.create)}`);
      if (create.state === 'cancelled') throw fail(`${ref.localId} was discarded`);
      if (create.state !== 'done') continue;
      const serverId = this.store.serverIdOf(create.id);
      if (serverId === null) throw fail(`${ref.localId} was created but the provider gave no id for it`);
      result = replaceLocalId(kind, result, ref.localId, serverId);
    }
    return result;
  }

  /** Why an entry cannot be retried as it is (it refers to a create that was discarded or gave no id), or null. */
  private settledDependencyMessage(row: EntryRow): string | null {
    for (const ref of localRefs(row.kind, JSON.parse(row.params))) {
      const create = this.store.row(ref.entryId);
      if (create && PENDING_STATES.includes(create.state)) continue;
      return `refers to ${ref.localId} in ${ref.field}, which will never get a server id: edit ${ref.field} first`;
    }
    return null;
  }

  /** `contact:local:7` → `contact:123` once the create has its server id. */
  private currentRecordKey(key: string): string {
    const match = /^(\w+):local:(\d+)$/.exec(key);
    const serverId = match ? this.store.serverIdOf(Number(match[2])) : null;
    return match && serverId !== null ? `${match[1]}:${serverId}` : key;
  }

  /**
   * The rows as entries with their waiting reasons: read over the whole queue (`active`, all unsettled rows, when
   * the caller has them) for many rows, and through the indexes for a few (a page of the Outbox screen must not
   * read 5,000 entries to say why 50 wait).
   */
  private toEntries(rows: readonly EntryRow[], active?: readonly EntryRow[]): OutboxEntry[] {
    const queued = rows.filter((row) => row.state === 'queued');
    const waiting =
      queued.length === 0
        ? new Map<number, string>()
        : !active && queued.length <= FEW_ENTRIES
          ? new Map(queued.map((row) => [row.id, waitingReasons(this.store.rowsHolding(row)).get(row.id)]))
          : waitingReasons(active ?? this.store.activeRows());
    return rows.map((row) => toEntry(row, waiting.get(row.id) ?? null, this.cipher));
  }

  /** 'changed' for each entry, then one 'settled' for the whole write (what needs only the outbox's totals). */
  private notify(ids: readonly number[], read?: readonly OutboxEntry[]): void {
    if (this.listenerCount('changed') > 0) {
      const entries = read ?? this.toEntries(ids.map((id) => this.store.mustRow(id)));
      // Listeners ask for the counts per entry: one read serves the whole write. A listener that writes notifies
      // in turn, which ends this (the rest then read the counts afresh).
      this.countsWhileNotifying = this.store.counts();
      try {
        for (const entry of entries) this.emit('changed', entry);
      } finally {
        this.countsWhileNotifying = null;
      }
    }
    this.emit('settled');
  }
}

/** A draft's base narrowed to the fields the edit queued from it touches (a contact's), or null when it has none. */
function fromDraft(base: EntryBase | null, mutation: Mutation): EntryBase | null {
  if (base?.of !== 'contact' || mutation.kind !== 'update-contact') return base;
  return { ...base, fields: Object.fromEntries(Object.entries(base.fields).filter(([field]) => field in mutation.params)) };
}

/** The refusal of an action the entry's state does not allow (shared/outbox/states.ts). */
function refusedIn(row: EntryRow, done: string, action: EntryAction): OutboxError {
  return new OutboxError('refused', `entry #${row.id} is ${row.state.replace('_', ' ')}: only ${statesAllowing(action)} entries can be ${done}`);
}
