export { KEYCHAIN_SERVICE, KeyringVault } from './keyring-vault.js';
export { AT_REST_KEY_SECRET, AtRestCipher } from './at-rest-cipher.js';
export { MemoryVault } from './memory-vault.js';
export { openVault, probeKeychain, type OpenVaultOptions } from './open-vault.js';
export { VaultError, type SecretVault, type VaultKind } from './secret-vault.js';
