/**
 * The soak's second part: the real web host (`bin/reseller-desk-web.js`, a process of its own) on a fresh data
 * folder, with an account added over its WebSocket pointed at the soak's sandbox, replays edits queued
 * through it and pulls the account in full ("sync now": `sync.run`), with the sandbox's faults off (the first
 * part has replayed under them). Its peak RSS over that work is read from the kernel (/proc/PID/status VmHWM,
 * reset once the host is listening, so that its start does not count); null where there is no /proc. The
 * renderer is built first, here, if its build is not current: built by the host, its memory would stay in
 * the host's resident set and in the figure.
 *
 * The account's secrets go over the socket as the connect form sends them: with no OS keychain the host keeps
 * them in memory for its life, as the app does there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import type { CallReply, WebServerFrame } from '../../shared/bridge.js';
import type { Mutation, OutboxEntry } from '../../electron/core/outbox/index.js';
import { fromWireJson, toWireJson } from '../../shared/wire-json.js';
import type { RunningSandbox } from '../../sandbox/options.js';
import { ensureRendererBuild } from '../../electron/web/renderer-build.js';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Queues edits through `enqueueAll`; resolves with how many. */
export type QueueEdits = (enqueueAll: (mutations: Mutation[]) => Promise<OutboxEntry[]>) => Promise<number>;

export interface WebHostRun {
  queued: number;
  /** Edits the host's outbox holds as done at the end. */
  confirmed: number;
  /** Rows of the host's mirror after the sync. */
  syncedRows: number;
  /** The host's peak resident set over the replay and the sync; null where the system does not tell. */
  peakRssMb: number | null;
  seconds: number;
}

/** The web host's calls to Desk, over its socket. */
class HostSocket {
  private nextId = 1;
  private readonly pending = new Map<number, (reply: CallReply) => void>();

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = fromWireJson(String(data)) as WebServerFrame;
      if (frame.type !== 'reply') return;
      this.pending.get(frame.id)?.(frame.reply);
      this.pending.delete(frame.id);
    });
  }

  static async open(url: string): Promise<HostSocket> {
    const page = new URL(url);
    const ws = new WebSocket(`ws://${page.host}/ws?token=${page.searchParams.get('token')}`, { headers: { origin: page.origin } });
    await once(ws, 'open');
    return new HostSocket(ws);
  }

  async call<T>(name: string, input?: unknown): Promise<T> {
    const id = this.nextId++;
    const reply = new Promise<CallReply>((resolve) => this.pending.set(id, resolve));
    this.ws.send(toWireJson({ type: 'call', id, name, input }));
    const answer = await reply;
    if (!answer.ok) throw new Error(`the web host's ${name}: ${answer.error.message}`);
    return answer.value as T;
  }

  close(): void {
    this.ws.close();
  }
}

/** Starts the web host; resolves with its page address once it listens. */
async function startHost(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['bin/reseller-desk-web.js', '--json', '--port', '0', '--data-dir', dataDir], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the web host exited (code ${code}) before listening: ${stderr}`)));
  });
  return { child, url: (JSON.parse(line) as { url: string }).url };
}

/** From now on, the process's VmHWM counts from its present size (Linux: clear_refs 5); whether it could. */
function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

function peakRssMb(pid: number): number | null {
  try {
    const kb = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Math.round(Number(kb) / 1024);
  } catch {
    return null;
  }
}

/** Sync runs asked for at most while edits are still queued (each sends everything due, backoffs cut short). */
const MAX_SYNC_RUNS = 10;

export async function runWebHost(sb: RunningSandbox, queue: QueueEdits, log: (line: string) => void): Promise<WebHostRun> {
  if (await ensureRendererBuild(REPO_ROOT, join(REPO_ROOT, 'out/renderer'), (line) => log(`web host: ${line}`))) log('web host: renderer built');
  const started = Date.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'soak-web-'));
  const { child, url } = await startHost(dataDir);
  const exited = once(child, 'exit');
  try {
    const measured = resetPeakRss(child.pid!);
    const host = await HostSocket.open(url);
    try {
      await host.call('accounts.add', {
        name: 'soak',
        baseUrl: sb.baseUrl,
        altBaseUrl: sb.altBaseUrl,
        clientId: sb.clientId,
        username: sb.username,
        clientSecret: sb.clientSecret,
        password: sb.password,
      });
      const queued = await queue((mutations) => host.call<OutboxEntry[]>('outbox.enqueueAll', { mutations }));
      log(`web host: ${queued} edits queued through it; replaying and syncing…`);
      let counts = await host.call<Record<string, number>>('outbox.counts');
      for (let run = 1; run === 1 || (counts.done! < queued && run <= MAX_SYNC_RUNS); run++) {
        const summary = await host.call<{ outcome: string }>('sync.run');
        if (summary.outcome !== 'ok') throw new Error(`the web host's sync ended ${summary.outcome}`);
        counts = await host.call<Record<string, number>>('outbox.counts');
      }
      const rows = Object.values(await host.call<Record<string, number>>('data.counts')).reduce((a, b) => a + b, 0);
      return { queued, confirmed: counts.done!, syncedRows: rows, peakRssMb: measured ? peakRssMb(child.pid!) : null, seconds: Math.round((Date.now() - started) / 1000) };
    } finally {
      host.close();
    }
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}
