import { randomUUID } from 'node:crypto';
import { AsyncEntry } from '@napi-rs/keyring';
import { KEYCHAIN_SERVICE, KeyringVault } from './keyring-vault.js';
import { MemoryVault } from './memory-vault.js';
import type { KeychainFallback } from '../../../shared/contract.js';
import type { SecretVault } from './secret-vault.js';

export interface OpenVaultOptions {
  service?: string;
  /** A keychain that does not answer within this time counts as unavailable (a locked keyring may prompt). */
  probeTimeoutMs?: number;
}

/**
 * Probes the OS keychain with a throw-away entry (write, read back, delete) and returns the keychain vault if
 * the round trip works, else a memory vault that says why. A write is needed: without a Secret Service, reads
 * can succeed (and find nothing) while writes fail with "Couldn't access platform storage".
 */
export async function openVault(options: OpenVaultOptions = {}): Promise<SecretVault> {
  const service = options.service ?? KEYCHAIN_SERVICE;
  const failure = await probeKeychain(service, options.probeTimeoutMs ?? 5_000);
  return failure === null ? new KeyringVault(service) : new MemoryVault(`no OS keychain: ${failure.detail}`, failure.cause);
}

/** Why the keychain cannot be used: a cause for people, and the keychain's own words for logs. */
export interface KeychainFailure {
  cause: KeychainFallback;
  detail: string;
}

/** Null when the keychain works, else what went wrong. */
export async function probeKeychain(service: string, timeoutMs: number): Promise<KeychainFailure | null> {
  const entry = new AsyncEntry(service, `probe/${randomUUID()}`);
  const value = randomUUID();
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    await entry.setPassword(value, signal);
    const readBack = await entry.getPassword(signal);
    await entry.deleteCredential(signal);
    return readBack === value ? null : { cause: 'unreliable', detail: 'the keychain did not return what was stored' };
  } catch (error) {
    if (signal.aborted) return { cause: 'no-answer', detail: `the keychain did not answer within ${timeoutMs} ms` };
    return { cause: 'unavailable', detail: error instanceof Error ? error.message : String(error) };
  }
}
