/** The reseller-desk command as a user runs it: a real process, a real data folder, the sandbox over HTTP. */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningSandbox } from '../../../sandbox/options.js';

export const BIN = join(import.meta.dirname, '../../../bin/reseller-desk.js');

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  secrets?: { clientSecret?: string; password?: string };
  env?: NodeJS.ProcessEnv;
}

export function newDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'cli-contract-'));
}

function environment({ secrets = {}, env = {} }: RunOptions): NodeJS.ProcessEnv {
  return {
    ...process.env,
    RESELLER_DESK_CLIENT_SECRET: secrets.clientSecret ?? '',
    RESELLER_DESK_PASSWORD: secrets.password ?? '',
    ...env,
  };
}

/** Runs one command to its end in `dataDir`. */
export function cli(dataDir: string, args: string[], options: RunOptions = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args, '--data-dir', dataDir],
      { env: environment(options), maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** A command left running (sandbox, a sync to interrupt), with what it has said so far. */
export function spawnCli(dataDir: string, args: string[], options: RunOptions = {}): { child: ChildProcess; stderr: () => string; exit: Promise<Run> } {
  const child = spawn(process.execPath, [BIN, ...args, '--data-dir', dataDir], { env: environment(options) });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<Run>((resolve) => child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr })));
  return { child, stderr: () => stderr, exit };
}

/** Resolves once `text` matches what the process wrote on stderr; rejects if it ends first. */
export async function waitForStderr(run: ReturnType<typeof spawnCli>, pattern: RegExp): Promise<RegExpMatchArray> {
  for (;;) {
    const match = pattern.exec(run.stderr());
    if (match) return match;
    const ended = await Promise.race([run.exit.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), 50))]);
    if (ended && !pattern.test(run.stderr())) throw new Error(`the command ended without printing ${pattern}: ${run.stderr()}`);
  }
}

/** `account add NAME` of the sandbox's demo credentials, plus extra arguments. */
export function addAccount(dataDir: string, sb: RunningSandbox, name: string, extra: string[] = []): Promise<Run> {
  return cli(
    dataDir,
    ['account', 'add', name, '--base-url', sb.baseUrl, '--alt-base-url', sb.altBaseUrl, '--client-id', sb.clientId, '--username', sb.username, ...extra],
    { secrets: secretsOf(sb) },
  );
}

export function secretsOf(sb: RunningSandbox): { clientSecret: string; password: string } {
  return { clientSecret: sb.clientSecret, password: sb.password };
}

/** No OS keychain for the command (the CI machine has one): its Secret Service is out of reach. */
export const NO_KEYCHAIN = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' };

export const A_CONTACT = {
  firstname: 'Ann',
  lastname: 'Lee',
  email: 'ann.lee@example.com',
  address1: 'Via Roma 1',
  city: 'Rome',
  state: 'RM',
  postcode: '00100',
  country: 'IT',
  phonenumber: '+39.0612345',
};
