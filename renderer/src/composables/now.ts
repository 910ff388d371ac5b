/** A clock that ticks every 20 seconds while a component uses it, so that "3 minutes ago" keeps itself true. */
import { onScopeDispose, ref, type Ref } from 'vue';

const TICK_MS = 20_000;

export function useNow(): Ref<number> {
  const now = ref(Date.now());
  const timer = setInterval(() => (now.value = Date.now()), TICK_MS);
  onScopeDispose(() => clearInterval(timer));
  return now;
}
