/** Starting crash workers as child processes and SIGKILLing them at a chosen point. */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { PACKAGES_BUNDLED } from '../../../vite.node.config.js';
import type { WorkerConfig } from './protocol.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

let bundle: { dir: string; entry: Promise<string> } | undefined;

/**
 * worker.ts as one JavaScript file, built once per test file, with the sync's writer thread beside it (where
 * electron/core/sync/worker-sink.ts looks for it). The tests start a worker dozens of times, and tsx compiling
 * the TypeScript at each start cost more CPU than the bundle's whole start. The packages are bundled as for
 * the commands (vite.node.config.ts); those left out resolve from node_modules, the folder being under the
 * project. removeWorkerBundle() deletes it.
 */
function workerBundle(): Promise<string> {
  if (!bundle) {
    mkdirSync(join(ROOT, 'out/test'), { recursive: true });
    const dir = mkdtempSync(join(ROOT, 'out/test/crash-worker-'));
    const entry = build({
      root: ROOT,
      configFile: false,
      logLevel: 'warn',
      ...PACKAGES_BUNDLED,
      build: {
        ssr: true,
        outDir: dir,
        emptyOutDir: true,
        minify: false,
        target: 'node22',
        rolldownOptions: {
          input: { 'crash-worker': join(ROOT, 'tests/contract/crash/worker.ts'), 'snapshot-worker': join(ROOT, 'electron/core/sync/snapshot-worker.ts') },
          output: { format: 'es', entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
        },
      },
    }).then(() => join(dir, 'crash-worker.mjs'));
    bundle = { dir, entry };
  }
  return bundle.entry;
}

/** Deletes the worker's bundle: a test file that runs workers calls this once its tests are done. */
export function removeWorkerBundle(): void {
  if (bundle) rmSync(bundle.dir, { recursive: true, force: true });
  bundle = undefined;
}

/** When to SIGKILL: as it starts, some ms after it started, some ms after the nth line matching, or not at all. */
export type KillPoint =
  | { at: 'spawn' }
  | { at: 'delay'; ms: number }
  | { at: 'line'; pattern: RegExp; nth: number; ms: number }
  /** As soon as something outside the worker happens (the provider's side of a request, held by a proxy). */
  | { at: 'event'; happened: Promise<unknown> }
  | { at: 'never' };

export interface ChildRun {
  /** Ended by our SIGKILL (false: it finished first). */
  killed: boolean;
  lines: string[];
}

/** Runs a worker until it ends or is killed at `point`; rejects when it fails or outlives `timeoutMs`. */
export async function runWorker(config: WorkerConfig, point: KillPoint, timeoutMs = 30_000): Promise<ChildRun> {
  const child = spawn(process.execPath, [await workerBundle(), JSON.stringify(config)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let stderr = '';
  let timedOut = false;
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  let killTimer = point.at === 'delay' ? setTimeout(kill, point.ms) : undefined;
  let matches = 0;
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    if (point.at === 'line' && point.pattern.test(line) && ++matches === point.nth) killTimer = setTimeout(kill, point.ms);
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = setTimeout(() => {
    timedOut = true;
    kill();
  }, timeoutMs);
  if (point.at === 'spawn') kill();
  if (point.at === 'event') void point.happened.then(kill);

  return new Promise((resolve, reject) => {
    child.on('close', (code, signal) => {
      clearTimeout(killTimer);
      clearTimeout(deadline);
      const tail = `last lines: ${lines.slice(-5).join(' | ')}\n${stderr}`;
      if (timedOut) reject(new Error(`${config.mode} worker still running after ${timeoutMs} ms; ${tail}`));
      else if (signal === 'SIGKILL') resolve({ killed: true, lines });
      else if (code === 0) resolve({ killed: false, lines });
      else reject(new Error(`${config.mode} worker exited with ${signal ?? code}; ${tail}`));
    });
  });
}

/** A whole number in [min, max]. */
export function between(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}
