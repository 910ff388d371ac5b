/**
 * The reseller's morning (issue 23's "done when"): one spec, `tests/e2e/reseller-morning.spec.ts`, runs these
 * steps in order on one web host with the sandbox provider failing every request (offline), then lets the
 * outbox drain and runs each step's check against the sandbox's own API. Each step does its part through the
 * UI only (clicks and keys, never `deskCall` to queue), starting from and returning to the dashboard (`#/`).
 */
import type { Page } from '@playwright/test';
import type { RunningWebHost } from '../fixtures/web-host.js';

export interface MorningContext {
  page: Page;
  webHost: RunningWebHost;
  /** What a step keeps between doing its part (offline) and checking it (online): names, ids, counts. */
  notes: Map<string, unknown>;
}

export interface MorningStep {
  name: string;
  /** Offline, through the UI: queue this step's work (the outbox holds it; nothing reaches the provider). */
  act(ctx: MorningContext): Promise<void>;
  /** Online, after the outbox drained: the provider holds exactly what `act` queued, each once. */
  check(ctx: MorningContext): Promise<void>;
}
