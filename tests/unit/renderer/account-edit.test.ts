/**
 * Editing a stored account in the connect form (account-edit.ts): filled from what is stored with its secrets
 * empty, and accounts.edit sent only what changed and the secrets typed.
 */
import { describe, expect, it } from 'vitest';
import type { AccountSummary } from '../../../shared/contract';
import { editedInput, storedValues } from '../../../renderer/src/components/account/account-edit';

const stored: AccountSummary = {
  name: 'Main', baseUrl: 'https://api.example.com', altBaseUrl: '', service: 'svc', clientId: 'desk', username: 'me@example.com',
  demo: false, insecureHttp: false, caFile: '', proxyUser: 'corp.desk', current: true, outboxDamage: null,
};

describe('editing a stored account', () => {
  it('fills the form from what is stored, its secrets empty', () => {
    expect(storedValues(stored)).toEqual({
      name: 'Main', baseUrl: 'https://api.example.com', altBaseUrl: '', service: 'svc', caFile: '', proxyUser: 'corp.desk',
      clientId: 'desk', username: 'me@example.com', clientSecret: '', password: '', proxyPassword: '',
    });
  });

  it('sends the name, what changed and the secrets typed; nothing else', () => {
    const values = storedValues(stored);
    expect(editedInput(values, stored, false)).toEqual({ name: 'Main' });
    expect(editedInput({ ...values, caFile: '/etc/corp-ca.pem', proxyUser: '', password: 'new-Pa55' }, stored, false)).toEqual({
      name: 'Main', caFile: '/etc/corp-ca.pem', proxyUser: '', password: 'new-Pa55',
    });
    expect(editedInput({ ...values, baseUrl: 'http://api.example.com' }, stored, true)).toEqual({ name: 'Main', baseUrl: 'http://api.example.com', insecureHttp: true });
  });
});
