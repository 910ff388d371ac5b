/** A form's send: busy while the engine works, and its refusal as the form shows it (see form-errors.ts). */
import { ref } from 'vue';
import { formErrors, NO_ERRORS, type FormErrors } from './form-errors';

export function useFormSend(knownFields: readonly string[]) {
  const busy = ref(false);
  const errors = ref<FormErrors>(NO_ERRORS);

  async function send(action: () => Promise<void>): Promise<void> {
    busy.value = true;
    errors.value = NO_ERRORS;
    try {
      await action();
    } catch (error) {
      errors.value = formErrors(error, knownFields);
    } finally {
      busy.value = false;
    }
  }

  /** A problem the form finds itself, before asking the engine. */
  function refuse(message: string): void {
    errors.value = { ...NO_ERRORS, general: message };
  }

  return { busy, errors, send, refuse };
}
