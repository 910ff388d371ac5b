/**
 * `npm run web`: the app in a browser tab. Opens Desk on the user's data folder (the same one the app and the
 * CLI use), serves the built renderer on 127.0.0.1 and carries the contract over a WebSocket (./host.ts).
 * With --sandbox it also starts the bundled sandbox provider in this process and opens its demo account, so
 * the page opens on data; --json then prints the provider's addresses and credentials for tests and scripts.
 */
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { accessSync, constants, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultDataDir } from '../core/data-dir.js';
import { makePrivateDir } from '../core/storage/private-files.js';
import { DEMO_ACCOUNT, Desk } from '../core/desk/index.js';
import { DeskError } from '../core/desk-error.js';
import { openVault } from '../core/vault/index.js';
import { DEMO_PRESETS, isDemoPreset, startDemoProvider, type RunningDemoProvider } from '../demo-provider.js';
import { ensureRendererBuild } from './renderer-build.js';
import { startWebHost, type WebHost } from './host.js';

const USAGE = `Usage: npm run web -- [options]

Serves Reseller Desk in a browser tab on 127.0.0.1 (the same app as the desktop window).

Options:
  --port N          the port to listen on (default 5390; 0 picks a free one)
  --data-dir DIR    where accounts, mirrors and outboxes live (default: ${defaultDataDir()})
  --sandbox         start the bundled sandbox provider here and open its demo account
  --preset NAME     with --sandbox: demo (default), large (20,000 domains, …) or huge (100,000 domains, …)
  --open            open the page in the system browser
  --json            print one JSON line once listening: {"url", "sandbox"?: {baseUrl, altBaseUrl, controlUrl, …}}
  -h, --help        this text
`;

const OPTIONS = {
  port: { type: 'string' },
  'data-dir': { type: 'string' },
  sandbox: { type: 'boolean' },
  preset: { type: 'string' },
  open: { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const PROJECT_DIR = resolve(import.meta.dirname, '../..');
const DEFAULT_PORT = 5390;

class StartError extends Error {}

export async function main(argv: string[]): Promise<number> {
  let values: ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];
  try {
    ({ values } = parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) return usage(`--port must be a port number (0–65535), not "${values.port}".`);
  const preset = values.preset ?? 'demo';
  if (!isDemoPreset(preset)) return usage(`--preset must be ${DEMO_PRESETS.join(', ')}, not "${preset}".`);
  if (values.preset && !values.sandbox) return usage('--preset applies only with --sandbox.');

  const log = (line: string) => process.stderr.write(`${line}\n`);
  let desk: Desk | null = null;
  let demo: RunningDemoProvider | null = null;
  let host: WebHost | null = null;
  try {
    const dataDir = resolve(values['data-dir'] ?? defaultDataDir());
    checkWritable(dataDir);
    await ensureRendererBuild(PROJECT_DIR, join(PROJECT_DIR, 'out/renderer'), values.json ? () => {} : log);

    if (values.sandbox) demo = await startDemoProvider(dataDir, preset);
    const provider = demo;
    desk = await Desk.open({
      dataDir,
      vault: await openVault(),
      startDemoProvider: provider ? async () => provider : (dir) => startDemoProvider(dir),
    });
    if (provider) await openDemoAccount(desk);
    host = await listen(desk, port, launchToken(dataDir));
  } catch (error) {
    await desk?.dispose().catch(() => {});
    await demo?.stop().catch(() => {});
    process.stderr.write(`reseller-desk web: ${startFailure(error, port)}\n`);
    return 1;
  }

  if (values.json) {
    const sandbox = demo && {
      baseUrl: demo.baseUrl,
      altBaseUrl: demo.altBaseUrl,
      controlUrl: demo.controlUrl,
      clientId: demo.clientId,
      clientSecret: demo.clientSecret,
      username: demo.username,
      password: demo.password,
    };
    process.stdout.write(`${JSON.stringify({ url: host.url, ...(sandbox ? { sandbox } : {}) })}\n`);
  } else {
    process.stdout.write(`\nReseller Desk is running in your browser at\n\n  ${host.url}\n\n`);
    process.stdout.write('The address carries this app’s key: keep it to yourself. Ctrl-C stops.\n');
  }
  if (values.open) openInBrowser(host.url);

  const running = { desk, host };
  return new Promise<number>((resolveExit) => {
    const stop = async (signal: string) => {
      if (!values.json) process.stderr.write(`\n${signal}: stopping…\n`);
      await running.host.close().catch(() => {});
      // Desk closes the account's databases (checkpointed) and stops the demo provider it started.
      await running.desk.dispose().catch(() => {});
      resolveExit(0);
    };
    process.once('SIGINT', () => void stop('SIGINT'));
    process.once('SIGTERM', () => void stop('SIGTERM'));
  });
}

function usage(message: string): number {
  process.stderr.write(`${message}\n\n${USAGE}`);
  return 2;
}

function checkWritable(dataDir: string): void {
  try {
    makePrivateDir(dataDir);
    accessSync(dataDir, constants.W_OK);
  } catch (error) {
    throw new StartError(`the data folder ${dataDir} cannot be written (${(error as NodeJS.ErrnoException).code ?? 'error'}): choose another with --data-dir.`);
  }
}

/**
 * The page's key: 32 random bytes, URL-safe, kept in the data folder (readable by its owner only) so that a tab
 * left open carries on when the host is restarted on the same port. Whoever can read the data folder can read
 * the mirror itself, so the key adds no reach to it.
 */
function launchToken(dataDir: string): string {
  const file = join(dataDir, 'web-host.token');
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (/^[A-Za-z0-9_-]{43,}$/.test(kept)) return kept;
  } catch {
    // none yet
  }
  const token = randomBytes(32).toString('base64url');
  writeFileSync(file, token, { mode: 0o600 });
  return token;
}

async function listen(desk: Desk, port: number, token: string): Promise<WebHost> {
  try {
    return await startWebHost({ desk, rendererDir: join(PROJECT_DIR, 'out/renderer'), token, port });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new StartError(`port ${port} is taken: choose another with --port, or --port 0 for a free one.`);
    }
    throw error;
  }
}

/**
 * Opens the demo account on the host's provider, and syncs a new data folder's first (the page opens on data).
 * A demo account whose outbox is damaged stays failed and the host starts: the page offers its recovery.
 */
async function openDemoAccount(desk: Desk): Promise<void> {
  // Desk.open may already have opened the demo account (the current one) on this provider.
  if ((await desk.call('session.info')).account !== DEMO_ACCOUNT) {
    try {
      await desk.call('accounts.demo');
    } catch (error) {
      if (error instanceof DeskError && error.code === 'damaged_data') return;
      throw error;
    }
  }
  const { resources } = await desk.call('sync.status');
  if (resources.every((r) => r.lastSyncedAt === null)) await desk.call('sync.run');
}

function startFailure(error: unknown, port: number): string {
  if (error instanceof StartError) return error.message;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES') return `port ${port} needs privileges: choose a port above 1023 with --port.`;
  const message = error instanceof Error ? error.message : String(error);
  return `could not start: ${message}`;
}

function openInBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '', url]] : ['xdg-open', [url]];
  spawn(command, args, { stdio: 'ignore', detached: true }).on('error', () => {
    process.stderr.write(`Could not open a browser; open ${url} yourself.\n`);
  }).unref();
}
