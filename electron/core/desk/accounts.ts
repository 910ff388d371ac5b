/** accounts.*: adding (checked first), testing, selecting, editing, signing in and out, removing, the demo. */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { AccountConfigSchema, plainHttpIssues, type AccountConfig, type AccountEdit } from '../../../shared/accounts.js';
import type { AccountSummary } from '../../../shared/contract.js';
import { PENDING_STATES } from '../../../shared/outbox/states.js';
import { redactUrls } from '../../../shared/redact-url.js';
import { checkConnection } from '../accounts/connection-check.js';
import { ACCOUNT_SECRETS, CLIENT_SECRET_SECRET, PASSWORD_SECRET, PROXY_PASSWORD_SECRET, REFRESH_TOKEN_SECRET } from '../api/index.js';
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
import { SIGNED_OUT_BY_USER } from '../../../shared/sign-out.js';

export function accountsHandlers(state: DeskState): HandlersOf<'accounts'> {
  const { accounts } = state;
  const { vault } = state.options;
  return {
    'accounts.list': () => accountSummaries(state),
    'accounts.add': async (input) => {
      const { clientSecret, password, proxyPassword, ...config } = input;
      refuseTakenName(state, config.name);
      const undo = await undoOfAdd(state, config.name);
      try {
        await storeCheckedCredentials(state, config, { clientSecret, password, proxyPassword: proxyPassword || null });
        // Its files first, the record last: on a full disk, the record is the one write the undo could not undo.
        const parsed = AccountConfigSchema.parse(config);
        await openAccount(state, parsed, false);
        accounts.add(parsed);
        accounts.current = parsed.name;
        emitAccounts(state);
      } catch (error) {
        await undo();
        throw error;
      }
      return accountSummary(state, config.name);
    },
    'accounts.test': async (input) => {
      const { clientSecret, password, proxyPassword, ...config } = input;
      refuseTakenName(state, config.name);
      const { clientName, email, route } = await checkConnection(config, clientSecret, password, state.clientOptions(config, proxyPassword || null));
      // A proxy's sign-in in its address (HTTPS_PROXY=http://user:pass@…) never leaves the engine.
      return { clientName, email, proxy: route.proxy === null || route.source === 'demo' ? null : { url: redactUrls(route.proxy), source: route.source } };
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
      if (state.session?.config.name === name) await state.session.client.session.signOut(SIGNED_OUT_BY_USER);
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

/**
 * What undoes an add that did not finish (issue 24.4: a full disk once left a half-added account, listed as
 * current, that a retry said already existed): the files, keychain entries and account record it wrote, and the
 * account that was open before, back. What was there before the add (data kept by a remove) is left as it was.
 */
async function undoOfAdd(state: DeskState, name: string): Promise<() => Promise<void>> {
  const { vault, dataDir } = state.options;
  const dir = accountPaths(dataDir, name).dir;
  const hadDir = existsSync(dir);
  const secrets = [...ACCOUNT_SECRETS, AT_REST_KEY_SECRET];
  // What the keychain itself holds: a secret given in the environment is no part of it, and is never written.
  const before = await Promise.all(secrets.map((secret) => vault.stored(name, secret)));
  const current = state.accounts.current;
  const open = state.session?.config.name ?? null;
  return async () => {
    const steps: (() => unknown)[] = [
      () => closeSessionOf(state, name),
      // Files first: on a full disk, the record can be rewritten once they are gone.
      () => (hadDir ? undefined : rm(dir, { recursive: true, force: true })),
      ...secrets.map((secret, i) => () => (before[i] === null ? vault.delete(name, secret) : vault.set(name, secret, before[i]!))),
      () => state.accounts.has(name) && state.accounts.remove(name),
      () => {
        if (state.failed?.name === name) state.failed = null;
        if (current !== null && state.accounts.has(current) && state.accounts.current !== current) state.accounts.current = current;
      },
      () => (open !== null && open !== name && state.session === null ? openAccount(state, state.accounts.get(open), false) : undefined),
    ];
    for (const step of steps) {
      try {
        await step();
      } catch (error) {
        state.log(`undoing the unfinished add of "${name}": ${(error as Error).message}`);
      }
    }
    emitAccounts(state);
  };
}

interface CheckedSecrets {
  clientSecret: string;
  password: string;
  /** The proxy sign-in's password (null: none). */
  proxyPassword: string | null;
}

/** The connection check with the given secrets; they reach the vault only when the provider accepted them. */
async function storeCheckedCredentials(state: DeskState, config: AccountConfig, { clientSecret, password, proxyPassword }: CheckedSecrets): Promise<void> {
  const { refreshToken } = await checkConnection(config, clientSecret, password, state.clientOptions(config, proxyPassword));
  const { vault } = state.options;
  await vault.set(config.name, CLIENT_SECRET_SECRET, clientSecret);
  await vault.set(config.name, PASSWORD_SECRET, password);
  // The proxy's password goes with its user name: without one, none is kept.
  if (config.proxyUser !== '' && proxyPassword !== null) await vault.set(config.name, PROXY_PASSWORD_SECRET, proxyPassword);
  else await vault.delete(config.name, PROXY_PASSWORD_SECRET);
  // The refresh token the check earned: opening the account then needs no second password grant.
  if (refreshToken) await vault.set(config.name, REFRESH_TOKEN_SECRET, refreshToken);
}

/** Checks the changed connection as accounts.add does (with the stored secrets where none are given), then keeps it. */
async function editAccount(state: DeskState, { name, clientSecret, password, proxyPassword, ...changes }: AccountEdit): Promise<AccountSummary> {
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
  // An empty proxy user name removes the sign-in and its password; a password left out (or empty) stays as stored.
  const proxyPass = config.proxyUser === '' ? null : proxyPassword || (await vault.get(name, PROXY_PASSWORD_SECRET));
  const reopen = state.session?.config.name === name;
  await storeCheckedCredentials(state, config, { clientSecret: secret, password: pass, proxyPassword: proxyPass });
  await closeSessionOf(state, name);
  state.accounts.update(config);
  if (reopen) await openAccount(state, config, false);
  return accountSummary(state, name);
}

async function removeAccount(state: DeskState, config: AccountConfig, { keepData, force }: { keepData: boolean; force: boolean }): Promise<void> {
  const { vault, dataDir } = state.options;
  const isOpen = state.session?.config.name === config.name;
  const pending = isOpen ? state.current.outbox.pending().length : pendingOf(state, config.name);
  if (pending > 0 && !force) {
    throw new DeskError('refused', `"${config.name}" has ${pending} queued edit(s) not yet sent; send or discard them first, or remove with force.`);
  }
  await closeSessionOf(state, config.name);
  if (state.failed?.name === config.name) state.failed = null;
  for (const secret of ACCOUNT_SECRETS) await vault.delete(config.name, secret);
  // Kept data keeps the key that opens its sealed EPP codes.
  if (!keepData) await vault.delete(config.name, AT_REST_KEY_SECRET);
  state.accounts.remove(config.name);
  if (!keepData) await rm(accountPaths(dataDir, config.name).dir, { recursive: true, force: true });
  // The open account went: the one that is current now opens in its place.
  const next = state.accounts.current;
  if (isOpen && next !== null) await openAccount(state, state.accounts.get(next));
  else emitAccounts(state);
}

/**
 * Edits not yet confirmed in the outbox of an account that is not open (counted without unsealing anything); an
 * outbox that cannot be opened counts as the record says it held.
 */
function pendingOf(state: DeskState, name: string): number {
  const file = accountPaths(state.options.dataDir, name).outbox;
  const recorded = state.accounts.outboxRecord(name)?.pending ?? 0;
  if (!existsSync(file)) return recorded;
  let outbox;
  try {
    outbox = openOutbox(file);
  } catch {
    return Math.max(recorded, 1);
  }
  try {
    const counts = outbox.counts();
    return PENDING_STATES.reduce((sum, state) => sum + counts[state], 0);
  } finally {
    outbox.dispose();
  }
}
