/**
 * Issue 24.1: background work (replay on open, after a sign-in, on reconnect, on a timer) is awaited by nobody.
 * A failure there once ended the web host as an unhandled rejection; now it is said in words in the log and the
 * process carries on. Real files; the outbox is closed under the session to make its replay fail.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { AccountSession } from '../../electron/core/account-session.js';
import { AtRestCipher, MemoryVault } from '../../electron/core/vault/index.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it('a replay that fails in the background is logged in words, never an unhandled rejection', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'background-failures-'));
  dirs.push(dataDir);
  const log: string[] = [];
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  const session = new AccountSession(
    { name: 'Main', baseUrl: 'http://127.0.0.1:9', altBaseUrl: '', service: 'svc', clientId: 'c', username: 'u@example.com', demo: false, insecureHttp: false, caFile: '', proxyUser: '' },
    { dataDir, vault: new MemoryVault('t'), cipher: AtRestCipher.ephemeral(), syncIntervalMinutes: 0, background: true, log: (line) => log.push(line) },
  );
  try {
    // The file under the replay goes away, as a damaged page makes every read of it fail.
    session.outbox.dispose();
    session.resumeReplay();
    await expect.poll(() => log.length).toBe(1);
    expect(log[0]).toMatch(/^"Main": sending the queued edits failed: The database connection is not open$/);
    // A turn of the event loop for a rejection nobody handled to be reported.
    await new Promise((resolve) => setImmediate(resolve));
    expect(unhandled).toEqual([]);
  } finally {
    process.off('unhandledRejection', onUnhandled);
    session.mirror.dispose();
  }
});
