import type { KeychainFallback } from '../../../shared/contract.js';
import type { SecretVault } from './secret-vault.js';

/** Secrets in process memory only: used when no keychain answers; gone when the app quits. */
export class MemoryVault implements SecretVault {
  readonly kind = 'memory' as const;
  readonly available = false;
  readonly #secrets = new Map<string, string>();

  constructor(
    readonly reason: string,
    readonly cause: KeychainFallback = 'unavailable',
  ) {}

  async get(account: string, secretName: string): Promise<string | null> {
    return this.#secrets.get(key(account, secretName)) ?? null;
  }

  stored(account: string, secretName: string): Promise<string | null> {
    return this.get(account, secretName);
  }

  async set(account: string, secretName: string, value: string): Promise<void> {
    this.#secrets.set(key(account, secretName), value);
  }

  async delete(account: string, secretName: string): Promise<void> {
    this.#secrets.delete(key(account, secretName));
  }
}

// JSON keeps account and secret name apart whatever characters they contain.
const key = (account: string, secretName: string) => JSON.stringify([account, secretName]);
