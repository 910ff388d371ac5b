/**
 * A Desk on a temporary data folder with one account, "Main", on a strict sandbox provider of its own (real
 * HTTP, real mirror and outbox files). `close` stops both and removes the folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Desk } from '../../../electron/core/desk/index.js';
import type { DeskOptions } from '../../../electron/core/desk/options.js';
import type { DeskError } from '../../../electron/core/desk-error.js';
import { MemoryVault } from '../../../electron/core/vault/memory-vault.js';
import { startSandbox } from '../../../sandbox/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';

/** `options`: the Desk's own, e.g. a clock the test moves. */
export async function deskOnSandbox(prefix: string, options: Partial<DeskOptions> = {}): Promise<{ desk: Desk; sb: RunningSandbox; dataDir: string; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const dataDir = join(dir, 'app');
  const sb = await startSandbox({ port: 0, altPort: 0, controlPort: 0, strict: true });
  const desk = await Desk.open({ dataDir, vault: new MemoryVault('tests'), background: false, ...options });
  await desk.call('accounts.add', {
    name: 'Main', baseUrl: sb.baseUrl, altBaseUrl: sb.altBaseUrl, clientId: sb.clientId, username: sb.username,
    clientSecret: sb.clientSecret, password: sb.password,
  });
  return {
    desk,
    sb,
    dataDir,
    close: async () => {
      await desk.dispose();
      await sb.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The DeskError a call fails with; fails the test if the call succeeds. */
export async function callError(promise: Promise<unknown>): Promise<DeskError> {
  try {
    await promise;
  } catch (error) {
    return error as DeskError;
  }
  throw new Error('expected the call to fail');
}
