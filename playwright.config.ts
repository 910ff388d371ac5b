import { defineConfig } from '@playwright/test';

/** Debian's Chromium (`npx playwright install` cannot download browsers here). */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: 'tests/e2e',
  workers: 1, // 2 cores: the browser, the web host and its sandbox already use both
  // One retry in CI, reported as flaky by name: a shared 2-core machine stretches the outbox's replay timings.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: process.env.CI ? 'list' : 'line',
  use: {
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  // Each spec file starts its own web host on a fresh data folder (tests/e2e/fixtures/web-host.ts).
});
