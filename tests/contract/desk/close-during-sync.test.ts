/**
 * Closing an account while its sync runs (the app quitting, another account selected, the demo reopened) waits
 * for the cancelled sync to let go of the mirror: nothing writes to a closed database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { Desk, type DemoProvider } from '../../../electron/core/desk/index.js';
import { MemoryVault } from '../../../electron/core/vault/memory-vault.js';
import { startSandbox } from '../../../sandbox/index.js';

const dir = mkdtempSync(join(tmpdir(), 'desk-close-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('a sync cancelled by closing the account ends as cancelled, and the mirror closes after it', async () => {
  // Slow replies, so that the sync is still reading when the account closes.
  const provider: DemoProvider = await startSandbox({ port: 0, altPort: 0, controlPort: 0, faults: { latencyMs: 150 }, strict: true });
  const desk = await Desk.open({ dataDir: dir, vault: new MemoryVault('tests'), background: false, startDemoProvider: async () => provider });
  await desk.call('accounts.demo');
  const started = new Promise<void>((resolve) => desk.once('sync.progress', () => resolve()));
  const sync = desk.call('sync.run');
  await started;
  await desk.dispose();
  const summary = await sync;
  expect(summary.outcome).toBe('cancelled');
});
