/** accounts.*: adding (checked first), testing, selecting, editing, signing in and out, removing, the demo. */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { AccountConfigSchema, plainHttpIssues, type AccountConfig, type AccountEdit } from '../../../shared/accounts.js';
import type { AccountSummary } from '../../../shared/contract.js';
import { PENDING_STATES } from '../../../shared/outbox/states.js';
import { checkConnection } from '../accounts/connection-check.js';
import { CLIENT_SECRET_SECRET, PASSWORD_SECRET, REFRESH_TOKEN_SECRET } from '../api/index.js';
import { accountPaths } from '../data-dir.js';
import { DeskError } from '../desk-error.js';
import { openOutbox } from '../outbox/index.js';
import { AT_REST_KEY_SECRET } from '../vault/index.js';
import { accountSummaries, accountSummary, emitAccounts } from './account-summaries.js';
import type { HandlersOf } from './handlers.js';
import { closeSessionOf, openAccount, openDemo } from './open-account.js';
import { DEMO_ACCOUNT } from './options.js';
import { sessionInfo } from './session.js';
import type { DeskState } from './state.js';

export function accountsHandlers(state: DeskState): HandlersOf<'accounts'> {
  const { accounts } = state;
  const { vault } = state.options;
  return {
    'accounts.list': () => accountSummaries(state),
    'accounts.add': async (input) => {
      const { clientSecret, password, ...config } = input;
      refuseTakenName(state, config.name);
      await storeCheckedCredentials(state, config, clientSecret, password);
      accounts.add(config);
      await openAccount(state, accounts.get(config.name));
      return accountSummary(state, config.name);
    },
    'accounts.test': async (input) => {
      const { clientSecret, password, ...config } = input;
      refuseTakenName(state, config.name);
      const { clientName, email } = await checkConnection(config, clientSecret, password, state.clientOptions());
      return { clientName, email };
    },
    'accounts.select': async ({ name, remember }) => {
      await openAccount(state, accounts.get(name), remember ?? true);
      return accountSummary(state, name);
    },
    'accounts.edit': (input) => editAccount(state, input),
    'accounts.signIn': async ({ name, password }) => {
      const session = await openAccount(state, accounts.get(name));
      await session.client.signIn(password);
      session.resumeReplay();
      return sessionInfo(state);
    },
    'accounts.signOut': async ({ name }) => {
      accounts.get(name);
      if (state.session?.config.name === name) await state.session.client.session.signOut('signed out by the user');
      else await vault.delete(name, REFRESH_TOKEN_SECRET);
      return sessionInfo(state);
    },
    'accounts.remove': async ({ name, keepData, force }) => {
      await removeAccount(state, accounts.get(name), { keepData: keepData ?? false, force: force ?? false });
      return accountSummaries(state);
    },
    'accounts.demo': async () => {
      await openDemo(state);
      return accountSummary(state, DEMO_ACCOUNT);
    },
  };
}

function refuseTakenName(state: DeskState, name: string): void {
  if (!state.accounts.has(name)) return;
  const message = `An account named "${name}" already exists.`;
  throw new DeskError('refused', message, [{ field: 'name', message: 'is already the name of another account' }]);
}

/** The connection check with the given secrets; they reach the vault only when the provider accepted them. */
async function storeCheckedCredentials(state: DeskState, config: AccountConfig, clientSecret: string, password: string): Promise<void> {
  const { refreshToken } = await checkConnection(config, clientSecret, password, state.clientOptions());
  const { vault } = state.options;
  await vault.set(config.name, CLIENT_SECRET_SECRET, clientSecret);
  await vault.set(config.name, PASSWORD_SECRET, password);
  // The refresh token the check earned: opening the account then needs no second password grant.
  if (refreshToken) await vault.set(config.name, REFRESH_TOKEN_SECRET, refreshToken);
}

/** Checks the changed connection as accounts.add does (with the stored secrets where none are given), then keeps it. */
async function editAccount(state: DeskState, { name, clientSecret, password, ...changes }: AccountEdit): Promise<AccountSummary> {
  const { vault } = state.options;
  const stored = state.accounts.get(name);
  if (stored.demo) throw new DeskError('refused', 'The demo account\'s connection is the bundled sandbox\'s; it cannot be edited.');
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const config = AccountConfigSchema.parse({ ...stored, ...defined });
  const plain = plainHttpIssues(config);
  if (plain.length > 0) {
    throw new DeskError('invalid_input', `accounts.edit: ${plain.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`, plain.map((i) => ({ field: i.path.join('.'), message: i.message })));
  }
  const secret = clientSecret ?? (await vault.get(name, CLIENT_SECRET_SECRET));
  const pass = password ?? (await vault.get(name, PASSWORD_SECRET));
  if (secret === null || pass === null) {
    const missing = secret === null ? 'clientSecret' : 'password';
    throw new DeskError('refused', `No ${missing === 'clientSecret' ? 'client secret' : 'password'} is stored for "${name}": give it to check the connection.`, [
      { field: missing, message: 'is required: none is stored' },
    ]);
  }
  const reopen = state.session?.config.name === name;
  await storeCheckedCredentials(state, config, secret, pass);
  await closeSessionOf(state, name);
  state.accounts.update(config);
  if (reopen) await openAccount(state, config, false);
  return accountSummary(state, name);
}

async function removeAccount(state: DeskState, config: AccountConfig, { keepData, force }: { keepData: boolean; force: boolean }): Promise<void> {
  const { vault, dataDir } = state.options;
  const isOpen = state.session?.config.name === config.name;
  const pending = isOpen ? state.current.outbox.pending().length : pendingOf(dataDir, config.name);
  if (pending > 0 && !force) {
    throw new DeskError('refused', `"${config.name}" has ${pending} queued edit(s) not yet sent; send or discard them first, or remove with force.`);
  }
  await closeSessionOf(state, config.name);
  for (const secret of [CLIENT_SECRET_SECRET, PASSWORD_SECRET, REFRESH_TOKEN_SECRET]) await vault.delete(config.name, secret);
  // Kept data keeps the key that opens its sealed EPP codes.
  if (!keepData) await vault.delete(config.name, AT_REST_KEY_SECRET);
  state.accounts.remove(config.name);
  if (!keepData) await rm(accountPaths(dataDir, config.name).dir, { recursive: true, force: true });
  // The open account went: the one that is current now opens in its place.
  const next = state.accounts.current;
  if (isOpen && next !== null) await openAccount(state, state.accounts.get(next));
  else emitAccounts(state);
}

/** Edits not yet confirmed in the outbox of an account that is not open (counted without unsealing anything). */
function pendingOf(dataDir: string, name: string): number {
  const file = accountPaths(dataDir, name).outbox;
  if (!existsSync(file)) return 0;
  const outbox = openOutbox(file);
  try {
    const counts = outbox.counts();
    return PENDING_STATES.reduce((sum, state) => sum + counts[state], 0);
  } finally {
    outbox.close();
  }
}
