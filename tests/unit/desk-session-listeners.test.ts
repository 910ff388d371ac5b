/**
 * Closing or switching an account leaves no listener behind: those Desk adds to the session to forward its
 * events, and those the session adds to its syncer, outbox and connectivity monitor.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccountSession } from '../../electron/core/account-session.js';
import { AccountStore } from '../../electron/core/accounts/account-store.js';
import { closeSessionOf, openAccount } from '../../electron/core/desk/open-account.js';
import { DeskState } from '../../electron/core/desk/state.js';
import { fileSettingsStore } from '../../electron/core/settings-store.js';
import { MemoryVault } from '../../electron/core/vault/memory-vault.js';

let dir: string;
let state: DeskState;

const config = (name: string) => ({ name, baseUrl: 'http://127.0.0.1:9/', altBaseUrl: 'http://127.0.0.1:9/', service: 'svc', clientId: 'c', username: 'reseller@example.com' });

/** Every listener on the session and on the parts it listens to. */
function listeners(session: AccountSession): number {
  const emitters = [session, session.syncer, session.outbox, session.connectivity];
  return emitters.reduce((sum, emitter) => sum + emitter.eventNames().reduce((n, event) => n + emitter.listenerCount(event), 0), 0);
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rd-session-listeners-'));
  const options = { dataDir: dir, vault: new MemoryVault('tests'), background: false };
  state = new DeskState(options, new AccountStore(dir), fileSettingsStore(dir), () => undefined);
  state.accounts.add(config('First'));
  state.accounts.add(config('Second'));
});
afterEach(async () => {
  await state.session?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('an account session’s listeners', () => {
  it('are all removed when the account is closed', async () => {
    const session = await openAccount(state, state.accounts.get('First'));
    expect(session.listenerCount('outbox.entries')).toBe(1);
    expect(listeners(session)).toBeGreaterThan(4);
    await closeSessionOf(state, 'First');
    expect(listeners(session)).toBe(0);
  });

  it('are all removed when another account is opened instead', async () => {
    const first = await openAccount(state, state.accounts.get('First'));
    const opened = listeners(first);
    const second = await openAccount(state, state.accounts.get('Second'));
    expect(listeners(first)).toBe(0);
    expect(listeners(second)).toBe(opened);
  });
});
