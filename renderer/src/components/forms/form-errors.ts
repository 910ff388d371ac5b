/**
 * A failed send of a form, as the form shows it: each field's message under that field, and what names no field
 * of the form (the provider's refusal, the network) above the buttons.
 */
import { issueKey } from '../../../../shared/outbox/issue-messages';
import { DeskCallError } from '../../bridge';
import { i18n } from '../../i18n';

export interface FormErrors {
  fields: Record<string, string>;
  general: string | null;
  /** Every issue as the engine named it (`items[1].amount`), for forms with rows of fields. */
  issues: readonly { field: string; message: string }[];
}

export const NO_ERRORS: FormErrors = { fields: {}, general: null, issues: [] };

/**
 * `known` are the form's own field names. An issue on a nested path (`attachments[1].name`) lands on its first
 * part (`attachments`), prefixed with the rest so that the person can tell which item it is about. `say` puts
 * what names no field in the person's words (composables/error-words.ts).
 */
export function formErrors(error: unknown, known: readonly string[], say: (error: unknown) => string): FormErrors {
  if (!(error instanceof DeskCallError)) return { fields: {}, general: say(error), issues: [] };
  const fields: Record<string, string> = {};
  const unplaced: string[] = [];
  const issues = (error.issues ?? []).map((issue) => ({ ...issue, message: issueWords(issue.message) }));
  for (const issue of issues) {
    const head = /^[^.[]+/.exec(issue.field)?.[0] ?? '';
    if (!known.includes(head)) {
      unplaced.push(issue.field ? `${issue.field}: ${issue.message}` : issue.message);
      continue;
    }
    const rest = issue.field.slice(head.length);
    const message = rest ? `${rest.replace(/^\./, '')}: ${issue.message}` : issue.message;
    fields[head] = fields[head] ? `${fields[head]}; ${message}` : message;
  }
  const general = issues.length ? (unplaced.length ? unplaced.join('; ') : null) : say(error);
  return { fields, general, issues };
}

/** An engine message in the person's language when it has a key (shared/outbox/issue-messages.ts), else as it is. */
export function issueWords(message: string): string {
  const key = issueKey(message);
  return key === null ? message : i18n.global.t(`forms.issues.${key}`);
}
