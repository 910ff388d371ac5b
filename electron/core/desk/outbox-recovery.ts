/**
 * outbox.recover: the user's word to carry on with what can be read of an account's outbox (issue 24.2/24.3).
 * The account is closed for it when open, and opened again after.
 */
import type { OutboxRecovery } from '../../../shared/contract.js';
import { accountPaths } from '../data-dir.js';
import { recoverOutbox } from '../storage/outbox-file.js';
import { closeSessionOf, openAccount } from './open-account.js';
import type { DeskState } from './state.js';

export async function recoverAccountOutbox(state: DeskState, account: string): Promise<OutboxRecovery> {
  const config = state.accounts.get(account);
  const wasCurrent = state.session?.config.name === account || state.failed?.name === account;
  await closeSessionOf(state, account);
  const report = recoverOutbox(accountPaths(state.options.dataDir, account).outbox, account, state.accounts);
  if (state.failed?.name === account) state.failed = null;
  if (wasCurrent) await openAccount(state, config, false);
  return report;
}
