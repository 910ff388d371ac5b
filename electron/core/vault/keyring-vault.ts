import { AsyncEntry } from '@napi-rs/keyring';
import { VaultError, type SecretVault } from './secret-vault.js';

export const KEYCHAIN_SERVICE = 'reseller-desk';

/**
 * Secrets in the OS keychain (macOS Keychain, Windows Credential Manager, Secret Service on Linux) through
 * @napi-rs/keyring: one entry per account and secret, service 'reseller-desk', user `<account>/<secret>`.
 * The async entry API keeps keychain round trips (D-Bus on Linux) off the main thread.
 */
export class KeyringVault implements SecretVault {
  readonly kind = 'keychain' as const;
  readonly available = true;
  readonly reason = null;
  readonly cause = null;

  constructor(private readonly service: string = KEYCHAIN_SERVICE) {}

  async get(account: string, secretName: string): Promise<string | null> {
    return this.run('read', account, secretName, (entry) => entry.getPassword());
  }

  stored(account: string, secretName: string): Promise<string | null> {
    return this.get(account, secretName);
  }

  async set(account: string, secretName: string, value: string): Promise<void> {
    await this.run('write', account, secretName, (entry) => entry.setPassword(value));
  }

  async delete(account: string, secretName: string): Promise<void> {
    await this.run('delete', account, secretName, (entry) => entry.deleteCredential());
  }

  private async run<T>(action: string, account: string, secretName: string, fn: (entry: AsyncEntry) => Promise<T>): Promise<T> {
    try {
      return await fn(new AsyncEntry(this.service, entryUser(account, secretName)));
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw new VaultError(`keychain ${action} of ${secretName} for ${account} failed: ${detail}`);
    }
  }
}

export function entryUser(account: string, secretName: string): string {
  return `${account}/${secretName}`;
}
