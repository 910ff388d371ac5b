/**
 * One of the domain procedures that answer with a Cached<T> (domains.whois, domains.whoisInfo): its answer,
 * whether it is being asked, and why it failed — with "needs the network" told apart from other failures.
 * Asked when mounted and again whenever the domain changes.
 */
import { onMounted, ref, shallowRef, watch, type Ref } from 'vue';
import type { Cached } from '../../../../shared/contract';
import { DeskCallError } from '../../bridge';

export type AnswerFailure = { kind: 'offline' | 'other'; error: unknown };

export function useCachedAnswer<T>(domain: Ref<string>, ask: (domain: string, refresh: boolean) => Promise<Cached<T>>) {
  const answer = shallowRef<Cached<T> | null>(null);
  const loading = ref(false);
  const failure = ref<AnswerFailure | null>(null);
  let asked = 0;

  async function load(refresh = false): Promise<void> {
    const name = domain.value.trim();
    if (!name) return;
    const ticket = ++asked;
    loading.value = true;
    failure.value = null;
    try {
      const value = await ask(name, refresh);
      if (ticket === asked) answer.value = value;
    } catch (e) {
      if (ticket !== asked) return;
      answer.value = null;
      const offline = e instanceof DeskCallError && e.code === 'offline';
      failure.value = { kind: offline ? 'offline' : 'other', error: e };
    } finally {
      if (ticket === asked) loading.value = false;
    }
  }

  onMounted(() => void load());
  watch(domain, () => {
    answer.value = null;
    void load();
  });

  return { answer, loading, failure, load };
}
