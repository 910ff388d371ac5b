/**
 * The renderer's one way of keeping data current: `useRefresh(triggers, load)` calls `load` now and again on each
 * trigger, for the life of the calling scope (a component, a Pinia store: useDeskEvent ends the listening). A
 * load that fails leaves what the last good one put in place and says why in `error` (null again once a load
 * succeeds), so a screen shows "Could not load — Retry" over its last values instead of an empty state; `retry`
 * loads again at once.
 */
import { ref, type Ref } from 'vue';
import type { EventName } from '../../../shared/contract';
import type { ResourceName } from '../../../shared/records';
import { useDeskEvent } from './desk-event';

/** An event of the contract, or `data.changed` naming one of these resources. */
export type RefreshTrigger = EventName | { changed: readonly ResourceName[] };

/** Why `load` runs: null the first time (and on retry), else the event (and for data.changed, the resources it names). */
export type RefreshCause = { event: EventName; resources: readonly ResourceName[] } | null;

export interface Refresh {
  /** The latest load's failure; null while the latest succeeded or runs. */
  error: Ref<unknown>;
  /** True until the first load has ended, either way. */
  loading: Ref<boolean>;
  /** Loads again now (a person's Retry). */
  retry: () => Promise<void>;
}

export function useRefresh(triggers: readonly RefreshTrigger[], load: (cause: RefreshCause) => unknown): Refresh {
  const error = ref<unknown>(null);
  const loading = ref(true);
  let latest = 0;
  // Only the latest load's outcome is told: an older one failing after a newer one succeeded is stale.
  const run = async (cause: RefreshCause): Promise<void> => {
    const mine = ++latest;
    try {
      // After the caller's setup has run to its end: `load` may use what it declares below this call.
      await Promise.resolve();
      await load(cause);
      if (mine === latest) error.value = null;
    } catch (failure) {
      if (mine === latest) error.value = failure;
    } finally {
      if (mine === latest) loading.value = false;
    }
  };
  const events = new Set(triggers.filter((trigger) => typeof trigger === 'string'));
  const watched = new Set(triggers.flatMap((trigger) => (typeof trigger === 'string' ? [] : trigger.changed)));
  for (const event of events) {
    if (event !== 'data.changed') useDeskEvent(event, () => void run({ event, resources: [] }));
  }
  if (events.has('data.changed') || watched.size > 0) {
    const any = events.has('data.changed');
    useDeskEvent('data.changed', ({ resources }) => {
      if (any || resources.some((r) => watched.has(r))) void run({ event: 'data.changed', resources });
    });
  }
  void run(null);
  return { error, loading, retry: () => run(null) };
}
