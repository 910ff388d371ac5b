/**
 * A screen's data read from the engine: `loading` until the first answer, `error` the last read's failure (null
 * once one succeeds), `load` to read again. The read puts what it got where the screen keeps it.
 */
import { ref } from 'vue';

export function useLoadState(read: () => Promise<void>) {
  const loading = ref(true);
  const error = ref<unknown>(null);

  async function load(): Promise<void> {
    try {
      await read();
      error.value = null;
    } catch (e) {
      error.value = e;
    } finally {
      loading.value = false;
    }
  }

  return { loading, error, load };
}
