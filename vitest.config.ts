import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // A guard against a hang, not a measure: npm test runs these beside the type check, lint and the e2e
          // browsers on two cores, where a test that takes 2 s alone (property tests over generated replies) can
          // take many times that.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'contract',
          include: ['tests/contract/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // 2 cores: each file starts its own sandbox; keep the parallelism modest.
          maxWorkers: 2,
        },
      },
    ],
  },
});
