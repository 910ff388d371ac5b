/** Runs a user's action against the engine and keeps its failure, in the person's words, for the screen to show. */
import { ref } from 'vue';
import { useErrorWords } from './error-words';

export function useActionError() {
  const { say } = useErrorWords();
  const error = ref<string | null>(null);

  async function act(action: () => Promise<unknown>): Promise<boolean> {
    error.value = null;
    try {
      await action();
      return true;
    } catch (e) {
      error.value = say(e);
      return false;
    }
  }

  return { error, act };
}
