/**
 * The account's form drafts, in the outbox's database (shared/outbox/drafts.ts says what a draft is). Here
 * rather than in the settings file: the outbox file is the account's own (drafts follow the account, and go
 * with its data), it is written row by row where the settings file is rewritten whole at every save, and a
 * draft is dropped in the same transaction as the edit it became is queued, so that a crash in between never
 * leaves both (a draft restored after its edit was queued could be queued twice).
 */
import type Database from 'better-sqlite3';
import { DRAFT_LIMITS, keptPart, type DraftKey, type DraftValue } from '../../../shared/outbox/drafts.js';
import { OutboxError } from '../../../shared/outbox/states.js';
import type { EntryBase } from '../../../shared/outbox/conflict.js';

export class DraftStore {
  constructor(
    private readonly db: Database.Database,
    private readonly now: () => number,
    /** What a new draft's record is now (its base), by the draft's key; null when it is about no record. */
    private readonly baseNow: (key: DraftKey) => EntryBase | null,
  ) {}

  get(key: DraftKey): DraftValue | null {
    const row = this.db.prepare('SELECT value FROM drafts WHERE key = ?').get(key) as { value: string } | undefined;
    if (!row) return null;
    const value: unknown = JSON.parse(row.value);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.fromEntries(Object.entries(value)) : null;
  }

  /**
   * The base the draft was started on: its record as the mirror had it at the draft's first save. A form reopened
   * from the draft compares against it, never against the record as it is now (issue 34, row 2b).
   */
  baseOf(key: DraftKey): EntryBase | null {
    const base = this.db.prepare('SELECT base FROM drafts WHERE key = ?').pluck().get(key) as string | null | undefined;
    return base ? (JSON.parse(base) as EntryBase) : null;
  }

  /** Keeps the draft but its secret fields and attachments; its first save also keeps its base. */
  save(key: DraftKey, value: DraftValue): void {
    const json = JSON.stringify(keptPart(key, value));
    this.db.transaction(() => {
      const exists = this.db.prepare('SELECT 1 FROM drafts WHERE key = ?').get(key) !== undefined;
      const { n } = this.db.prepare('SELECT COUNT(*) AS n FROM drafts').get() as { n: number };
      if (!exists && n >= DRAFT_LIMITS.count) {
        throw new OutboxError('refused', `this account already keeps ${DRAFT_LIMITS.count} drafts: send or discard some before starting another`);
      }
      const base = exists ? null : this.baseNow(key);
      this.db
        .prepare('INSERT INTO drafts (key, value, updated_at, base) VALUES (?, ?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at')
        .run(key, json, this.now(), base === null ? null : JSON.stringify(base));
    }).immediate();
  }

  drop(key: DraftKey): void {
    this.db.prepare('DELETE FROM drafts WHERE key = ?').run(key);
  }
}
