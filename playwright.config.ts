import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * Debian's Chromium (`npx playwright install` cannot download browsers here): its headless shell where installed
 * (Debian's chromium-headless-shell, what Playwright itself runs headless), else the full browser. The shell
 * draws the same pages with less than half the full browser's CPU (a fifth of the suite's time on 2 cores).
 * CHROMIUM_PATH overrides it: `CHROMIUM_PATH=/usr/bin/chromium npx playwright test --headed` to watch a spec.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** Chromium's switches for a test run: no GPU, no background traffic, no first-run work. */
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
  // Two workers on 2 cores: one spec at a time leaves a core mostly idle (its tests wait on the page, the web
  // host and the provider far more than they compute). Each worker starts its own web host per spec file
  // (tests/e2e/fixtures/web-host.ts), so files never share state. E2E_WORKERS overrides (1 to debug a spec).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // One retry in CI, reported as flaky by name: a shared 2-core machine stretches the outbox's replay timings.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: process.env.CI ? 'list' : 'line',
  use: {
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    },
  },
  // Each spec file starts its own web host on a fresh data folder (tests/e2e/fixtures/web-host.ts).
});
