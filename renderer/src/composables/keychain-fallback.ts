/** Why secrets are kept in memory for this session, in the person's words; null while the OS keychain holds them. */
import { computed, type ComputedRef } from 'vue';
import { useI18n } from 'vue-i18n';
import type { KeychainFallback } from '../../../shared/contract';
import { useSessionStore } from '../stores/session';

/** The message that says each cause (a Record: a cause added to the contract without words does not compile). */
export const KEYCHAIN_FALLBACK_WORDS: Record<KeychainFallback, string> = {
  unavailable: 'accounts.keychainFallback.unavailable',
  'no-answer': 'accounts.keychainFallback.noAnswer',
  unreliable: 'accounts.keychainFallback.unreliable',
};

export function useKeychainFallback(): ComputedRef<string | null> {
  const { t } = useI18n();
  const session = useSessionStore();
  return computed(() => {
    const vault = session.info?.vault;
    return vault?.kind === 'memory' ? t(KEYCHAIN_FALLBACK_WORDS[vault.cause ?? 'unavailable']) : null;
  });
}
