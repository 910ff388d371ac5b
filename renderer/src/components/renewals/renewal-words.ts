/**
 * Renewals in a person's words: a domain's queued renewal ("Renewal for 2 years pending", from the marks the
 * engine lays on overlaid rows and search hits) and why the plan leaves a domain out (read from its facts, not
 * from the engine's English sentence).
 */
import { useI18n } from 'vue-i18n';
import { useCodeWord } from '../../composables/code-word';
import type { PendingMark } from '../../../../shared/queries';
import type { RenewalLeftOut } from '../../../../shared/renewals';
import { RENEWABLE_DOMAIN_STATUSES } from '../../../../shared/renewals';

/** Why a domain is left out of a renewal: which words say it. */
export type LeftOutReason = 'status' | 'queued' | 'missing' | 'local';

export function leftOutReason(item: Pick<RenewalLeftOut, 'id' | 'status'>): LeftOutReason {
  if (item.id === null || item.status === null) return 'missing';
  return RENEWABLE_DOMAIN_STATUSES.includes(item.status) ? 'queued' : 'status';
}

/** The years of each renewal a record's marks say are queued, oldest first. */
export function pendingRenewalYears(marks: readonly PendingMark[] | undefined): number[] {
  return (marks ?? []).filter((mark) => mark.kind === 'renewal').map((mark) => mark.years);
}

export function useRenewalWords() {
  const { t } = useI18n();
  const codeWord = useCodeWord();
  /** "Renewal for 2 years pending", one per queued renewal. */
  const pending = (marks: readonly PendingMark[] | undefined): string[] =>
    pendingRenewalYears(marks).map((years) => t('renewals.renew.pending', { years: t('renewals.renew.pendingYears', years) }));
  const leftOut = (item: Pick<RenewalLeftOut, 'id' | 'status'>, reason: LeftOutReason = leftOutReason(item)): string =>
    t(`renewals.renew.reasons.${reason}`, { status: item.status === null ? '' : codeWord('status', item.status) });
  return { pending, leftOut };
}
