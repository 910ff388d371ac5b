/**
 * Seals the secrets an account's own files must hold (EPP codes: the mirror's cache of them and the outbox's
 * record of a request's answer; the secret fields of queued edits, such as a sub-account's password) with AES-256-GCM under a key of that account kept in the vault, so that a copy
 * of the data folder alone reveals none of them. Where the vault is process memory, the key is too: what was
 * sealed in an earlier run can no longer be opened, and reads as absent.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretVault } from './secret-vault.js';

/** The vault entry holding an account's key (base64 of 32 random bytes). */
export const AT_REST_KEY_SECRET = 'at-rest-key';

const PREFIX = 'sealed:v1:';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class AtRestCipher {
  private constructor(private readonly key: Buffer) {}

  /** The account's cipher; its key is made and stored in the vault the first time. */
  static async forAccount(vault: SecretVault, account: string): Promise<AtRestCipher> {
    const stored = await vault.get(account, AT_REST_KEY_SECRET);
    const key = stored === null ? null : Buffer.from(stored, 'base64');
    if (key?.length === KEY_BYTES) return new AtRestCipher(key);
    const fresh = randomBytes(KEY_BYTES);
    await vault.set(account, AT_REST_KEY_SECRET, fresh.toString('base64'));
    return new AtRestCipher(fresh);
  }

  /** A cipher whose key lives only in this process (a mirror or outbox opened without an account's key). */
  static ephemeral(): AtRestCipher {
    return new AtRestCipher(randomBytes(KEY_BYTES));
  }

  static isSealed(text: string): boolean {
    return text.startsWith(PREFIX);
  }

  seal(text: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
  }

  /** The text sealed; null when it was not sealed with this key (or was altered since). */
  open(sealed: string): string | null {
    if (!AtRestCipher.isSealed(sealed)) return null;
    const bytes = Buffer.from(sealed.slice(PREFIX.length), 'base64');
    if (bytes.length < IV_BYTES + TAG_BYTES) return null;
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      return null; // authentication failed: another key, or altered bytes
    }
  }
}
