/**
 * The worker as one plain JavaScript bundle, built with vite as the app's main process is, so the measured
 * processes run on plain node: tsx's loader (an extra thread and esbuild) would add its own ~30 MB to every
 * peak RSS. Packages stay outside the bundle and resolve through a node_modules link next to it.
 */
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WORKER_SOURCE = fileURLToPath(new URL('./worker.ts', import.meta.url));
/** The sync's writer thread, built beside the worker where the sync looks for it (electron/core/sync/worker-sink.ts). */
const SNAPSHOT_WORKER_SOURCE = fileURLToPath(new URL('../../electron/core/sync/snapshot-worker.ts', import.meta.url));

/** Builds into `outDir` and returns the bundle's path. */
export async function bundleWorker(outDir: string): Promise<string> {
  await build({
    configFile: false,
    root: REPO_ROOT,
    logLevel: 'warn',
    build: {
      ssr: true,
      outDir,
      emptyOutDir: true,
      minify: false,
      target: 'node22',
      rolldownOptions: {
        input: { worker: WORKER_SOURCE, 'snapshot-worker': SNAPSHOT_WORKER_SOURCE },
        output: { format: 'es', entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
      },
    },
  });
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(outDir, 'node_modules'), 'dir');
  return join(outDir, 'worker.mjs');
}
