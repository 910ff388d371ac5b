/**
 * The command-line entries as plain JavaScript bundles in out/node/ (`npm run build:node`): the CLI, the web host
 * and the sandbox provider, with the sync's writer thread beside them where the sync looks for it
 * (electron/core/sync/worker-sink.ts). bin/*.js run these when they are newer than their sources
 * (bin/node-entry.js), and the TypeScript sources through tsx otherwise: a bundle starts several times faster,
 * which the tests, spawning hundreds of commands, feel most. Packages stay outside, resolved from node_modules.
 */
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

export default defineConfig({
  logLevel: 'warn',
  build: {
    ssr: true,
    outDir: 'out/node',
    emptyOutDir: true,
    minify: false,
    target: 'node22',
    rolldownOptions: {
      input: {
        cli: resolve('electron/cli.ts'),
        web: resolve('electron/web/cli.ts'),
        sandbox: resolve('sandbox/cli.ts'),
        'snapshot-worker': resolve('electron/core/sync/snapshot-worker.ts'),
      },
      output: { format: 'es', entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
    },
  },
});
