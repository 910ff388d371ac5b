/** The reseller-desk command as a user runs it: a real process, a real data folder, the sandbox over HTTP. */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox } from '../../../sandbox/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';

// Each command is a process of its own; a loaded machine takes seconds for each.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const BIN = join(import.meta.dirname, '../../../bin/reseller-desk.js');
const dataDir = mkdtempSync(join(tmpdir(), 'cli-contract-'));
let sb: RunningSandbox;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(args: string[], secrets: { clientSecret?: string; password?: string } = {}): Promise<Run> {
  const env = { ...process.env, RESELLER_DESK_CLIENT_SECRET: secrets.clientSecret ?? '', RESELLER_DESK_PASSWORD: secrets.password ?? '' };
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args, '--data-dir', dataDir], { env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

const count = (table: string) => (sb.db.prepare(`SELECT count(*) AS n FROM ${table} WHERE userid = 1`).get() as { n: number }).n;

beforeAll(async () => {
  sb = await startSandbox({ port: 0, altPort: 0, controlPort: 0, strict: true });
});

afterAll(async () => {
  await sb?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('reseller-desk CLI', () => {
  it('prints its usage with --help', async () => {
    const run = await cli(['--help']);
    expect(run.code).toBe(0);
    for (const command of ['account add', 'sync', 'status', 'export RESOURCE', 'outbox', 'sandbox']) expect(run.stdout).toContain(command);
  });

  it('says how to begin when there is no account', async () => {
    const run = await cli(['status']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/No account yet/);
  });

  it('refuses to add an account without the secrets in the environment, or with wrong ones', async () => {
    const args = ['account', 'add', 'Main', '--base-url', sb.baseUrl, '--alt-base-url', sb.altBaseUrl, '--client-id', sb.clientId, '--username', sb.username];
    const missing = await cli(args);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/RESELLER_DESK_CLIENT_SECRET/);
    const wrong = await cli(args, { clientSecret: sb.clientSecret, password: 'wrong' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/refused this e-mail and password/);
    expect(JSON.parse((await cli(['account', 'list', '--json'])).stdout)).toEqual([]);
  });

  it('adds an account, syncs it and reports its status', async () => {
    const secrets = { clientSecret: sb.clientSecret, password: sb.password };
    const add = await cli(['account', 'add', 'Main', '--base-url', sb.baseUrl, '--alt-base-url', sb.altBaseUrl, '--client-id', sb.clientId, '--username', sb.username], secrets);
    expect(add.code, add.stderr).toBe(0);

    const sync = await cli(['sync', '--json'], secrets);
    expect(sync.code, sync.stderr).toBe(0);
    expect(JSON.parse(sync.stdout)).toMatchObject({ outcome: 'ok' });

    const status = JSON.parse((await cli(['status', '--json'], secrets)).stdout);
    expect(status.account).toBe('Main');
    expect(status.counts).toMatchObject({ domains: count('domains'), contacts: count('contacts'), services: count('services') });
    expect(status.resources.every((r: { lastSyncedAt: string | null }) => r.lastSyncedAt !== null)).toBe(true);
  });

  it('exports normalized records as JSON and as CSV with a header row', async () => {
    const json = await cli(['export', 'domains']);
    expect(json.code, json.stderr).toBe(0);
    const domains = JSON.parse(json.stdout) as { id: number; domainName: string; expiryDate: string | null }[];
    expect(domains).toHaveLength(count('domains'));
    expect(typeof domains[0]!.id).toBe('number');

    const csv = await cli(['export', 'domains', '--format', 'csv']);
    const parsed = Papa.parse<Record<string, string>>(csv.stdout.trim(), { header: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toHaveLength(domains.length);
    expect(parsed.meta.fields).toContain('domainName');
    expect(parsed.data.map((row) => row.domainName).sort()).toEqual(domains.map((d) => d.domainName).sort());
  });

  it('lists the outbox and rejects unknown resources and formats with usage errors', async () => {
    expect(JSON.parse((await cli(['outbox', '--json'])).stdout)).toEqual([]);
    const resource = await cli(['export', 'invoicez']);
    expect(resource.code).toBe(2);
    expect(resource.stderr).toMatch(/RESOURCE must be one of/);
    const format = await cli(['export', 'domains', '--format', 'xml']);
    expect(format.code).toBe(2);
    expect((await cli(['frobnicate'])).code).toBe(2);
  });
});
