import { describe, expect, it } from 'vitest';
import { AT_REST_KEY_SECRET, AtRestCipher } from '../../electron/core/vault/at-rest-cipher.js';
import { MemoryVault } from '../../electron/core/vault/memory-vault.js';

describe('AtRestCipher', () => {
  it('seals text so that it cannot be read in what is stored, and opens it again', async () => {
    const cipher = await AtRestCipher.forAccount(new MemoryVault('test'), 'Main');
    const sealed = cipher.seal('{"eppCode":"Xy9-secret&code"}');
    expect(AtRestCipher.isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('Xy9-secret');
    expect(Buffer.from(sealed.slice('sealed:v1:'.length), 'base64').toString('latin1')).not.toContain('Xy9-secret');
    expect(cipher.open(sealed)).toBe('{"eppCode":"Xy9-secret&code"}');
    // A fresh nonce each time: the same text never seals to the same string.
    expect(cipher.seal('same')).not.toBe(cipher.seal('same'));
    expect(cipher.open(cipher.seal('ünïcödé €'))).toBe('ünïcödé €');
  });

  it("keeps one key per account in the vault: the account's next session opens what it sealed", async () => {
    const vault = new MemoryVault('test');
    const sealed = (await AtRestCipher.forAccount(vault, 'Main')).seal('code');
    const key = await vault.get('Main', AT_REST_KEY_SECRET);
    expect(Buffer.from(key!, 'base64')).toHaveLength(32);
    expect((await AtRestCipher.forAccount(vault, 'Main')).open(sealed)).toBe('code');
    expect(await vault.get('Main', AT_REST_KEY_SECRET)).toBe(key);
    expect((await AtRestCipher.forAccount(vault, 'Other')).open(sealed)).toBeNull();
  });

  it('opens nothing sealed under another key, altered, cut short or not sealed at all', async () => {
    const vault = new MemoryVault('test');
    const cipher = await AtRestCipher.forAccount(vault, 'Main');
    const sealed = cipher.seal('code');
    expect(AtRestCipher.ephemeral().open(sealed)).toBeNull();
    const bytes = Buffer.from(sealed.slice('sealed:v1:'.length), 'base64');
    bytes[bytes.length - 1]! ^= 1;
    expect(cipher.open(`sealed:v1:${bytes.toString('base64')}`)).toBeNull();
    expect(cipher.open('sealed:v1:AAAA')).toBeNull();
    expect(cipher.open('{"eppCode":"code"}')).toBeNull();
    // A key lost from the vault (or damaged) is replaced: earlier seals no longer open.
    await vault.set('Main', AT_REST_KEY_SECRET, 'not a key');
    expect((await AtRestCipher.forAccount(vault, 'Main')).open(sealed)).toBeNull();
  });
});
