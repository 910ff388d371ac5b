/** A mirror, a ResellerClient and a Syncer against a running sandbox, for the sync contract tests. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { startSandbox, type SandboxOverrides } from '../../../sandbox/index.js';
import type { AccountCredentials, RunningSandbox } from '../../../sandbox/options.js';
import { CLIENT_SECRET_SECRET, PASSWORD_SECRET, ResellerClient, type RetryPolicy } from '../../../electron/core/api/index.js';
import {
  Mirror,
  type ListPage,
  type ResourceName,
  type ResourceRecords,
  type SortField,
} from '../../../electron/core/mirror/index.js';
import { Syncer, type SyncerOptions } from '../../../electron/core/sync/index.js';
import { MemoryVault } from '../../../electron/core/vault/memory-vault.js';

export const TODAY = '2026-11-22';
/** Noon of the sandbox's today, on this machine's calendar. */
export const NOON = () => new Date(2026, 10, 22, 12, 0, 0);

export function startTestSandbox(overrides: SandboxOverrides = {}): Promise<RunningSandbox> {
  return startSandbox({ port: 0, altPort: 0, controlPort: 0, today: TODAY, strict: true, ...overrides });
}

/** Quick retries: tests wait on them. */
const FAST_RETRY: Partial<RetryPolicy> = { baseDelayMs: 5, maxDelayMs: 50 };

export async function makeClient(
  urls: { baseUrl: string; altBaseUrl: string },
  account: AccountCredentials,
  options: { password?: string; retry?: Partial<RetryPolicy>; timeoutMs?: number } = {},
): Promise<ResellerClient> {
  const vault = new MemoryVault('test');
  await vault.set('acct', CLIENT_SECRET_SECRET, account.clientSecret);
  await vault.set('acct', PASSWORD_SECRET, options.password ?? account.password);
  return new ResellerClient(
    { account: 'acct', baseUrl: urls.baseUrl, altBaseUrl: urls.altBaseUrl, clientId: account.clientId, username: account.username },
    vault,
    { retry: { ...FAST_RETRY, ...options.retry }, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) },
  );
}

export interface SyncSetup {
  dir: string;
  mirror: Mirror;
  client: ResellerClient;
  syncer: Syncer;
  close(): void;
}

export async function setUpSync(
  sb: RunningSandbox,
  options: {
    now?: () => Date;
    retry?: Partial<RetryPolicy>;
    syncer?: Partial<SyncerOptions>;
    /** Where the client goes instead of the sandbox (a proxy in front of it). */
    urls?: { baseUrl: string; altBaseUrl: string };
    timeoutMs?: number;
  } = {},
): Promise<SyncSetup> {
  const dir = mkdtempSync(join(tmpdir(), 'sync-test-'));
  const now = options.now ?? NOON;
  const mirror = Mirror.open(join(dir, 'mirror.sqlite'), { now });
  const client = await makeClient(options.urls ?? sb, sb.accounts[0]!, { retry: options.retry, timeoutMs: options.timeoutMs });
  const syncer = new Syncer({ client, mirror, now, ...options.syncer });
  return {
    dir,
    mirror,
    client,
    syncer,
    close() {
      syncer.dispose();
      mirror.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type SyncOptions = Parameters<typeof setUpSync>[1];

/**
 * A fresh sandbox with a sync set up against it, for each test that asks, stopped and removed after the test.
 * Call it in a test file's body (it registers the afterEach); each test then awaits the function it returns.
 */
export function sandboxSyncPerTest(): (overrides?: SandboxOverrides, options?: SyncOptions) => Promise<{ sb: RunningSandbox; setup: SyncSetup }> {
  const started: Array<{ sb: RunningSandbox; setup?: SyncSetup }> = [];
  afterEach(async () => {
    for (const { sb, setup } of started.splice(0)) {
      setup?.close();
      await sb.stop();
    }
  });
  return async (overrides = {}, options = {}) => {
    const one: { sb: RunningSandbox; setup?: SyncSetup } = { sb: await startTestSandbox(overrides) };
    started.push(one);
    one.setup = await setUpSync(one.sb, options);
    return { sb: one.sb, setup: one.setup };
  };
}

/** Every row of a mirrored resource, walked page by page in id order. */
export function allRows<R extends ResourceName>(mirror: Mirror, resource: R): ResourceRecords[R][] {
  const rows: ResourceRecords[R][] = [];
  let after: string | null = null;
  do {
    const page: ListPage<ResourceRecords[R]> = mirror.list(resource, { sort: { field: 'id' as SortField<R> }, limit: 1000, after });
    rows.push(...page.rows);
    after = page.nextCursor;
  } while (after !== null);
  return rows;
}

/** The provider's zero dates are null in the mirror. */
export const dateOrNull = (value: string) => (value.startsWith('0000-00-00') ? null : value);
