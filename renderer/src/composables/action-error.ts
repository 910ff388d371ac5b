/** Runs a user's action against the engine and keeps its failure, as the engine's sentence, for the screen to show. */
import { ref } from 'vue';
import { DeskCallError } from '../bridge';

export function useActionError() {
  const error = ref<string | null>(null);

  async function act(action: () => Promise<unknown>): Promise<boolean> {
    error.value = null;
    try {
      await action();
      return true;
    } catch (e) {
      error.value = e instanceof DeskCallError ? e.message : String(e);
      return false;
    }
  }

  return { error, act };
}
