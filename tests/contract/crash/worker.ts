/**
 * A process for the crash test to kill, run from its bundle (children.ts) as `node crash-worker.mjs '<WorkerConfig>'`
 * (or from source: `node --import tsx tests/contract/crash/worker.ts '<WorkerConfig>'`).
 * It opens one account's mirror (sync) or outbox (replay) file, works on it against the sandbox exactly as
 * the app would, and prints a line a step (protocol.ts). Exits 0 when done, if it lives that long.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { CLIENT_SECRET_SECRET, PASSWORD_SECRET, ResellerClient } from '../../../electron/core/api/client.js';
import { Mirror } from '../../../electron/core/mirror/index.js';
import { openOutbox, Replayer } from '../../../electron/core/outbox/index.js';
import { Syncer } from '../../../electron/core/sync/index.js';
import { MemoryVault } from '../../../electron/core/vault/memory-vault.js';
import { RECORDING, SETTLED, type WorkerConfig } from './protocol.js';

const VAULT_ACCOUNT = 'crash';

// Writes to a pipe are synchronous on Linux: a line is out before the step after it begins.
const say = (line: string) => process.stdout.write(`${line}\n`);

async function clientFor(config: WorkerConfig): Promise<ResellerClient> {
  const vault = new MemoryVault('crash worker');
  await vault.set(VAULT_ACCOUNT, CLIENT_SECRET_SECRET, config.account.clientSecret);
  await vault.set(VAULT_ACCOUNT, PASSWORD_SECRET, config.account.password);
  const account = { account: VAULT_ACCOUNT, baseUrl: config.baseUrl, altBaseUrl: config.altBaseUrl, clientId: config.account.clientId, username: config.account.username };
  return new ResellerClient(account, vault, { retry: { baseDelayMs: 5, maxDelayMs: 50 } });
}

/** Replays until nothing is due; backoffs are a few ms, so whatever is due next is due soon. */
async function replay(config: WorkerConfig, client: ResellerClient, now: () => number): Promise<void> {
  const outbox = openOutbox(config.file, { now });
  outbox.on('changed', (entry) => say(`entry ${entry.id} ${entry.state}`));
  // A killed replayer's lease is taken over as soon as its process is gone (lease.ts); until the parent has
  // reaped it, its pid still exists and the restart waits (busy) for the TTL. A short TTL keeps that wait
  // short; it is safe because the test never runs two replay workers at once.
  const replayer = new Replayer(outbox, client, { backoff: { baseMs: 5, maxMs: 50 }, leaseTtlMs: config.leaseTtlMs });
  if (config.stallBeforeRecording) {
    // The reply is in; the process stops dead before the commit that records it, until it is killed.
    outbox.journal.complete = () => {
      say(RECORDING);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
    };
  }
  for (;;) {
    const report = await replayer.run();
    if (report.paused !== null) throw new Error(`replay paused: ${report.paused}`);
    if (report.busy) {
      say('busy');
      await sleep(config.leaseTtlMs / 4);
    } else if (report.nextDueAt === null) {
      break;
    } else {
      await sleep(Math.max(0, report.nextDueAt - now()));
    }
  }
  say(SETTLED);
  outbox.dispose();
}

async function sync(config: WorkerConfig, client: ResellerClient, now: () => number): Promise<void> {
  const clock = () => new Date(now());
  const mirror = Mirror.open(config.file, { now: clock });
  const syncer = new Syncer({ client, mirror, now: clock });
  syncer.on('sync.progress', ({ resource, done, total }) => say(`progress ${resource} ${done}/${total ?? '?'}`));
  const summary = await syncer.sync({ trigger: 'demand' });
  say(`sync ${summary.outcome}`);
  syncer.dispose();
  mirror.dispose();
}

const config = JSON.parse(process.argv[2] ?? '{}') as WorkerConfig;
const now = () => Date.now() + config.clockOffsetMs;
const client = await clientFor(config);
await (config.mode === 'sync' ? sync(config, client, now) : replay(config, client, now));
