import type { SecretVault } from './secret-vault.js';

/**
 * Secrets given in the environment (for scripts and CI) take precedence over the vault's for every account,
 * and are never written anywhere: they last as long as the process.
 */
export class EnvOverlayVault implements SecretVault {
  constructor(
    private readonly base: SecretVault,
    private readonly overrides: Readonly<Record<string, string | undefined>>,
  ) {}

  get kind() {
    return this.base.kind;
  }

  get available() {
    return this.base.available;
  }

  get reason() {
    return this.base.reason;
  }

  get cause() {
    return this.base.cause;
  }

  async get(account: string, secretName: string): Promise<string | null> {
    return this.overrides[secretName] || (await this.base.get(account, secretName));
  }

  stored(account: string, secretName: string): Promise<string | null> {
    return this.base.stored(account, secretName);
  }

  set(account: string, secretName: string, value: string): Promise<void> {
    return this.base.set(account, secretName, value);
  }

  delete(account: string, secretName: string): Promise<void> {
    return this.base.delete(account, secretName);
  }
}
