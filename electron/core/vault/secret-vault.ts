/**
 * Where the app keeps an account's secrets (client secret, password, refresh token): the OS keychain when one
 * answers, else process memory for this session only (architecture rule 5). Secrets never go to a plain file.
 */
import type { KeychainFallback } from '../../../shared/contract.js';

export type VaultKind = 'keychain' | 'memory';

export interface SecretVault {
  readonly kind: VaultKind;
  /** True when secrets outlive the process (the OS keychain); false for the memory fallback. */
  readonly available: boolean;
  /** Why the keychain is not used, in the keychain's own words (memory fallback only); null for the keychain. */
  readonly reason: string | null;
  /** The same, as a cause a person is told in words (memory fallback only); null for the keychain. */
  readonly cause: KeychainFallback | null;
  get(account: string, secretName: string): Promise<string | null>;
  /** What the vault itself keeps, leaving aside secrets given in the environment: what an undo puts back. */
  stored(account: string, secretName: string): Promise<string | null>;
  set(account: string, secretName: string, value: string): Promise<void>;
  /** Removes the secret; removing one that does not exist is not an error. */
  delete(account: string, secretName: string): Promise<void>;
}

/** The keychain answered with an error for one operation. */
export class VaultError extends Error {
  override readonly name = 'VaultError';
}
