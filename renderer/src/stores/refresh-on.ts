/**
 * The renderer's one way of keeping a store current: `refreshOn(triggers, load)` calls `load` now and again on
 * each trigger, and returns the disposer that stops listening. A store calls it in its setup and hands the
 * disposer to `onScopeDispose`, so disposing the store (pinia's $dispose) removes its listeners.
 */
import type { EventName } from '../../../shared/contract';
import type { ResourceName } from '../../../shared/records';
import { desk } from '../bridge';

/** An event of the contract, or `data.changed` naming one of these resources. */
export type RefreshTrigger = EventName | { changed: readonly ResourceName[] };

/** Why `load` runs: null the first time, else the event (and for data.changed, the resources it names). */
export type RefreshCause = { event: EventName; resources: readonly ResourceName[] } | null;

/**
 * Calls `load(null)` now and `load(cause)` on every trigger. A load that fails leaves the store as it was
 * (a store that shows its error keeps it itself); the next trigger tries again.
 */
export function refreshOn(triggers: readonly RefreshTrigger[], load: (cause: RefreshCause) => unknown): () => void {
  const run = (cause: RefreshCause) => void Promise.resolve().then(() => load(cause)).catch(() => undefined);
  const events = new Set(triggers.filter((trigger) => typeof trigger === 'string'));
  const watched = new Set(triggers.flatMap((trigger) => (typeof trigger === 'string' ? [] : trigger.changed)));
  const unsubscribes: Array<() => void> = [];
  for (const event of events) {
    if (event !== 'data.changed') unsubscribes.push(desk().on(event, () => run({ event, resources: [] })));
  }
  if (events.has('data.changed') || watched.size > 0) {
    const any = events.has('data.changed');
    unsubscribes.push(
      desk().on('data.changed', ({ resources }) => {
        if (any || resources.some((r) => watched.has(r))) run({ event: 'data.changed', resources });
      }),
    );
  }
  run(null);
  return () => {
    for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
  };
}
