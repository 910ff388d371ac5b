/**
 * A renewal's review, read from the engine a page at a time: the plan's summary (counts, totals, those left out,
 * its token) with its first page at once, the other pages as the review scrolls to them. Asked afresh whenever the
 * domains or years change; the newest answer wins, and a page of another plan than the one shown asks it again.
 */
import { ref, shallowRef, watch, type Ref } from 'vue';
import { renewalToken, type RenewalLine, type RenewalPlan } from '../../../../shared/renewals';
import type { RenewalInput } from '../../../../shared/contract';
import { desk } from '../../bridge';
import { pagesNeeded, REVIEW_PAGE, withPage } from './review-pages';

export type RenewalAsk = Omit<RenewalInput, 'offset' | 'limit'>;

export function useRenewalReview(open: Ref<boolean>, ask: () => RenewalAsk | null) {
  /** The plan's first page and summary; null while the first answer is awaited. */
  const plan = shallowRef<RenewalPlan | null>(null);
  /** The lines read, by their index in the plan. */
  const lines = shallowRef<Map<number, RenewalLine>>(new Map());
  const asked = new Set<number>();
  /** Bumped to ask the plan again (a page of a plan changed since, or domains.renew found it changed). */
  const again = ref(0);
  let generation = 0;

  watch(
    [open, () => JSON.stringify(ask()), again],
    async ([isOpen]) => {
      if (!isOpen) return;
      const mine = ++generation;
      const input = ask();
      const found = input
        ? // No plan read: the review shows none and Renew stays off; the engine says why when Renew is asked.
          await desk().call('domains.renewalPlan', { ...input, limit: REVIEW_PAGE }).catch(() => null)
        : emptyPlan();
      if (mine !== generation) return;
      asked.clear();
      asked.add(0);
      plan.value = found;
      lines.value = withPage(new Map(), 0, found?.renew ?? []);
    },
    { immediate: true },
  );

  /** Reads the pages holding these rows that are not read yet. */
  function need(indexes: Iterable<number>): void {
    const input = ask();
    const shown = plan.value;
    if (!input || !shown) return;
    for (const offset of pagesNeeded(indexes, lines.value, asked)) {
      asked.add(offset);
      const mine = generation;
      void desk()
        .call('domains.renewalPlan', { ...input, offset, limit: REVIEW_PAGE })
        .then((page) => {
          if (mine !== generation) return;
          if (page.token !== shown.token) again.value++;
          else lines.value = withPage(lines.value, offset, page.renew);
        })
        // Not read: the page is asked for again the next time its rows are shown.
        .catch(() => asked.delete(offset));
    }
  }

  return { plan, lines, need, refresh: () => again.value++ };
}

function emptyPlan(): RenewalPlan {
  return { years: 1, count: 0, offset: 0, renew: [], leftOut: [], total: null, knownTotal: null, unknownPrices: 0, unreachable: false, token: renewalToken([]) };
}
