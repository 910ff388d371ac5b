/** The import dialog's words: a contact field's name, and a row's state (ready, an update, or left out and why). */
import { useI18n } from 'vue-i18n';
import type { ContactImportMode, ContactImportRow } from '../../../../shared/contact-import';
import { issueWords } from '../forms/form-errors';

export function useImportWords() {
  const { t, te } = useI18n();
  const fieldLabel = (field: string) => (te(`forms.contact.fields.${field}`) ? t(`forms.contact.fields.${field}`) : '');
  function rowStatus(row: ContactImportRow, mode: ContactImportMode): string {
    if (row.issues.length === 0) return mode === 'add' ? t('imports.ready') : t('imports.willUpdate');
    const reasons = row.issues.map((issue) => [fieldLabel(issue.field), issueWords(issue.message)].filter(Boolean).join(' '));
    return t('imports.leftOut', { reasons: reasons.join('; ') });
  }
  return { fieldLabel, rowStatus };
}
