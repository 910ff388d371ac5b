import { resolve } from 'node:path';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vitest/config';
import { bundleIsCurrent } from './bin/node-entry.js';

/** Unit test files that replace a module (vi.mock): each needs a module graph of its own (see below). */
const MOCKING = ['tests/unit/mirror-migrations-frozen.test.ts'];

/**
 * The sync's writer thread, built, while the build is newer than every source (npm test builds it first): the
 * tests run the engine from its sources, and a new thread loading them through tsx cost 0.3 s of CPU per sync.
 * Stale or missing, the threads load the sources (electron/core/sync/worker-sink.ts).
 */
const SNAPSHOT_WORKER = resolve('out/node/snapshot-worker.mjs');
const env = bundleIsCurrent(SNAPSHOT_WORKER) ? { RESELLER_DESK_SNAPSHOT_WORKER: SNAPSHOT_WORKER } : {};
/**
 * The component tests transform the engine's modules as a page's (vite's client transform), where
 * `new URL('./snapshot-worker.ts', import.meta.url)` points at the page's address: the thread is always named
 * there, its build when current, else its sources through tsx.
 */
const componentsEnv = { RESELLER_DESK_SNAPSHOT_WORKER: bundleIsCurrent(SNAPSHOT_WORKER) ? SNAPSHOT_WORKER : resolve('tests/components/snapshot-worker-source.mjs') };

const unit = {
  environment: 'node',
  env,
  // A guard against a hang, not a measure: npm test runs these beside the type check, lint and the e2e
  // browsers on two cores, where a test that takes 2 s alone (property tests over generated replies) can
  // take many times that.
  testTimeout: 60_000,
  // Both cores: vitest's default in a run is one worker fewer than the cores, one on two cores. npm test runs the
  // unit tests last, after e2e has mostly finished, where one worker left a core idle (38 s against 25 s alone).
  maxWorkers: 2,
} as const;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...unit,
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          exclude: MOCKING,
          // The files share their worker's modules instead of each importing the engine afresh: importing was
          // half the unit tests' time. The tests keep their state in their own files and temporary folders; a
          // file that replaces a module runs in unit-isolated, so that the replacement reaches no other file.
          isolate: false,
        },
      },
      {
        test: { ...unit, name: 'unit-isolated', include: MOCKING },
      },
      {
        // Renderer components and stores mounted with @vue/test-utils on happy-dom, with the app's plugins and a real
        // Desk on a sandbox provider behind the bridge (tests/components/harness.ts): what they do with props,
        // events, keys and the engine's replies and events.
        plugins: [vue()],
        test: { ...unit, env: componentsEnv, name: 'components', include: ['tests/components/**/*.test.ts'], environment: './tests/components/environment.ts' },
      },
      {
        test: {
          name: 'contract',
          include: ['tests/contract/**/*.test.ts'],
          environment: 'node',
          env,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // 2 cores: each file starts its own sandbox; keep the parallelism modest.
          maxWorkers: 2,
          // As for the unit tests: the files share their worker's modules (the engine, the sandbox) instead of
          // each importing them afresh. Each file keeps its state in its own sandbox, data folders and files.
          isolate: false,
        },
      },
    ],
  },
});
