/** Per-resource sync state (last synced, row count, last error) and the log of sync runs. */
import type { Database } from 'better-sqlite3';
import { SYNCED_RESOURCES, type SyncedResource, type SyncRunOutcome, type SyncRunRecord, type SyncState } from '../../../shared/records.js';
import { statement } from './statements.js';

interface SyncStateRow {
  resource: SyncedResource;
  last_synced_at: string | null;
  row_count: number;
  last_error: string | null;
  last_error_at: string | null;
}

export class SyncLog {
  constructor(private readonly db: Database) {}

  markSynced(resource: SyncedResource, rowCount: number, at: string): void {
    statement(
      this.db,
      `INSERT INTO sync_state (resource, last_synced_at, row_count, last_error, last_error_at) VALUES (?, ?, ?, NULL, NULL)
       ON CONFLICT (resource) DO UPDATE SET last_synced_at = excluded.last_synced_at, row_count = excluded.row_count,
         last_error = NULL, last_error_at = NULL`,
    ).run(resource, at, rowCount);
  }

  markFailed(resource: SyncedResource, message: string, at: string): void {
    statement(
      this.db,
      `INSERT INTO sync_state (resource, last_error, last_error_at) VALUES (?, ?, ?)
       ON CONFLICT (resource) DO UPDATE SET last_error = excluded.last_error, last_error_at = excluded.last_error_at`,
    ).run(resource, message, at);
  }

  /** Every synced resource, in sync order; never-synced ones with empty state. */
  states(): SyncState[] {
    const rows = statement(this.db, 'SELECT * FROM sync_state').all() as SyncStateRow[];
    const byResource = new Map(rows.map((row) => [row.resource, row]));
    return SYNCED_RESOURCES.map((resource) => {
      const row = byResource.get(resource);
      return {
        resource,
        lastSyncedAt: row?.last_synced_at ?? null,
        rowCount: row?.row_count ?? 0,
        lastError: row?.last_error ?? null,
        lastErrorAt: row?.last_error_at ?? null,
      };
    });
  }

  beginRun(trigger: string, startedAt: string): number {
    const result = statement(this.db, "INSERT INTO sync_runs (trigger, started_at, outcome) VALUES (?, ?, 'running')").run(
      trigger,
      startedAt,
    );
    return Number(result.lastInsertRowid);
  }

  finishRun(id: number, outcome: Exclude<SyncRunOutcome, 'running'>, finishedAt: string, summary: unknown): void {
    statement(this.db, 'UPDATE sync_runs SET outcome = ?, finished_at = ?, summary = ? WHERE id = ?').run(
      outcome,
      finishedAt,
      JSON.stringify(summary),
      id,
    );
  }

  /** Runs left 'running' by a process that ended mid-sync. */
  markInterruptedRuns(): void {
    statement(this.db, "UPDATE sync_runs SET outcome = 'interrupted' WHERE outcome = 'running'").run();
  }

  /** The latest runs, newest first. */
  runs(limit: number): SyncRunRecord[] {
    const rows = statement(this.db, 'SELECT * FROM sync_runs ORDER BY id DESC LIMIT ?').all(limit) as {
      id: number;
      trigger: string;
      started_at: string;
      finished_at: string | null;
      outcome: SyncRunOutcome;
      summary: string | null;
    }[];
    return rows.map((row) => ({
      id: row.id,
      trigger: row.trigger,
      startedAt: row.started_at,
      finishedAt: row.finished_at,
      outcome: row.outcome,
      summary: row.summary === null ? null : (JSON.parse(row.summary) as unknown),
    }));
  }
}
