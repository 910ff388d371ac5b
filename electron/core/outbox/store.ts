/**
 * SQL over the outbox database: entry rows, their attachments and the id map. Every state change goes through
 * `change`, which enforces the state machine (states.ts). Multi-row changes run in one transaction.
 */
import type Database from 'better-sqlite3';
import type { PreparedAttachment } from './attachments.js';
import type { AtRestCipher } from '../vault/at-rest-cipher.js';
import { maskSecret } from '../../../shared/outbox/secrets.js';
import type { EntryProblem } from '../../../shared/outbox/entry.js';
import type { EntryRow } from './entry-row.js';
import type { EntryBase } from '../../../shared/outbox/conflict.js';
import type { StoredConflict } from './conflict-row.js';
import { fileVersion } from '../sqlite.js';
import { createdResource, isCreate } from '../../../shared/outbox/definitions.js';
import type { MutationKind } from '../../../shared/outbox/kinds.js';
import { localIdOf } from '../../../shared/outbox/local-ids.js';
import { localRefs, recordKeyOf, replaceLocalId, type StoredParams } from './references.js';
import { LostSecretError, openFields, sealFields, secretParamsOf, secretResultOf, withoutSecretParams } from './secret-fields.js';
import { OutboxValidationError, type StoredAttachment } from '../../../shared/outbox/schemas.js';
import { canMove, ENTRY_STATES, OutboxError, PENDING_STATES, type EntryState } from '../../../shared/outbox/states.js';

/** Columns a state change may set besides the state. */
export interface EntryChanges {
  params?: StoredParams;
  record_key?: string;
  attempts?: number;
  failures?: number;
  problem?: EntryProblem | null;
  sent_at?: number | null;
  next_attempt_at?: number;
  result?: unknown;
  precheck?: unknown;
  base?: EntryBase | null;
  conflict?: StoredConflict | null;
}

export interface EntryFilter {
  states?: readonly EntryState[];
  kind?: MutationKind;
  recordKey?: string;
}

export class EntryStore {
  constructor(
    private readonly db: Database.Database,
    private readonly cipher: AtRestCipher,
  ) {}

  /** Statements run once per entry, compiled once (a 5,000-entry batch runs each thousands of times). */
  private readonly compiled = new Map<string, Database.Statement>();
  private statement(sql: string): Database.Statement {
    let compiled = this.compiled.get(sql);
    if (!compiled) this.compiled.set(sql, (compiled = this.db.prepare(sql)));
    return compiled;
  }

  /** Ends the backoff of every entry still to send or to check; returns their ids. */
  dueNow(now: number): number[] {
    const rows = this.db
      .prepare(`UPDATE entries SET next_attempt_at = ? WHERE state IN ('queued', 'sending') AND next_attempt_at > ? RETURNING id`)
      .all(now, now) as { id: number }[];
    return rows.map((r) => r.id);
  }

  lastEntryId(): number {
    return (this.db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'entries'").pluck().get() as number | undefined) ?? 0;
  }

  row(id: number): EntryRow | undefined {
    return this.statement('SELECT * FROM entries WHERE id = ?').get(id) as EntryRow | undefined;
  }

  mustRow(id: number): EntryRow {
    const row = this.row(id);
    if (!row) throw new OutboxError('not_found', `no outbox entry #${id}`);
    return row;
  }

  rows(filter: EntryFilter = {}): EntryRow[] {
    const { where, values } = whereOf(filter);
    return this.statement(`SELECT * FROM entries ${where} ORDER BY id`).all(...values) as EntryRow[];
  }

  /** A window of the entries `filter` matches, newest first: `limit` of them after the first `offset`. */
  page(filter: EntryFilter, offset: number, limit: number): EntryRow[] {
    const { where, values } = whereOf(filter);
    return this.statement(`SELECT * FROM entries ${where} ORDER BY id DESC LIMIT ? OFFSET ?`).all(...values, limit, offset) as EntryRow[];
  }

  /** How many entries `filter` matches. */
  count(filter: EntryFilter): number {
    const { where, values } = whereOf(filter);
    return this.statement(`SELECT COUNT(*) FROM entries ${where}`).pluck().get(...values) as number;
  }

  /** The unsettled entries on any of these records, in entry order (one statement for a batch's records). */
  pendingOnRecords(recordKeys: readonly string[]): EntryRow[] {
    const states = PENDING_STATES.map(() => '?').join(', ');
    return this.statement(`SELECT * FROM entries WHERE record_key IN (SELECT value FROM json_each(?)) AND state IN (${states}) ORDER BY id`).all(
      JSON.stringify(recordKeys),
      ...PENDING_STATES,
    ) as EntryRow[];
  }

  /** Differs after any change to the outbox's file since it was last asked (fileVersion). */
  version(): string {
    return fileVersion(this.db);
  }

  /** Unsettled entries (queued, sending, failed, needs_review) in entry order. */
  activeRows(): EntryRow[] {
    return this.rows({ states: PENDING_STATES });
  }

  /**
   * The unsettled entries that can hold `row` back (waiting.ts), read through the indexes: the earlier ones of
   * its record, the creates it refers to, and the unconfirmed ones (invoices and orders wait for those). With
   * `row` itself, in entry order: waitingReasons over them says of `row` what it says over the whole queue.
   */
  rowsHolding(row: EntryRow): EntryRow[] {
    const pending = PENDING_STATES.map((state) => `'${state}'`).join(', ');
    const earlier = this.statement(`SELECT * FROM entries WHERE record_key = ? AND id <= ? AND state IN (${pending})`).all(row.record_key, row.id) as EntryRow[];
    const referred = localRefs(row.kind, JSON.parse(row.params) as StoredParams).map((ref) => this.row(ref.entryId));
    const unconfirmed = this.statement("SELECT * FROM entries WHERE state = 'sending'").all() as EntryRow[];
    const byId = new Map<number, EntryRow>();
    for (const found of [row, ...earlier, ...referred, ...unconfirmed]) {
      if (found !== undefined && PENDING_STATES.includes(found.state)) byId.set(found.id, found);
    }
    return [...byId.values()].sort((a, b) => a.id - b.id);
  }

  /**
   * In entry order, lazily: the `sending` entries, and the queued ones due by `now` with no earlier unsettled
   * entry of their record (the first rule of waiting.ts), read as a few columns until the caller has enough;
   * only these are read whole. The caller asks waitingReasons of each queued one for the other rules.
   */
  *startCandidates(now: number): Generator<EntryRow> {
    const pending = PENDING_STATES.map((state) => `'${state}'`).join(', ');
    const sql = `SELECT id, record_key, state, next_attempt_at FROM entries WHERE state IN (${pending}) ORDER BY id`;
    const recordsSeen = new Set<string>();
    for (const entry of this.statement(sql).iterate() as IterableIterator<Pick<EntryRow, 'id' | 'record_key' | 'state' | 'next_attempt_at'>>) {
      const firstOfRecord = !recordsSeen.has(entry.record_key);
      recordsSeen.add(entry.record_key);
      if (entry.state !== 'sending' && !(entry.state === 'queued' && firstOfRecord && entry.next_attempt_at <= now)) continue;
      const row = this.row(entry.id);
      if (row) yield row;
    }
  }

  /** Queued entries with a base, due by `now`: those a replay run reads the provider for before sending (issue 34). */
  queuedWithBase(now: number): EntryRow[] {
    return this.statement("SELECT * FROM entries WHERE state = 'queued' AND base IS NOT NULL AND next_attempt_at <= ? ORDER BY id").all(now) as EntryRow[];
  }

  counts(): Record<EntryState, number> {
    const counts = Object.fromEntries(ENTRY_STATES.map((state) => [state, 0])) as Record<EntryState, number>;
    const rows = this.statement('SELECT state, COUNT(*) AS n FROM entries GROUP BY state').all() as { state: EntryState; n: number }[];
    for (const { state, n } of rows) counts[state] = n;
    return counts;
  }

  /** Inserts a queued entry with its attachments and base, and runs `also` in the same transaction; returns its id. */
  insert(kind: MutationKind, params: StoredParams, attachments: readonly PreparedAttachment[] | undefined, base: EntryBase | null, now: number, also?: () => void): number {
    this.inserting ??= this.db.transaction(this.insertNow.bind(this));
    return this.inserting.immediate(kind, params, attachments, base, now, also);
  }

  /** insert's transaction, made once (db.transaction builds a new function each call: 2,000 for a bulk edit). */
  private inserting: Database.Transaction<EntryStore['insertNow']> | null = null;

  private insertNow(kind: MutationKind, params: StoredParams, attachments: readonly PreparedAttachment[] | undefined, base: EntryBase | null, now: number, also?: () => void): number {
    also?.();
    const { lastInsertRowid } = this
      .statement(
        `INSERT INTO entries (kind, record_key, params, state, created_at, updated_at, next_attempt_at, base)
         VALUES (?, '', '{}', 'queued', ?, ?, ?, ?)`,
      )
      .run(kind, now, now, now, base === null ? null : JSON.stringify(base));
    const id = Number(lastInsertRowid);
    const stored = this.sealed(kind, this.withAttachments(kind, id, params, attachments));
    this.statement('UPDATE entries SET params = ?, record_key = ? WHERE id = ?').run(JSON.stringify(stored), recordKeyOf(kind, stored, id), id);
    return id;
  }

  /**
   * New params for an entry (edit); attachments it no longer lists are dropped, secrets it gives masked are
   * kept as they are.
   */
  replaceParams(row: EntryRow, params: StoredParams, attachments: readonly PreparedAttachment[] | undefined, changes: EntryChanges, now: number): void {
    this.db.transaction(() => {
      const stored = this.sealed(row.kind, this.withAttachments(row.kind, row.id, params, attachments), this.keptSecrets(row, params));
      const kept = ((stored.attachments ?? []) as StoredAttachment[]).map((a) => a.attachmentId);
      const notKept = kept.length ? ` AND id NOT IN (${kept.map(() => '?').join(', ')})` : '';
      this.db.prepare(`DELETE FROM attachments WHERE entry_id = ?${notKept}`).run(row.id, ...kept);
      this.change(row, row.state, { ...changes, params: stored, record_key: recordKeyOf(row.kind, stored, row.id) }, now);
    }).immediate();
  }

  /**
   * Sets the state (and other columns) of an entry, refusing moves the state machine does not allow.
   * `changes.params` are params as stored (secrets sealed). Final states drop what is no longer needed: the
   * secrets in the params and attachment bytes.
   */
  change(row: EntryRow, to: EntryState, changes: EntryChanges, now: number): void {
    if (!canMove(row.state, to)) throw new OutboxError('refused', `entry #${row.id} is ${row.state.replace('_', ' ')}: it cannot become ${to.replace('_', ' ')}`);
    const settled = to === 'done' || to === 'cancelled';
    const params = changes.params ?? (settled ? JSON.parse(row.params) : undefined);
    const columns: Record<string, unknown> = { state: to, updated_at: now };
    if (params !== undefined) columns.params = JSON.stringify(settled ? withoutSecretParams(row.kind, params) : params);
    if (changes.record_key !== undefined) columns.record_key = changes.record_key;
    if (changes.attempts !== undefined) columns.attempts = changes.attempts;
    if (changes.failures !== undefined) columns.failures = changes.failures;
    if (changes.problem !== undefined) {
      columns.error_kind = changes.problem?.kind ?? null;
      columns.error_message = changes.problem?.message ?? null;
      columns.error_issues = changes.problem?.issues?.length ? JSON.stringify(changes.problem.issues) : null;
    }
    if (changes.sent_at !== undefined) columns.sent_at = changes.sent_at;
    if (changes.next_attempt_at !== undefined) columns.next_attempt_at = changes.next_attempt_at;
    if (changes.result !== undefined) columns.result = this.storedResult(row.kind, changes.result);
    if (changes.precheck !== undefined) columns.precheck = changes.precheck === null ? null : JSON.stringify(changes.precheck);
    if (changes.base !== undefined) columns.base = changes.base === null ? null : JSON.stringify(changes.base);
    if (changes.conflict !== undefined) columns.conflict = changes.conflict === null ? null : JSON.stringify(changes.conflict);
    const names = Object.keys(columns);
    this.db.prepare(`UPDATE entries SET ${names.map((n) => `${n} = ?`).join(', ')} WHERE id = ?`).run(...Object.values(columns), row.id);
    if (settled) this.db.prepare('DELETE FROM attachments WHERE entry_id = ?').run(row.id);
  }

  private storedResult(kind: MutationKind, result: unknown): string | null {
    if (result === null) return null;
    return JSON.stringify(sealFields(result as StoredParams, secretResultOf(kind), this.cipher));
  }

  /** Params to store: their secrets sealed. `kept`: secrets that stay as the entry stores them (sealed already). */
  private sealed(kind: MutationKind, params: StoredParams, kept: StoredParams = {}): StoredParams {
    const given = secretParamsOf(kind).filter((field) => !(field in kept));
    return { ...sealFields(params, given, this.cipher), ...kept };
  }

  /**
   * The secrets of `row`, as stored, that new `params` give as the entry shows them (masked, maskSecret): an
   * edit made from a listed entry keeps the password it could not see.
   */
  private keptSecrets(row: EntryRow, params: StoredParams): StoredParams {
    const stored = JSON.parse(row.params) as StoredParams;
    const kept: StoredParams = {};
    for (const field of secretParamsOf(row.kind)) {
      if (params[field] === undefined || stored[field] === undefined) continue;
      try {
        const secret = openFields(stored, [field], this.cipher)[field];
        if (JSON.stringify(maskSecret(secret)) === JSON.stringify(params[field])) kept[field] = stored[field];
      } catch (error) {
        if (!(error instanceof LostSecretError)) throw error;
      }
    }
    return kept;
  }

  /** An entry's params as they are sent: secrets opened (LostSecretError when one cannot be). */
  paramsToSend(row: EntryRow): StoredParams {
    return openFields(JSON.parse(row.params) as StoredParams, secretParamsOf(row.kind), this.cipher);
  }

  attachmentBytes(entryId: number): Map<number, Uint8Array> {
    const rows = this.db.prepare('SELECT id, data FROM attachments WHERE entry_id = ?').all(entryId) as { id: number; data: Buffer }[];
    return new Map(rows.map((r) => [r.id, new Uint8Array(r.data)]));
  }

  serverIdOf(entryId: number): number | null {
    const row = this.db.prepare('SELECT server_id FROM id_map WHERE entry_id = ?').get(entryId) as { server_id: number } | undefined;
    return row?.server_id ?? null;
  }

  /** Server ids (among `serverIds`) already given to entries of `kind` other than `exceptEntryId`. */
  claimedServerIds(kind: MutationKind, exceptEntryId: number): Set<number> {
    const rows = this.db
      .prepare('SELECT m.server_id FROM id_map m JOIN entries e ON e.id = m.entry_id WHERE e.kind = ? AND m.entry_id != ?')
      .all(kind, exceptEntryId) as { server_id: number }[];
    return new Set(rows.map((r) => r.server_id));
  }

  /**
   * Records a create's server id and puts it in place of the local id: in the record keys of the create and
   * of every entry keyed by it, and in the params of unsettled entries that refer to it. Returns the ids of
   * the entries changed.
   */
  adoptServerId(create: EntryRow, serverId: number, now: number): number[] {
    if (!isCreate(create.kind)) throw new Error(`${create.kind} creates nothing`);
    const localKey = recordKeyOf(create.kind, {}, create.id);
    const serverKey = `${createdResource(create.kind)}:${serverId}`;
    const localId = localIdOf(create.id);
    this.db.prepare('INSERT INTO id_map (entry_id, server_id) VALUES (?, ?)').run(create.id, serverId);
    const rekeyed = this.db.prepare('SELECT id FROM entries WHERE record_key = ?').all(localKey) as { id: number }[];
    this.db.prepare('UPDATE entries SET record_key = ?, updated_at = ? WHERE record_key = ?').run(serverKey, now, localKey);
    const rewritten: number[] = [];
    for (const row of this.dependents(create.id)) {
      const params = replaceLocalId(row.kind, JSON.parse(row.params), localId, serverId);
      this.change(row, row.state, { params, record_key: recordKeyOf(row.kind, params, row.id) }, now);
      rewritten.push(row.id);
    }
    return [...new Set([...rekeyed.map((r) => r.id), ...rewritten])];
  }

  /** Unsettled entries whose params refer to the create `entryId` by its local id. */
  dependents(entryId: number): EntryRow[] {
    // The LIKE narrows the rows read (a 5,000-entry queue was parsed whole for each create done); localRefs decides.
    const mentioning = this.statement(`SELECT * FROM entries WHERE state IN (${PENDING_STATES.map((s) => `'${s}'`).join(', ')}) AND params LIKE ? ORDER BY id`);
    const rows = mentioning.all(`%"${localIdOf(entryId)}"%`) as EntryRow[];
    return rows.filter((row) => localRefs(row.kind, JSON.parse(row.params)).some((ref) => ref.entryId === entryId));
  }

  /**
   * IMMEDIATE: the file is shared by every process of the account (the app, the CLI), and a deferred
   * transaction that reads before it writes fails at once with "database is locked" when another process
   * committed in between; an immediate one waits its turn (busy_timeout).
   */
  transaction<T>(work: () => T): T {
    return this.db.transaction(work).immediate();
  }

  /** Stores new attachment bytes and returns the params with every attachment as a stored reference. */
  private withAttachments(kind: MutationKind, entryId: number, params: StoredParams, attachments: readonly PreparedAttachment[] | undefined): StoredParams {
    if (attachments === undefined) return params;
    const owned = this.db.prepare('SELECT id, name, length(data) AS size FROM attachments WHERE entry_id = ? AND id = ?');
    const insert = this.db.prepare('INSERT INTO attachments (entry_id, name, data) VALUES (?, ?, ?)');
    const stored = attachments.map((item, index): StoredAttachment => {
      if ('attachmentId' in item) {
        const row = owned.get(entryId, item.attachmentId) as { id: number; name: string; size: number } | undefined;
        if (!row) {
          throw new OutboxValidationError(kind, [{ field: `attachments[${index}]`, message: `attachment ${item.attachmentId} is not stored with this entry` }]);
        }
        return { attachmentId: row.id, name: row.name, size: row.size };
      }
      const { lastInsertRowid } = insert.run(entryId, item.name, Buffer.from(item.data));
      return { attachmentId: Number(lastInsertRowid), name: item.name, size: item.data.byteLength };
    });
    return { ...params, attachments: stored };
  }
}

/** The WHERE clause of a filter and its values. */
function whereOf(filter: EntryFilter): { where: string; values: unknown[] } {
  const where: string[] = [];
  const values: unknown[] = [];
  if (filter.states) {
    where.push(`state IN (${filter.states.map(() => '?').join(', ') || "''"})`);
    values.push(...filter.states);
  }
  if (filter.kind) {
    where.push('kind = ?');
    values.push(filter.kind);
  }
  if (filter.recordKey) {
    where.push('record_key = ?');
    values.push(filter.recordKey);
  }
  return { where: where.length ? `WHERE ${where.join(' AND ')}` : '', values };
}
