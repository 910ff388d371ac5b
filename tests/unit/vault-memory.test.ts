import { describe, expect, it } from 'vitest';
import { MemoryVault } from '../../electron/core/vault/memory-vault.js';
import { openVault } from '../../electron/core/vault/open-vault.js';

describe('memory vault (no keychain)', () => {
  it("says it is memory-only and why, in the keychain's words and as a cause", () => {
    const vault = new MemoryVault('no OS keychain: DBus unavailable');
    expect(vault).toMatchObject({ kind: 'memory', available: false, reason: 'no OS keychain: DBus unavailable', cause: 'unavailable' });
    expect(new MemoryVault('no OS keychain: the keychain did not answer within 5000 ms', 'no-answer').cause).toBe('no-answer');
  });

  it('set/get/delete, accounts and secret names kept apart even with separator-like characters', async () => {
    const vault = new MemoryVault('test');
    await vault.set('a/b', 'c', 'one');
    await vault.set('a', 'b/c', 'two');
    await vault.set('acct-2', 'c', 'three');
    expect(await vault.get('a/b', 'c')).toBe('one');
    expect(await vault.get('a', 'b/c')).toBe('two');
    expect(await vault.get('acct-2', 'c')).toBe('three');
    await vault.set('a/b', 'c', 'one again');
    expect(await vault.get('a/b', 'c')).toBe('one again');
    await vault.delete('a/b', 'c');
    await vault.delete('never', 'stored');
    expect(await vault.get('a/b', 'c')).toBeNull();
    expect(await vault.get('a', 'b/c')).toBe('two');
  });

  it('does not show secrets when inspected', async () => {
    const vault = new MemoryVault('test');
    await vault.set('a', 'password', 'hunter2');
    const { inspect } = await import('node:util');
    expect(inspect(vault, { depth: 5 })).not.toContain('hunter2');
    expect(JSON.stringify(vault)).not.toContain('hunter2');
  });

  it.skipIf(process.platform !== 'linux' || Boolean(process.env.DBUS_SESSION_BUS_ADDRESS))(
    'without a session bus, openVault falls back to memory and says why (skipped when a D-Bus session exists)',
    async () => {
      const vault = await openVault({ probeTimeoutMs: 3_000 });
      expect(vault.kind).toBe('memory');
      expect(vault.available).toBe(false);
      expect(vault.reason).toMatch(/^no OS keychain: /);
      expect(vault.cause).toBe('unavailable');
      await vault.set('a', 'password', 'x');
      expect(await vault.get('a', 'password')).toBe('x');
    },
  );
});
