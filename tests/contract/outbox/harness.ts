/**
 * The outbox against the sandbox over real HTTP: a ResellerClient with a memory vault, a clock in step with
 * the sandbox's, replaying until settled, and reading back what the sandbox stored.
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AxiosInstance } from 'axios';
import Database from 'better-sqlite3';
import { CLIENT_SECRET_SECRET, PASSWORD_SECRET, ResellerClient } from '../../../electron/core/api/client.js';
import { openOutbox, Replayer, type Outbox, type ReplayerOptions, type RunReport } from '../../../electron/core/outbox/index.js';
import { MemoryVault } from '../../../electron/core/vault/memory-vault.js';
import type { SandboxOverrides } from '../../../sandbox/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { start } from '../sandbox/http.js';

export const TODAY = '2026-11-22';

export function startSandbox(options: SandboxOverrides = {}): Promise<RunningSandbox> {
  return start({ today: TODAY, ...options });
}

/**
 * The sandbox dates records with its configured day and the wall clock's time of day; the outbox's clock
 * must agree with it for a lost create to be matched by date. (A run across UTC midnight would disagree.)
 */
export function sandboxClock(today = TODAY): () => number {
  const offset = Date.parse(`${today}T00:00:00Z`) - Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  return () => Date.now() + offset;
}

export function outboxFile(): string {
  return join(mkdtempSync(join(tmpdir(), 'outbox-contract-')), 'outbox.db');
}

export interface ClientSetup {
  baseUrl?: string;
  altBaseUrl?: string;
  password?: string;
  http?: AxiosInstance;
}

/** A client of the sandbox's demo account, with fast read retries. */
export async function clientFor(sb: RunningSandbox, setup: ClientSetup = {}) {
  const vault = new MemoryVault('tests');
  await vault.set('demo', CLIENT_SECRET_SECRET, sb.clientSecret);
  await vault.set('demo', PASSWORD_SECRET, setup.password ?? sb.password);
  const config = {
    account: 'demo',
    baseUrl: setup.baseUrl ?? sb.baseUrl,
    altBaseUrl: setup.altBaseUrl ?? sb.altBaseUrl,
    clientId: sb.clientId,
    username: sb.username,
    // As an account session knows them from its mirror.
    ownClientId: sb.accounts[0]!.userid,
    defaultGateway: (sb.db.prepare('SELECT defaultgateway FROM clients WHERE id = ?').get(sb.accounts[0]!.userid) as { defaultgateway: string }).defaultgateway,
  };
  const client = new ResellerClient(config, vault, { http: setup.http, timeoutMs: 10_000, retry: { baseDelayMs: 1, maxDelayMs: 10 } });
  return { client, vault };
}

/** A base URL where nothing listens: connections are refused, as when offline. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

export const FAST: ReplayerOptions = { backoff: { baseMs: 5, maxMs: 50 } };

/** Runs the replayer, waiting out backoffs, until nothing more will become due (or it pauses). */
export async function replayUntilSettled(replayer: Replayer, now: () => number, maxRuns = 500): Promise<RunReport> {
  for (let run = 1; run <= maxRuns; run++) {
    const report = await replayer.run();
    if (report.paused !== null || report.nextDueAt === null) return report;
    const wait = report.nextDueAt - now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  throw new Error(`the outbox did not settle in ${maxRuns} runs`);
}

/** Opens an outbox with a replayer on `client`, on the sandbox's clock. */
export function replaying(file: string, client: ConstructorParameters<typeof Replayer>[1], options: ReplayerOptions = {}) {
  const now = sandboxClock();
  const outbox: Outbox = openOutbox(file, { now });
  const replayer = new Replayer(outbox, client, { ...FAST, ...options });
  return { outbox, replayer, now, settle: () => replayUntilSettled(replayer, now) };
}

/** A process that died leaves its replay lease behind; once it has expired another replayer may go on. */
export function expireLease(file: string): void {
  const db = new Database(file);
  db.prepare('UPDATE replay_lease SET expires_at = 0').run();
  db.close();
}

/** Rows of the sandbox's state. */
export function rows<T = any>(sb: RunningSandbox, sql: string, ...params: unknown[]): T[] {
  return sb.db.prepare(sql).all(...params) as T[];
}

export function count(sb: RunningSandbox, sql: string, ...params: unknown[]): number {
  return (sb.db.prepare(sql).get(...params) as { n: number }).n;
}
