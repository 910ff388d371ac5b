/**
 * The diagnostics bundle (Help › Export diagnostics…, `reseller-desk diagnostics --out FILE`): one JSON document
 * a person can read before sending it. Versions (app, Electron where there, Node, SQLite, OS), the settings and
 * the accounts (their non-secret part: no secret is in either), each account file's health check, the open
 * account's last sync runs and its outbox by kind and state (each unsettled entry with the names of its fields,
 * never their values: those are people's data, and secrets for some), and the last lines of the log. Every text
 * of it passes the one redaction (redactSecrets) as it is serialised.
 */
import { arch, release, type } from 'node:os';
import Database from 'better-sqlite3';
import type { Settings } from '../../../shared/contract.js';
import { ENTRY_STATES, PENDING_STATES, type EntryState } from '../../../shared/outbox/states.js';
import { MUTATION_KINDS, type MutationKind } from '../../../shared/outbox/kinds.js';
import type { SyncRunRecord } from '../../../shared/records.js';
import { redactSecrets } from '../../../shared/redact-url.js';
import { accountPaths } from '../data-dir.js';
import type { DeskState } from '../desk/state.js';
import { checkSqliteFile } from '../storage/file-health.js';

/** What the host knows of itself: its version, and Electron's when it is the desktop app. */
export interface HostVersions {
  app: string;
  electron: string | null;
}

const LOG_LINES = 500;
const SYNC_RUNS = 10;
const ENTRIES = 200;

export interface Diagnostics {
  createdAt: string;
  versions: HostVersions & { node: string; sqlite: string; os: string };
  dataDir: string;
  settings: Settings;
  accounts: Array<Record<string, unknown> & { files: Record<'mirror' | 'outbox', string> }>;
  open: {
    account: string;
    syncRuns: SyncRunRecord[];
    outbox: { counts: Array<{ kind: MutationKind; state: EntryState; entries: number }>; unsettled: unknown[] };
  } | null;
  log: { file: string; lines: string[] };
}

export function collectDiagnostics(state: DeskState, host: HostVersions): Diagnostics {
  const { dataDir } = state.options;
  return {
    createdAt: new Date(state.clock()).toISOString(),
    versions: { ...host, node: process.versions.node, sqlite: sqliteVersion(), os: `${type()} ${release()} ${arch()}` },
    dataDir,
    settings: state.settings.get(),
    accounts: state.accounts.list().map((account) => {
      const paths = accountPaths(dataDir, account.name);
      return { ...account, current: state.accounts.current === account.name, files: { mirror: health(paths.mirror), outbox: health(paths.outbox) } };
    }),
    open: state.session ? openAccount(state) : null,
    log: { file: state.logFile.file, lines: state.logFile.tail(LOG_LINES) },
  };
}

/** The document as written: JSON with every string passed through the redaction. */
export function serialiseDiagnostics(diagnostics: Diagnostics): string {
  return `${JSON.stringify(diagnostics, (_key, value: unknown) => (typeof value === 'string' ? redactSecrets(value) : value), 2)}\n`;
}

function sqliteVersion(): string {
  const db = new Database(':memory:');
  try {
    return (db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v;
  } finally {
    db.close();
  }
}

/** The file's health check (storage/file-health.ts) in words. */
function health(file: string): string {
  try {
    const found = checkSqliteFile(file);
    if (found.state === 'ok') found.db.close();
    return found.state === 'broken' ? `broken: ${found.reason}` : found.state;
  } catch (error) {
    return `busy: ${(error as Error).message}`;
  }
}

function openAccount(state: DeskState): NonNullable<Diagnostics['open']> {
  const { config, mirror, outbox } = state.current;
  const counts = MUTATION_KINDS.flatMap((kind) =>
    ENTRY_STATES.map((entryState) => ({ kind, state: entryState, entries: outbox.page({ kind, states: [entryState] }, { offset: 0, limit: 0 }).total })),
  ).filter((count) => count.entries > 0);
  const unsettled = outbox
    .list({ states: PENDING_STATES })
    .slice(0, ENTRIES)
    .map((entry) => ({
      id: entry.id,
      kind: entry.kind,
      state: entry.state,
      attempts: entry.attempts,
      lastError: entry.lastError && { kind: entry.lastError.kind, message: entry.lastError.message },
      waitingFor: entry.waitingFor,
      createdAt: new Date(entry.createdAt).toISOString(),
      updatedAt: new Date(entry.updatedAt).toISOString(),
      fields: Object.keys(entry.params as object),
    }));
  return { account: config.name, syncRuns: mirror.syncRuns(SYNC_RUNS), outbox: { counts, unsettled } };
}
