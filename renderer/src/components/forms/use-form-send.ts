/**
 * A form's send: busy while the engine works, and its refusal as the form shows it (see form-errors.ts). The
 * first field in error takes the focus, which scrolls it into view in a long form.
 */
import { nextTick, ref, watch } from 'vue';
import type { OutboxEntry } from '../../../../shared/outbox/entry';
import type { Mutation } from '../../../../shared/outbox/schemas';
import { desk } from '../../bridge';
import { useErrorWords } from '../../composables/error-words';
import { useDrafts } from './drafts';
import { formErrors, NO_ERRORS, type FormErrors } from './form-errors';

export function useFormSend(knownFields: readonly string[]) {
  const { say } = useErrorWords();
  const drafts = useDrafts();
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

  /**
   * Queues one edit: once the engine holds it, the form's draft goes and `done` gets the entry (to close the
   * form, open the record); a refusal stays on the form, with what was typed.
   */
  function queue(mutation: Mutation, draftKey: string, done: (entry: OutboxEntry) => void): Promise<void> {
    return send(async () => {
      const entry = await desk().call('outbox.enqueue', mutation);
      drafts.drop(draftKey);
      done(entry);
    });
  }

  /** A problem the form finds itself, before asking the engine. */
  function refuse(message: string): void {
    errors.value = { ...NO_ERRORS, general: message };
  }

  return { busy, errors, send, queue, refuse };
}
