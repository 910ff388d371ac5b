/**
 * The renderer's one way to hear the engine: `useDeskEvent(event, handler)` subscribes through the bridge and
 * unsubscribes when the scope that called it ends (a component unmounted, a Pinia store disposed, an effect scope
 * stopped), as VueUse's useEventListener does. Called outside any scope it throws: nothing would ever stop it.
 */
import { getCurrentScope, onScopeDispose } from 'vue';
import type { EventName, EventPayloads } from '../../../shared/contract';
import { desk } from '../bridge';

/** Listens to `event` for the life of the current scope; returns the function that stops sooner (once). */
export function useDeskEvent<E extends EventName>(event: E, handler: (payload: EventPayloads[E]) => void): () => void {
  if (!getCurrentScope()) throw new Error(`useDeskEvent('${event}') was called outside a component, store or effect scope: nothing would stop it`);
  let off: (() => void) | null = desk().on(event, handler);
  const stop = () => {
    off?.();
    off = null;
  };
  onScopeDispose(stop);
  return stop;
}
