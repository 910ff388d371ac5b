/**
 * The fields of Connect a provider account (views/ConnectView.vue), as the engine's AccountInputSchema names them:
 * each with its input type and autofill, in the order the form shows them. Their words are accounts.fields.<field>
 * (and accounts.hints / accounts.placeholders where one is given).
 */
export type ConnectField =
  | 'name' | 'baseUrl' | 'altBaseUrl' | 'service' | 'caFile' | 'proxyUser' | 'proxyPassword' | 'clientId' | 'clientSecret' | 'username' | 'password';
interface ConnectFieldSpec {
  field: ConnectField;
  type: 'text' | 'url' | 'email' | 'password';
  autocomplete: string;
  optional?: boolean;
}

/** The form's sections, in order: what the provider gave (addresses, API client), then the user's sign-in. */
export const CONNECT_SECTIONS: { title: string; fields: ConnectFieldSpec[] }[] = [
  {
    title: 'provider',
    fields: [
      { field: 'baseUrl', type: 'url', autocomplete: 'url' },
      { field: 'altBaseUrl', type: 'url', autocomplete: 'off', optional: true },
      { field: 'service', type: 'text', autocomplete: 'off', optional: true },
      { field: 'caFile', type: 'text', autocomplete: 'off', optional: true },
      // The network's part with the CA file: a proxy that asks for a sign-in (its password goes to the keychain).
      { field: 'proxyUser', type: 'text', autocomplete: 'off', optional: true },
      { field: 'proxyPassword', type: 'password', autocomplete: 'off', optional: true },
    ],
  },
  {
    title: 'client',
    fields: [
      { field: 'clientId', type: 'text', autocomplete: 'off' },
      { field: 'clientSecret', type: 'password', autocomplete: 'off' },
    ],
  },
  {
    title: 'signIn',
    fields: [
      { field: 'username', type: 'email', autocomplete: 'username' },
      { field: 'password', type: 'password', autocomplete: 'current-password' },
    ],
  },
  { title: 'name', fields: [{ field: 'name', type: 'text', autocomplete: 'off' }] },
];
