/**
 * A form's send: busy while the engine works, and its refusal as the form shows it (see form-errors.ts). The
 * first field in error takes the focus, which scrolls it into view in a long form. Forms that queue an edit
 * use it through useMutationForm (use-mutation-form.ts); the outbox's Fix… form directly.
 */
import { nextTick, ref, watch } from 'vue';
import { useErrorWords } from '../../composables/error-words';
import { formErrors, NO_ERRORS, type FormErrors } from './form-errors';

export function useFormSend(knownFields: readonly string[]) {
  const { say } = useErrorWords();
  const busy = ref(false);
  const errors = ref<FormErrors>(NO_ERRORS);
  watch(errors, () => void nextTick(() => document.querySelector<HTMLElement>('[role="dialog"] [aria-invalid="true"]')?.focus()));

  async function send(action: () => Promise<void>): Promise<void> {
    busy.value = true;
    errors.value = NO_ERRORS;
    try {
      await action();
    } catch (error) {
      errors.value = formErrors(error, knownFields, say);
    } finally {
      busy.value = false;
    }
  }

  /** A problem the form finds itself, before asking the engine. */
  function refuse(message: string): void {
    errors.value = { ...NO_ERRORS, general: message };
  }

  /** Problems with fields the form finds itself, each under its field. */
  function refuseFields(fields: Record<string, string>): void {
    errors.value = { ...NO_ERRORS, fields };
  }

  return { busy, errors, send, refuse, refuseFields };
}
