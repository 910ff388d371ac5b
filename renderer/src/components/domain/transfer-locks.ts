/**
 * The registry statuses (EPP, RFC 5731) of a domain that forbid a transfer now, read from its whois record
 * (domains.whoisInfo, cached by the engine; none when it cannot be had, offline with nothing cached).
 */
import { ref, watch, type Ref } from 'vue';
import { desk } from '../../bridge';

const LOCKS = new Set(['clienttransferprohibited', 'servertransferprohibited', 'pendingtransfer', 'pendingdelete', 'redemptionperiod']);

/** The statuses of `statuses` that forbid a transfer, as the registry wrote them. */
export const transferLocks = (statuses: readonly string[]): string[] =>
  statuses.filter((status) => LOCKS.has(status.trim().split(/\s+/)[0]!.toLowerCase()));

/** The transfer locks of the domain, asked whenever `when` is true for a new domain. */
export function useTransferLocks(domain: Ref<string>, when: Ref<boolean>) {
  const locks = ref<string[]>([]);
  watch(
    [domain, when],
    async ([name, wanted]) => {
      locks.value = [];
      if (!wanted || !name) return;
      // Registry not read: no lock is warned of; the provider still refuses a locked transfer, in words.
      const info = await desk().call('domains.whoisInfo', { domain: name }).catch(() => null);
      if (info && name === domain.value) locks.value = transferLocks(info.value.statuses);
    },
    { immediate: true },
  );
  return locks;
}
