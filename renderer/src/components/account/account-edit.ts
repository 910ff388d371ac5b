/**
 * The connect form editing a stored account (Settings › Accounts › Edit…): its fields filled from what is
 * stored, its secrets left empty (kept as stored unless typed), and what accounts.edit is sent: the name, the
 * fields that changed and the secrets typed. The engine checks the connection before it keeps anything.
 */
import type { AccountEdit } from '../../../../shared/accounts';
import type { AccountSummary } from '../../../../shared/contract';
import type { ConnectField } from './connect-fields';

/** The fields that hold a secret: never filled from what is stored, sent only when typed. */
export const SECRET_FIELDS: readonly ConnectField[] = ['clientSecret', 'password', 'proxyPassword'];

/** The form's values for a stored account, its secrets empty. */
export function storedValues(account: AccountSummary): Record<ConnectField, string> {
  const { name, baseUrl, altBaseUrl, service, caFile, proxyUser, clientId, username } = account;
  return { name, baseUrl, altBaseUrl, service, caFile, proxyUser, clientId, username, clientSecret: '', password: '', proxyPassword: '' };
}

/** accounts.edit's input: what differs from the stored account, and the secrets typed. */
export function editedInput(values: Record<ConnectField, string>, stored: AccountSummary, insecureHttp: boolean): AccountEdit {
  const before = storedValues(stored);
  const edit: AccountEdit = { name: stored.name };
  for (const field of Object.keys(values) as ConnectField[]) {
    if (field === 'name') continue;
    const typed = SECRET_FIELDS.includes(field) ? values[field] !== '' : values[field] !== before[field];
    if (typed) Object.assign(edit, { [field]: values[field] });
  }
  if (insecureHttp !== stored.insecureHttp) edit.insecureHttp = insecureHttp;
  return edit;
}
